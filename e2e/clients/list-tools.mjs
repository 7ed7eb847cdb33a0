#!/usr/bin/env node
// list-tools.mjs connects to an MCP server with the official TypeScript
// SDK, lists its tools (the SDK checks the result against its schema, as
// every host that embeds it does) and prints {"names": [...]} on stdout.
// A tools/list result the SDK rejects (a boolean schema in "properties",
// say) makes it exit 1 with the SDK's error on stderr.
//
// Usage: node clients/list-tools.mjs [--sdk v1|v2] [--era legacy|modern]
//                                    (--stdio SERVER_BINARY | --url MCP_URL)

import { clientOptions, loadSDK, newTransport, parseClientArgs } from "./sdk.mjs";

const opt = parseClientArgs("list-tools.mjs");
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: `mcpgen-e2e-list-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, {}));
try {
  await client.connect(newTransport(sdk, opt));
  const names = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    for (const t of page.tools) names.push(t.name);
    cursor = page.nextCursor;
  } while (cursor);
  console.log(JSON.stringify({ names }));
  await client.close();
} catch (e) {
  console.error(String(e?.stack ?? e));
  process.exit(1);
}
