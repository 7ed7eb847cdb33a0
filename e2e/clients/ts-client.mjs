#!/usr/bin/env node
// ts-client.mjs drives the mcpgen testserver with the official TypeScript
// SDK and prints one JSON report on stdout:
//   {"sdk":..., "era":..., "protocolVersion":..., "ok":bool, "checks":[{"name","ok","detail"}]}
// It exits 1 when a check fails, 2 on bad usage.
//
// Usage: node clients/ts-client.mjs [--sdk v1|v2] [--era legacy|modern]
//                                   (--stdio SERVER_BINARY | --url MCP_URL)
//   --sdk v1  @modelcontextprotocol/sdk (legacy protocol only, up to 2025-11-25)
//   --sdk v2  @modelcontextprotocol/client; --era modern pins 2026-07-28
//             (server/discover), --era legacy uses initialize.
// Diagnostics go to stderr; the server's stderr is forwarded there too.

import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs, sleep } from "./sdk.mjs";

const opt = parseClientArgs("ts-client.mjs");
const modern = opt.era === "modern";
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: `mcpgen-e2e-ts-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, {}));

const logs = [];
const onLog = (n) => logs.push(n.params);
if (opt.sdk === "v1") client.setNotificationHandler(sdk.types.LoggingMessageNotificationSchema, onLog);
else client.setNotificationHandler("notifications/message", onLog);

const transport = newTransport(sdk, opt);

// ---- check harness ---------------------------------------------------------

const { checks, check } = checker();
function canon(v) {
  if (Array.isArray(v)) return v.map(canon);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])]));
  }
  return v;
}
function assertJSON(got, want, what) {
  const g = JSON.stringify(canon(got)), w = JSON.stringify(canon(want));
  assert(g === w, `${what}:\n got  ${g.slice(0, 2000)}\n want ${w.slice(0, 2000)}`);
}
function text(res) {
  return (res.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("");
}
// callTool hides the SDKs' different signatures: v1 takes a result schema
// before the request options.
function callTool(params, options) {
  return opt.sdk === "v1" ? client.callTool(params, undefined, options) : client.callTool(params, options);
}
async function callOK(name, args, options) {
  const res = await callTool({ name, arguments: args }, options);
  assert(!res.isError, `${name}: unexpected tool error: ${text(res)}`);
  return res;
}
function structured(res, want, what) {
  assertJSON(res.structuredContent, want, `${what} structuredContent`);
  assertJSON(JSON.parse(text(res)), want, `${what} text block`);
}
// namesPath: the error text names the field path in a usual notation.
function namesPath(t, path) {
  let dotted = "", dotted2 = "", slashed = "";
  path.forEach((p, i) => {
    if (typeof p === "number") { dotted += `[${p}]`; dotted2 += `.${p}`; slashed += `/${p}`; }
    else { dotted += (i ? "." : "") + p; dotted2 += (i ? "." : "") + p; slashed += `/${p}`; }
  });
  return [dotted, dotted2, slashed, slashed.slice(1)].some((f) =>
    new RegExp(`(^|[^A-Za-z0-9_])${f.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z0-9_])`).test(t));
}
// tapProgress records every notifications/progress the SDK receives, ahead
// of its own handler (internal API of both pinned SDK versions).
function tapProgress() {
  const handlers = client._notificationHandlers;
  const sdkHandler = handlers?.get("notifications/progress");
  if (!sdkHandler) throw new Error("cannot find the SDK's progress handler (internal API changed)");
  const seen = [];
  handlers.set("notifications/progress", (...args) => {
    seen.push(args[0].params);
    return sdkHandler(...args);
  });
  return { seen, restore: () => handlers.set("notifications/progress", sdkHandler) };
}
// hints drops the hints that state the protocol's default, which mean the
// same as absent ones (the Go SDK always states readOnlyHint and
// idempotentHint, so an adapted server sends them as false).
function hints(a) {
  const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
  return Object.fromEntries(Object.entries(a ?? {}).filter(([k, v]) => defaults[k] !== v));
}

// ---- fixture ---------------------------------------------------------------

const TOOLS = ["add", "add_item", "badge", "cancelled_waits", "count_to", "echo", "explode", "fail", "get_item",
  "inventory_stats", "list_items", "move_item", "remove_item", "schedule_restock", "summarize_tree", "touch_policy", "wait"];
const STRUCTURED = ["add", "add_item", "cancelled_waits", "count_to", "get_item", "inventory_stats", "list_items",
  "schedule_restock", "summarize_tree"];
const SKU = `T${opt.sdk === "v1" ? "A" : modern ? "M" : "L"}-${String(process.pid % 10000).padStart(4, "0")}`;
const item = {
  sku: SKU, name: "Wrench", category: "tools", quantity: 3, price_cents: 950,
  tags: ["steel"], dimensions: { width_mm: 20, height_mm: 200 }, shelf: 1, bin: [1, 1],
  received_at: "2026-11-30T10:00:00Z",
};
const stored = { ...item, added_at: "2026-11-30T10:00:00Z" };
delete stored.received_at;

// ---- run -------------------------------------------------------------------

let protocolVersion;
let connected = false;
await check("connect", async () => {
  await client.connect(transport);
  connected = true;
  protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion ?? client._negotiatedProtocolVersion;
  if (modern) assert(protocolVersion === "2026-07-28", `negotiated ${protocolVersion}, want 2026-07-28`);
  else if (protocolVersion !== undefined) assert(protocolVersion === "2025-11-25", `negotiated ${protocolVersion}, want 2025-11-25`);
  const info = client.getServerVersion();
  assert(info?.name === "testserver", `serverInfo ${JSON.stringify(info)}`);
  return { protocolVersion, serverInfo: info };
});

if (connected) {
  await check("tools/list", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    assertJSON(names, TOOLS, "tool names");
    for (const t of tools) {
      assert(t.inputSchema?.type === "object", `${t.name}: inputSchema not an object`);
      assert(!!t.outputSchema === STRUCTURED.includes(t.name), `${t.name}: outputSchema ${JSON.stringify(t.outputSchema)}`);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    assertJSON(hints(byName.get_item.annotations), { readOnlyHint: true, idempotentHint: true }, "get_item annotations");
    assertJSON(hints(byName.move_item.annotations), { idempotentHint: true, openWorldHint: false }, "move_item annotations");
    assert(byName.add_item.title === "Add item", `add_item title ${byName.add_item.title}`);
    assert(byName.add_item.inputSchema.properties.sku.pattern === "^[A-Z]{2}-[0-9]{4}$", "add_item sku pattern");
    return { count: tools.length };
  });

  await check("struct and method tools", async () => {
    structured(await callOK("add_item", item), stored, "add_item");
    structured(await callOK("get_item", { sku: SKU }), stored, "get_item");
    const res = await callOK("move_item", { sku: SKU, shelf: 2, bin: [3, 4] });
    assert(text(res) === `${SKU} moved to shelf 2, bin 3/4`, `move_item text ${text(res)}`);
    const list = await callOK("list_items", { category: "tools" });
    assert(Array.isArray(list.structuredContent?.result), `list_items not wrapped: ${JSON.stringify(list.structuredContent)}`);
    assert(list.structuredContent.result.some((i) => i.sku === SKU), "list_items misses the new item");
    const rm = await callOK("remove_item", { sku: SKU });
    assertJSON(rm.content, [{ type: "text", text: "done" }], "remove_item content");
    const gone = await client.callTool({ name: "get_item", arguments: { sku: SKU } });
    assert(gone.isError && text(gone).includes("no item with SKU"), `get_item after remove: ${JSON.stringify(gone)}`);
  });

  await check("function tools and plain parameters", async () => {
    structured(await callOK("add", { a: 0.5, b: 2 }), { result: 2.5 }, "add");
    assert(text(await callOK("echo", { text: "hi ✓" })) === "hi ✓", "echo");
    structured(await callOK("summarize_tree", { root: { name: "a", children: [{ name: "b" }, { name: "c", capacity: 2 }] } }),
      { nodes: 3, depth: 2, total_capacity: 2, leaves: ["b", "c"] }, "summarize_tree");
    structured(await callOK("schedule_restock", {
      sku: "RS-0002", quantity: 1, priority: "low", at: "2026-12-24T23:00:00-01:00",
      supplier: { name: "Elf", email: "elf@north.example" },
    }), { order_id: "RS-0002-20261225", sku: "RS-0002", quantity: 1, priority: "low", at: "2026-12-25T00:00:00Z", supplier: "Elf" },
    "schedule_restock");
    const badge = await callOK("badge", { label: "x" });
    assert(badge.content.length === 2 && badge.content[0].type === "text" && badge.content[1].type === "image" &&
      badge.content[1].mimeType === "image/png" && badge.content[1].data.length > 0, `badge ${JSON.stringify(badge.content)}`);
  });

  await check("tool error", async () => {
    const res = await client.callTool({ name: "fail", arguments: { reason: "nope" } });
    assert(res.isError === true && text(res).includes("refused: nope"), JSON.stringify(res));
  });

  await check("panic", async () => {
    const res = await client.callTool({ name: "explode", arguments: { message: "boom" } });
    assert(res.isError === true, JSON.stringify(res));
    structured(await callOK("add", { a: 1, b: 1 }), { result: 2 }, "add after panic");
  });

  await check("unknown tool", async () => {
    let res;
    try {
      res = await client.callTool({ name: "no_such_tool", arguments: {} });
    } catch (e) {
      assert(e.code === -32602, `error code ${e.code}: ${e.message}`);
      return { code: e.code, message: e.message };
    }
    throw new Error(`want JSON-RPC error -32602, got result ${JSON.stringify(res)}`);
  });

  await check("invalid arguments", async () => {
    const cases = [
      ["add", { a: "one", b: 1 }, ["a"]],
      ["add", { a: 1, b: 1, c: 1 }, ["c"]],
      ["echo", {}, ["text"]],
      ["count_to", { to: 1.5 }, ["to"]],
      ["move_item", { sku: SKU, shelf: 300, bin: [1, 2] }, ["shelf"]],
      ["move_item", { sku: SKU, shelf: 1, bin: [1, 2, 3] }, ["bin"]],
      ["add_item", { ...item, category: "toys" }, ["category"]],
      ["add_item", { ...item, sku: "bad" }, ["sku"]],
      ["add_item", { ...item, dimensions: { width_mm: 1, height_mm: -5 } }, ["dimensions", "height_mm"]],
      ["summarize_tree", { root: { name: "a", children: [{ name: "" }] } }, ["root", "children", 0, "name"]],
    ];
    const bad = [];
    for (const [name, args, path] of cases) {
      let res;
      try {
        res = await client.callTool({ name, arguments: args });
      } catch (e) {
        bad.push(`${name} ${JSON.stringify(args)}: protocol error ${e.code} ${e.message}, want isError`);
        continue;
      }
      if (!res.isError) bad.push(`${name} ${JSON.stringify(args)}: not an error`);
      else if (!namesPath(text(res), path)) bad.push(`${name}: error text ${JSON.stringify(text(res))} does not name ${path.join(".")}`);
    }
    assert(bad.length === 0, bad.join("\n"));
  });

  await check("1 MiB argument", async () => {
    const big = "ab\"c\\d\n€😀".repeat(75000); // 14 UTF-8 bytes each: 1.05 MB
    const res = await callOK("echo", { text: big });
    assert(text(res) === big, `echo returned ${text(res).length} chars, sent ${big.length}`);
  });

  await check("100 concurrent calls", async () => {
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      i % 2 ? client.callTool({ name: "add", arguments: { a: i, b: 0.25 } })
        : client.callTool({ name: "echo", arguments: { text: `m${i}` } })));
    results.forEach((res, i) => {
      assert(!res.isError, `call ${i}: ${text(res)}`);
      if (i % 2) assert(res.structuredContent?.result === i + 0.25, `call ${i}: ${JSON.stringify(res.structuredContent)}`);
      else assert(text(res) === `m${i}`, `call ${i}: ${text(res)}`);
    });
  });

  await check("progress", async () => {
    // Both SDKs dispatch notifications in a microtask but settle a response
    // synchronously, and drop the call's onprogress handler then: progress
    // that arrives in the same read as the response never reaches onprogress.
    // So the notifications are checked where the SDK receives them; onprogress
    // itself is checked on a running call in "cancellation".
    const tap = tapProgress();
    try {
      const viaCallback = [];
      await callOK("count_to", { to: 4 }, { onprogress: (p) => viaCallback.push(p) });
      const mine = () => tap.seen.filter((p) => p.total === 4 && /^counted /.test(p.message ?? ""));
      for (let i = 0; mine().length < 4 && i < 500; i++) await sleep(10); // guard only
      assertJSON(mine().map((p) => [p.progress, p.total, p.message]),
        [1, 2, 3, 4].map((n) => [n, 4, `counted ${n}`]), "progress notifications");
      assert(new Set(mine().map((p) => p.progressToken)).size === 1, "one progress token");
      return { onprogressCallbacks: viaCallback.length };
    } finally {
      tap.restore();
    }
  });

  await check("logging", async () => {
    logs.length = 0;
    const params = { name: "count_to", arguments: { to: 2 } };
    if (modern) params._meta = { "io.modelcontextprotocol/logLevel": "debug" };
    else await client.setLoggingLevel("debug");
    await callOK(params.name, params.arguments, undefined);
    if (modern) await callTool(params);
    for (let i = 0; !logs.some((l) => JSON.stringify(l.data).includes("count finished")) && i < 1000; i++) await sleep(10);
    const steps = logs.filter((l) => JSON.stringify(l.data).includes("count step"));
    const fin = logs.filter((l) => JSON.stringify(l.data).includes("count finished"));
    assert(fin.length === 1 && fin[0].level === "warning", `finish log: ${JSON.stringify(logs)}`);
    assert(steps.length === 2 && steps.every((l) => l.level === "info"), `step logs: ${JSON.stringify(logs)}`);
  });

  // Also checks onprogress: the wait tool reports progress while it runs.
  await check("cancellation", async () => {
    const tag = `ts-${opt.sdk}-${opt.era}-${process.pid}`;
    const ac = new AbortController();
    let started;
    const startedP = new Promise((r) => (started = r));
    const call = callTool({ name: "wait", arguments: { millis: 600000, tag } },
      { signal: ac.signal, onprogress: () => started(), timeout: 120000 });
    await startedP;
    ac.abort("test cancels");
    let rejected = false;
    try { await call; } catch { rejected = true; }
    assert(rejected, "aborted call did not reject");
    for (let i = 0; i < 1500; i++) { // guard only
      const n = (await callOK("cancelled_waits", { tag })).structuredContent.result;
      if (n === 1) return { tag, cancelled: n };
      await sleep(20);
    }
    throw new Error("the wait tool's context was not cancelled on the server");
  });
}

const ok = checks.every((c) => c.ok);
process.stdout.write(JSON.stringify({ sdk: opt.sdk, era: opt.era, protocolVersion, ok, checks }) + "\n");
try { await client.close(); } catch {}
process.exit(ok ? 0 : 1);
