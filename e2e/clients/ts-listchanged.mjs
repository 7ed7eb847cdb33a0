#!/usr/bin/env node
// ts-listchanged.mjs drives the conformance example's list changes with the
// official TypeScript SDK: it calls test_trigger_tool_change and
// test_trigger_prompt_change and checks that notifications/tools/list_changed
// and prompts/list_changed arrive (legacy: unsolicited; modern: on a
// subscriptions/listen stream that asked for them, and nothing of the list
// it did not ask for) and that the lists then show the change. It prints one JSON report on stdout, as ts-primitives.mjs
// does, and exits 1 when a check fails.
//
// Usage: node clients/ts-listchanged.mjs [--sdk v1|v2] [--era legacy|modern]
//                                        (--stdio SERVER_BINARY | --url MCP_URL)

import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs, sleep } from "./sdk.mjs";

const opt = parseClientArgs("ts-listchanged.mjs");
const modern = opt.era === "modern";
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: `mcpgen-e2e-ts-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, {}));

const heard = { tools: 0, prompts: 0 };
if (opt.sdk === "v1") {
  client.setNotificationHandler(sdk.types.ToolListChangedNotificationSchema, () => heard.tools++);
  client.setNotificationHandler(sdk.types.PromptListChangedNotificationSchema, () => heard.prompts++);
} else {
  client.setNotificationHandler("notifications/tools/list_changed", () => heard.tools++);
  client.setNotificationHandler("notifications/prompts/list_changed", () => heard.prompts++);
}
const transport = newTransport(sdk, opt);
const { checks, check } = checker();
function callTool(params) {
  return opt.sdk === "v1" ? client.callTool(params, undefined) : client.callTool(params);
}

let protocolVersion;
let connected = false;
await check("connect", async () => {
  await client.connect(transport);
  connected = true;
  protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion;
  const caps = client.getServerCapabilities();
  assert(caps?.tools?.listChanged && caps?.prompts?.listChanged, `capabilities ${JSON.stringify(caps)}`);
  return { protocolVersion, capabilities: caps };
});

if (connected) {
  for (const [kind, trigger, item] of [["tools", "test_trigger_tool_change", "test_dynamic_tool"], ["prompts", "test_trigger_prompt_change", "test_dynamic_prompt"]]) {
    await check(`${kind} list_changed`, async () => {
      let sub;
      if (modern) sub = await client.listen(kind === "tools" ? { toolsListChanged: true } : { promptsListChanged: true });
      const names = async () => kind === "tools"
        ? (await client.listTools()).tools.map((t) => t.name)
        : (await client.listPrompts()).prompts.map((p) => p.name);
      const before = (await names()).includes(item);
      const start = heard[kind];
      // A legacy HTTP client opens its GET stream in the background: a
      // change made before it is there is not heard, so the trigger is
      // called again (each call changes the list) until one is.
      for (let i = 0; i < 50 && heard[kind] === start; i++) { // guard only
        await callTool({ name: trigger, arguments: {} });
        for (let j = 0; j < 50 && heard[kind] === start; j++) await sleep(20);
      }
      assert(heard[kind] > start, `no notifications/${kind}/list_changed`);
      const after = (await names()).includes(item);
      const calls = heard[kind] - start;
      assert(after === (calls % 2 === 1 ? !before : before), `${item} listed ${before} before, ${after} after ${calls} changes`);
      let unasked;
      if (sub) {
        // The stream asked for one list only: a change of the other is
        // not sent on it. Its notification would come before the one of
        // the change made next, which the stream did ask for.
        const [other, otherTrigger] = kind === "tools" ? ["prompts", "test_trigger_prompt_change"] : ["tools", "test_trigger_tool_change"];
        const otherStart = heard[other], again = heard[kind];
        await callTool({ name: otherTrigger, arguments: {} });
        await callTool({ name: trigger, arguments: {} });
        for (let j = 0; j < 250 && heard[kind] === again; j++) await sleep(20); // guard only
        assert(heard[kind] > again, `no notifications/${kind}/list_changed after the second change`);
        unasked = heard[other] - otherStart;
        assert(unasked === 0, `a stream that asked for ${kind} only heard notifications/${other}/list_changed`);
        await sub.close();
      }
      return { heard: heard[kind] - start, honored: sub?.honoredFilter, unasked };
    });
  }
}

const ok = checks.every((c) => c.ok);
process.stdout.write(JSON.stringify({ sdk: opt.sdk, era: opt.era, protocolVersion, ok, checks }) + "\n");
try { await client.close(); } catch {}
process.exit(ok ? 0 : 1);
