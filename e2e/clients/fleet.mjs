#!/usr/bin/env node
// fleet.mjs drives examples/fleet through a load balancer over several
// replicas (nothing sticky) with the official TypeScript SDK, and prints
// one JSON report on stdout, as ts-client.mjs does:
//   {"sdk":..., "era":..., "ok":bool, "checks":[{"name","ok","detail"}]}
// It exits 1 when a check fails, 2 on bad usage.
//
// Usage: node clients/fleet.mjs [--sdk v1|v2] [--era legacy|modern] --url BALANCER_URL
// A legacy client's session requests, its GET stream and its answers to
// the server's questions reach different replicas; a modern client's
// rounds of an elicitation do too.

import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs, sleep } from "./sdk.mjs";

const opt = parseClientArgs("fleet.mjs");
const modern = opt.era === "modern";
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: `mcpgen-e2e-fleet-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, { elicitation: {} }));
const asked = [];
const onElicit = async (req) => {
  asked.push(req.params.message);
  return { action: "accept", content: { approve: true } };
};
if (opt.sdk === "v1") client.setRequestHandler(sdk.types.ElicitRequestSchema, onElicit);
else client.setRequestHandler("elicitation/create", onElicit);
const updates = [];
const onUpdated = (n) => updates.push(n.params.uri);
if (opt.sdk === "v1") client.setNotificationHandler(sdk.types.ResourceUpdatedNotificationSchema, onUpdated);
else client.setNotificationHandler("notifications/resources/updated", onUpdated);

const { checks, check } = checker();
const text = (res) => (res.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("");
const callTool = (params) => (opt.sdk === "v1" ? client.callTool(params, undefined) : client.callTool(params));

await client.connect(newTransport(sdk, opt));

await check("requests spread over the replicas", async () => {
  const seen = new Set();
  for (let i = 0; i < 9; i++) {
    const res = await callTool({ name: "replica", arguments: {} });
    assert(!res.isError, `replica: ${text(res)}`);
    seen.add(text(res));
  }
  assert(seen.size >= 2, `every call reached ${[...seen]}`);
  return { replicas: [...seen].sort() };
});

await check("elicitation", async () => {
  const res = await callTool({ name: "approve", arguments: { action: "deploy" } });
  assert(!res.isError && text(res) === "deploy: approved", `approve: ${JSON.stringify(res)}`);
  assert(asked.includes("Approve deploy?"), `asked ${JSON.stringify(asked)}`);
});

await check("resource subscription", async () => {
  let sub;
  if (modern) sub = await client.listen({ resourceSubscriptions: ["fleet://note"] });
  else await client.subscribeResource({ uri: "fleet://note" });
  // The GET (or listen) stream reaches one replica, set_note another: the
  // update crosses the fleet. The stream opens a moment after subscribing.
  for (let i = 0; i < 200 && !updates.includes("fleet://note"); i++) { // guard only
    const res = await callTool({ name: "set_note", arguments: { text: `note ${i} from ${opt.sdk}-${opt.era}` } });
    assert(!res.isError, `set_note: ${text(res)}`);
    await sleep(50);
  }
  assert(updates.includes("fleet://note"), "no notifications/resources/updated");
  const read = await client.readResource({ uri: "fleet://note" });
  assert(read.contents[0].text.startsWith("note "), `note: ${JSON.stringify(read)}`);
  if (sub) await sub.close();
  else await client.unsubscribeResource({ uri: "fleet://note" });
  return { updates: updates.length };
});

const ok = checks.every((c) => c.ok);
process.stdout.write(JSON.stringify({ sdk: opt.sdk, era: opt.era, ok, checks }) + "\n");
try { await client.close(); } catch {}
process.exit(ok ? 0 : 1);
