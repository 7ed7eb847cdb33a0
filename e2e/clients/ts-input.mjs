#!/usr/bin/env node
// ts-input.mjs drives the mcpgen inputserver, whose tools ask the client for
// input, with the official TypeScript SDK, and prints one JSON report on
// stdout like ts-client.mjs: {"sdk","era","ok","checks":[{"name","ok","detail"}]}.
// It exits 1 when a check fails, 2 on bad usage.
//
// Usage: node clients/ts-input.mjs [--sdk v1|v2] [--era legacy|modern]
//                                  (--stdio SERVER_BINARY | --url MCP_URL)
// The client answers elicitation/create, sampling/createMessage and
// roots/list: as server requests in the legacy era, as the inputRequests of
// input_required results (which the v2 client answers and retries by
// itself) in the modern era.

import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs } from "./sdk.mjs";

const opt = parseClientArgs("ts-input.mjs");
const modern = opt.era === "modern";
const sdk = await loadSDK(opt.sdk);

function connect(capabilities, answers) {
  const client = new sdk.Client({ name: `mcpgen-e2e-input-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, capabilities));
  const on = (method, v1Schema, fn) => {
    if (opt.sdk === "v1") client.setRequestHandler(v1Schema, fn);
    else client.setRequestHandler(method, fn);
  };
  if (capabilities.elicitation) {
    on("elicitation/create", sdk.types?.ElicitRequestSchema, async (req) => {
      answers.elicit.push(req.params);
      return answers.action === "accept" ? { action: "accept", content: { by: "plane", nights: 3 } } : { action: answers.action };
    });
  }
  if (capabilities.sampling) {
    on("sampling/createMessage", sdk.types?.CreateMessageRequestSchema, async () =>
      ({ role: "assistant", model: "test", content: { type: "text", text: "Go west" }, stopReason: "endTurn" }));
  }
  if (capabilities.roots) {
    on("roots/list", sdk.types?.ListRootsRequestSchema, async () =>
      ({ roots: [{ uri: "file:///trips", name: "Trips" }, { uri: "file:///maps" }] }));
  }
  return { client, transport: newTransport(sdk, opt) };
}

const { checks, check } = checker();
const text = (res) => (res.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("");
const all = { elicitation: {}, sampling: {}, roots: { listChanged: false } };
const clients = [];
async function session(capabilities, action = "accept") {
  const answers = { elicit: [], action };
  const { client, transport } = connect(capabilities, answers);
  await client.connect(transport);
  clients.push(client);
  return { client, answers };
}

await check("elicitation, sampling and roots", async () => {
  const { client, answers } = await session(all);
  const res = await client.callTool({ name: "plan_trip", arguments: { city: "Paris" } });
  assert(!res.isError, `tool error: ${text(res)}`);
  const want = `Paris by plane for 3 nights; "Go west"; roots file:///trips,file:///maps`;
  assert(text(res) === want, `got ${JSON.stringify(text(res))}, want ${JSON.stringify(want)}`);
  const form = answers.elicit[0];
  assert(form?.message === "How do you want to travel to Paris?", `elicitation params ${JSON.stringify(form)}`);
  const by = form.requestedSchema?.properties?.by;
  assert(JSON.stringify(by?.enum) === '["plane","train"]' || JSON.stringify(by?.enum) === '["train","plane"]', `form schema ${JSON.stringify(form.requestedSchema)}`);
  assert(by.default === "train", `default ${JSON.stringify(by)}`);
  return { form: form.requestedSchema };
});

await check("three questions at once", async () => {
  const { client } = await session(all);
  const res = await client.callTool({ name: "ask_all", arguments: {} });
  assert(!res.isError && text(res) === "plane/Go west/2", `got ${JSON.stringify(res)}`);
});

await check("declined form", async () => {
  const { client } = await session(all, "decline");
  const res = await client.callTool({ name: "plan_trip", arguments: { city: "Oslo" } });
  assert(!res.isError && text(res) === "trip decline", `got ${JSON.stringify(res)}`);
});

await check("missing capability", async () => {
  const { client } = await session({ sampling: {} });
  let res;
  try {
    res = await client.callTool({ name: "plan_trip", arguments: { city: "Rome" } });
  } catch (e) {
    assert(modern && e.code === -32021, `error ${e.code}: ${e.message}`);
    return { code: e.code };
  }
  assert(!modern && res.isError && text(res) === "the client did not declare the elicitation capability",
    `got ${JSON.stringify(res)}`);
});

const ok = checks.every((c) => c.ok);
process.stdout.write(JSON.stringify({ sdk: opt.sdk, era: opt.era, ok, checks }) + "\n");
for (const c of clients) { try { await c.close(); } catch {} }
process.exit(ok ? 0 : 1);
