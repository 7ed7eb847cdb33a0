// validate-schemas.mjs SCHEMA DIALECT REF: validates each document of the
// JSON array on stdin ([{"name": ..., "doc": ...}]) against the schema in
// the file SCHEMA (at the JSON pointer REF, "" for its root), with Ajv in
// DIALECT ("draft-07" or "2020-12") and its formats, strict about nothing
// but the documents. Prints [{"name", "valid", "errors"}] on stdout.
import { readFileSync } from "node:fs";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const [file, dialect, ref] = process.argv.slice(2);
const schema = JSON.parse(readFileSync(file, "utf8"));
const ajv = dialect === "2020-12" ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
if (dialect !== "2020-12" && dialect !== "draft-07") {
  throw new Error(`unknown dialect ${dialect}`);
}
addFormats(ajv);
ajv.addSchema(schema, "schema");
const validate = ajv.getSchema("schema" + (ref || ""));
if (!validate) {
  throw new Error(`no schema at ${ref} in ${file}`);
}
const docs = JSON.parse(readFileSync(0, "utf8"));
const results = docs.map(({ name, doc }) => {
  const valid = validate(doc);
  return { name, valid, errors: valid ? "" : ajv.errorsText(validate.errors) };
});
console.log(JSON.stringify(results));
