// ts-traceparent.mjs calls the tool "add" once with a W3C trace context in
// the request's _meta (traceparent, tracestate), as an instrumented client
// passes it on (SEP-414), and prints the tool's text.
//
// Usage: node clients/ts-traceparent.mjs [--sdk v1|v2] [--era legacy|modern] --url MCP_URL
// The trace context is the environment's TRACEPARENT and TRACESTATE.

import { parseClientArgs, loadSDK, clientOptions, newTransport } from "./sdk.mjs";

const opt = parseClientArgs("ts-traceparent.mjs");
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: "ts-traceparent", version: "1.0.0" }, clientOptions(opt, {}));
await client.connect(newTransport(sdk, opt));
const params = {
  name: "add",
  arguments: {},
  _meta: { traceparent: process.env.TRACEPARENT, tracestate: process.env.TRACESTATE },
};
const res = await client.callTool(params);
console.log(res.content[0].text);
await client.close();
