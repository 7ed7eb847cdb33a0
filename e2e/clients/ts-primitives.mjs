#!/usr/bin/env node
// ts-primitives.mjs drives the mcpgen testserver's prompts, resources and
// completion with the official TypeScript SDK and prints one JSON report on
// stdout, as ts-client.mjs does:
//   {"sdk":..., "era":..., "protocolVersion":..., "ok":bool, "checks":[{"name","ok","detail"}]}
// It exits 1 when a check fails, 2 on bad usage.
//
// Usage: node clients/ts-primitives.mjs [--sdk v1|v2] [--era legacy|modern]
//                                       (--stdio SERVER_BINARY | --url MCP_URL)

import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs, sleep } from "./sdk.mjs";

const opt = parseClientArgs("ts-primitives.mjs");
const modern = opt.era === "modern";
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: `mcpgen-e2e-ts-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, {}));

const updates = [];
const onUpdated = (n) => updates.push(n.params.uri);
if (opt.sdk === "v1") client.setNotificationHandler(sdk.types.ResourceUpdatedNotificationSchema, onUpdated);
else client.setNotificationHandler("notifications/resources/updated", onUpdated);

const transport = newTransport(sdk, opt);

const { checks, check } = checker();
// callTool hides the SDKs' different signatures.
function callTool(params) {
  return opt.sdk === "v1" ? client.callTool(params, undefined) : client.callTool(params);
}
async function rejectsWith(promise, code, what) {
  try {
    await promise;
  } catch (e) {
    assert(e?.code === code, `${what}: error code ${e?.code} (${e?.message}), want ${code}`);
    return;
  }
  throw new Error(`${what}: succeeded, want error ${code}`);
}

let protocolVersion;
let connected = false;
await check("connect", async () => {
  await client.connect(transport);
  connected = true;
  protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion;
  const caps = client.getServerCapabilities();
  assert(caps?.prompts && caps?.resources?.subscribe && caps?.completions, `capabilities ${JSON.stringify(caps)}`);
  return { protocolVersion, capabilities: caps };
});

if (connected) {
  await check("prompts/list", async () => {
    const { prompts } = await client.listPrompts();
    const names = prompts.map((p) => p.name);
    assert(JSON.stringify(names) === JSON.stringify(["restock_plan", "greeting"]), `prompts ${JSON.stringify(names)}`);
    const args = prompts[0].arguments;
    assert(args.length === 3 && args[0].required && args[1].required && !args[2].required, `arguments ${JSON.stringify(args)}`);
  });
  await check("prompts/get", async () => {
    const r = await client.getPrompt({ name: "restock_plan", arguments: { sku: "AB-1", urgency: "low" } });
    assert(r.messages.length === 1 && r.messages[0].role === "user" && r.messages[0].content.text === "Plan a low restock of AB-1.",
      `restock_plan ${JSON.stringify(r)}`);
    const g = await client.getPrompt({ name: "greeting" });
    assert(g.messages[1].role === "assistant" && g.messages[1].content.type === "image" && g.messages[1].content.mimeType === "image/gif",
      `greeting ${JSON.stringify(g)}`);
    await rejectsWith(client.getPrompt({ name: "nope" }), -32602, "unknown prompt");
  });
  await check("resources/list and read", async () => {
    const { resources } = await client.listResources();
    assert(resources.length === 1 && resources[0].uri === "inventory://policy", `resources ${JSON.stringify(resources)}`);
    const { resourceTemplates } = await client.listResourceTemplates();
    assert(resourceTemplates.length === 1 && resourceTemplates[0].uriTemplate === "inventory://shelves/{shelf}/label",
      `templates ${JSON.stringify(resourceTemplates)}`);
    const r = await client.readResource({ uri: "inventory://shelves/10/label" });
    assert(r.contents.length === 1 && r.contents[0].text === "Shelf 10" && r.contents[0].uri === "inventory://shelves/10/label",
      `read ${JSON.stringify(r)}`);
    await rejectsWith(client.readResource({ uri: "inventory://nothing" }), -32602, "unknown resource");
  });
  await check("completion/complete", async () => {
    const a = await client.complete({ ref: { type: "ref/prompt", name: "restock_plan" }, argument: { name: "urgency", value: "n" } });
    assert(JSON.stringify(a.completion.values) === `["normal"]`, `urgency ${JSON.stringify(a)}`);
    const b = await client.complete({ ref: { type: "ref/resource", uri: "inventory://shelves/{shelf}/label" }, argument: { name: "shelf", value: "1" } });
    assert(JSON.stringify(b.completion.values) === `["1","10","12"]`, `shelf ${JSON.stringify(b)}`);
  });
  await check("subscribe", async () => {
    let sub;
    if (modern) sub = await client.listen({ resourceSubscriptions: ["inventory://policy"] });
    else await client.subscribeResource({ uri: "inventory://policy" });
    for (let i = 0; i < 500 && !updates.includes("inventory://policy"); i++) { // guard only
      await callTool({ name: "touch_policy", arguments: {} });
      await sleep(20);
    }
    assert(updates.includes("inventory://policy"), "no notifications/resources/updated");
    if (sub) await sub.close();
    else await client.unsubscribeResource({ uri: "inventory://policy" });
    return { updates: updates.length, honored: sub?.honoredFilter };
  });
}

const ok = checks.every((c) => c.ok);
process.stdout.write(JSON.stringify({ sdk: opt.sdk, era: opt.era, protocolVersion, ok, checks }) + "\n");
try { await client.close(); } catch {}
process.exit(ok ? 0 : 1);
