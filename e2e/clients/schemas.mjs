// schemas.mjs hands mcpgen's schemas to real client packages, offline.
//
//   node clients/schemas.mjs list --sdk v1|v2 --url MCP_URL
//       lists every tool with the TypeScript SDK client (following the
//       cursor) and prints {"listed": N} or {"error": "..."}: the client
//       validates the whole tools/list result, so one schema it rejects
//       fails the list.
//   node clients/schemas.mjs openai --file TOOLS_JSON
//       converts each tool with the OpenAI Agents SDK's MCP conversion in
//       strict mode (mcpToFunctionTool, as an agent does with an MCP server's
//       tools) and requires a strict tool whose parameters are the schema
//       unchanged.
//   node clients/schemas.mjs gemini --file TOOLS_JSON
//       sends each schema as a function declaration's parameters through the
//       Google GenAI SDK (generateContent, with fetch answered locally: no
//       network) and requires that the request the SDK builds carries it,
//       with only the fields of Gemini's Schema object
//       (https://ai.google.dev/api/caching#Schema), a known type everywhere,
//       formats it documents and string enums.
// Each prints one JSON line: {"checked": N, "failures": [...]}.

import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { loadSDK, clientOptions } from "./sdk.mjs";

const mode = process.argv[2];
const { values: opt } = parseArgs({
  args: process.argv.slice(3),
  options: { sdk: { type: "string", default: "v1" }, url: { type: "string" }, file: { type: "string" } },
});

async function list() {
  const sdk = await loadSDK(opt.sdk);
  const client = new sdk.Client({ name: "mcpgen-schemas", version: "1.0.0" }, clientOptions({ sdk: opt.sdk, era: "legacy" }, {}));
  try {
    await client.connect(new sdk.StreamableHTTPClientTransport(new URL(opt.url)));
    let listed = 0;
    let cursor;
    do {
      const page = await client.listTools(cursor ? { cursor } : {});
      listed += page.tools.length;
      cursor = page.nextCursor;
    } while (cursor);
    console.log(JSON.stringify({ listed }));
  } catch (e) {
    console.log(JSON.stringify({ error: String(e?.stack ?? e).slice(0, 4000) }));
  } finally {
    await client.close().catch(() => {});
  }
}

function tools() {
  return JSON.parse(readFileSync(opt.file, "utf8"));
}

async function openai() {
  const { mcpToFunctionTool } = await import("@openai/agents-core");
  const failures = [];
  let checked = 0;
  const server = { name: "mcpgen" };
  for (const t of tools()) {
    checked++;
    const warn = console.warn;
    console.warn = () => {}; // the SDK's fallback warning; the check below reports it
    let tool;
    try {
      tool = mcpToFunctionTool({ name: t.name, description: "d", inputSchema: structuredClone(t.inputSchema) }, server, true);
    } catch (e) {
      failures.push(`${t.name}: ${e}`);
      continue;
    } finally {
      console.warn = warn;
    }
    if (tool.strict !== true) {
      failures.push(`${t.name}: not converted to a strict tool: ${JSON.stringify(t.inputSchema)}`);
    } else if (!isDeepStrictEqual(tool.parameters, t.inputSchema)) {
      failures.push(`${t.name}: changed by the strict conversion:\n${JSON.stringify(t.inputSchema)}\n${JSON.stringify(tool.parameters)}`);
    }
  }
  console.log(JSON.stringify({ checked, failures }));
}

// The fields of Gemini's Schema object and its Type values.
const geminiFields = new Set(["type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems",
  "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example",
  "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum"]);
const geminiTypes = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT", "NULL"]);

function geminiProblems(s, path, out) {
  if (typeof s !== "object" || s === null || Array.isArray(s)) {
    out.push(`${path}: not a Schema object: ${JSON.stringify(s)}`);
    return;
  }
  for (const k of Object.keys(s)) if (!geminiFields.has(k)) out.push(`${path}: field ${k} is not in Gemini's Schema`);
  if (!s.anyOf && !geminiTypes.has(s.type)) out.push(`${path}: type ${JSON.stringify(s.type)}`);
  if (s.format !== undefined && !["enum", "date-time"].includes(s.format)) out.push(`${path}: format ${s.format}`);
  if (s.enum !== undefined && !s.enum.every((v) => typeof v === "string")) out.push(`${path}: enum of non-strings`);
  for (const [k, v] of Object.entries(s.properties ?? {})) geminiProblems(v, `${path}/properties/${k}`, out);
  if (s.items !== undefined) geminiProblems(s.items, `${path}/items`, out);
  for (const [i, v] of (s.anyOf ?? []).entries()) geminiProblems(v, `${path}/anyOf/${i}`, out);
}

async function gemini() {
  const { GoogleGenAI } = await import("@google/genai");
  const sent = [];
  globalThis.fetch = async (url, init) => {
    sent.push(JSON.parse(init.body));
    return new Response(JSON.stringify({ candidates: [{ content: { role: "model", parts: [{ text: "ok" }] } }] }),
      { status: 200, headers: { "content-type": "application/json" } });
  };
  const ai = new GoogleGenAI({ apiKey: "offline" });
  const failures = [];
  let checked = 0;
  for (const t of tools()) {
    checked++;
    sent.length = 0;
    try {
      await ai.models.generateContent({
        model: "gemini-2.5-flash",
        contents: "hi",
        config: { tools: [{ functionDeclarations: [{ name: t.name, description: "d", parameters: structuredClone(t.inputSchema) }] }] },
      });
    } catch (e) {
      failures.push(`${t.name}: ${e}`);
      continue;
    }
    const decl = sent[0]?.tools?.[0]?.functionDeclarations?.[0];
    if (!decl?.parameters) {
      failures.push(`${t.name}: no parameters in the request: ${JSON.stringify(sent[0])}`);
      continue;
    }
    const problems = [];
    geminiProblems(decl.parameters, "", problems);
    if (problems.length > 0) failures.push(`${t.name}: ${problems.join("; ")}\n${JSON.stringify(decl.parameters)}`);
  }
  console.log(JSON.stringify({ checked, failures }));
}

const modes = { list, openai, gemini };
if (!modes[mode]) {
  console.error("usage: schemas.mjs list|openai|gemini ...");
  process.exit(2);
}
await modes[mode]();
