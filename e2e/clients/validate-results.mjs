// validate-results.mjs FILE: validates the structuredContent of every
// successful tool call in FILE (a JSON array written by ../goldenrun)
// against the output schema the tool advertised, with Ajv in the JSON
// Schema 2020-12 dialect and its formats, as a strict client would.
// Prints {"validated": N, "failures": [...]} on stdout.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

const calls = JSON.parse(readFileSync(process.argv[2], "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

let validated = 0;
const failures = [];
for (const c of calls) {
  const where = `${c.package} ${c.tool} ${JSON.stringify(c.arguments)}`;
  if (!c.outputSchema || c.result.isError) {
    continue;
  }
  if (c.result.structuredContent === undefined) {
    failures.push(`${where}: no structuredContent although the tool has an output schema`);
    continue;
  }
  let validate;
  try {
    validate = ajv.compile(c.outputSchema);
  } catch (e) {
    failures.push(`${where}: output schema does not compile: ${e.message}`);
    continue;
  }
  if (!validate(c.result.structuredContent)) {
    failures.push(`${where}: ${JSON.stringify(c.result.structuredContent)} does not match its output schema: ${ajv.errorsText(validate.errors)}`);
    continue;
  }
  validated++;
}
console.log(JSON.stringify({ validated, failures }));
