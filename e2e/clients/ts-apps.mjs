#!/usr/bin/env node
// ts-apps.mjs drives examples/apps, an MCP App, with the official TypeScript
// SDK as a host does, and checks what it serves with the MCP Apps package's
// own code (@modelcontextprotocol/ext-apps): the host helpers that find a
// tool's view (getToolUiResourceUri, isToolVisibility*), the Zod schemas of
// the extension's types, and its JSON Schema (schema.json, with Ajv). With
// the SDK v2, on which the package's host side is built, the package's own
// view (App) and host bridge (AppBridge) then talk to the server: the view
// calls the tool and reads its page through the bridge, and gets the
// result the host forwards. It
// prints one JSON report on stdout, as ts-client.mjs does, and exits 1 when
// a check fails, 2 on bad usage.
//
// Usage: node clients/ts-apps.mjs [--sdk v1|v2] [--era legacy|modern]
//                                 (--stdio SERVER_BINARY | --url MCP_URL)

import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import {
  McpUiResourceMetaSchema, McpUiToolMetaSchema, McpUiToolResultNotificationSchema, RESOURCE_MIME_TYPE,
  RESOURCE_URI_META_KEY, buildAllowAttribute, getToolUiResourceUri, isToolVisibilityAppOnly, isToolVisibilityModelOnly,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import { EXTENSION_ID } from "@modelcontextprotocol/ext-apps/server";
import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs } from "./sdk.mjs";

const opt = parseClientArgs("ts-apps.mjs");
const sdk = await loadSDK(opt.sdk);
// A host that shows views declares the extension with the MIME type.
const client = new sdk.Client({ name: `mcpgen-e2e-apps-${opt.sdk}`, version: "1.0.0" },
  clientOptions(opt, { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } }));
const transport = newTransport(sdk, opt);
const { checks, check } = checker();

const schema = createRequire(import.meta.url)("@modelcontextprotocol/ext-apps/schema.json");
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(schema);
// validates checks v against the type name of the extension's JSON Schema.
function validates(name, v) {
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${name}`);
  assert(validate, `schema.json has no ${name}`);
  assert(validate(v), `${name}: ${JSON.stringify(v)}: ${ajv.errorsText(validate.errors)}`);
}
function zodParses(zodSchema, name, v) {
  const r = zodSchema.safeParse(v);
  assert(r.success, `${name} (Zod): ${JSON.stringify(v)}: ${r.error}`);
}

const viewURI = "ui://contrast/view.html";
let protocolVersion;
let connected = false;
await check("connect", async () => {
  await client.connect(transport);
  connected = true;
  protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion;
  const caps = client.getServerCapabilities();
  assert(caps?.extensions?.[EXTENSION_ID] !== undefined, `capabilities declare no ${EXTENSION_ID}: ${JSON.stringify(caps)}`);
  const info = client.getServerVersion();
  assert(info?.icons?.length === 1 && info.icons[0].mimeType === "image/svg+xml" && info.icons[0].src.startsWith("data:image/svg+xml;base64,"),
    `serverInfo icons ${JSON.stringify(info)}`);
  assert(info.websiteUrl === undefined && info.description?.startsWith("Checks that text"), `serverInfo ${JSON.stringify(info)}`);
  return { protocolVersion, capabilities: caps };
});

if (connected) {
  await check("the tool names its view", async () => {
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === "check_contrast");
    assert(tool, `no check_contrast in ${JSON.stringify(tools.map((t) => t.name))}`);
    assert(getToolUiResourceUri(tool) === viewURI, `getToolUiResourceUri: ${getToolUiResourceUri(tool)}`);
    assert(tool._meta[RESOURCE_URI_META_KEY] === viewURI, `legacy key: ${JSON.stringify(tool._meta)}`);
    assert(!isToolVisibilityAppOnly(tool) && !isToolVisibilityModelOnly(tool), `visibility ${JSON.stringify(tool._meta)}`);
    validates("McpUiToolMeta", tool._meta.ui);
    zodParses(McpUiToolMetaSchema, "McpUiToolMeta", tool._meta.ui);
    assert(tool.icons?.length === 1 && tool.icons[0].sizes?.[0] === "any", `tool icons ${JSON.stringify(tool.icons)}`);
    return tool._meta;
  });
  await check("the view is listed", async () => {
    const { resources } = await client.listResources();
    const view = resources.find((r) => r.uri === viewURI);
    assert(view, `no ${viewURI} in ${JSON.stringify(resources)}`);
    assert(view.mimeType === RESOURCE_MIME_TYPE, `mimeType ${view.mimeType}, want ${RESOURCE_MIME_TYPE}`);
    validates("McpUiResourceMeta", view._meta.ui);
    zodParses(McpUiResourceMetaSchema, "McpUiResourceMeta", view._meta.ui);
    assert(view._meta.ui.prefersBorder === true, `listed _meta ${JSON.stringify(view._meta)}`);
    return view;
  });
  await check("the view is read", async () => {
    const { contents } = await client.readResource({ uri: viewURI });
    assert(contents.length === 1, `contents ${JSON.stringify(contents)}`);
    const [c] = contents;
    assert(c.uri === viewURI && c.mimeType === RESOURCE_MIME_TYPE, `contents ${c.uri} ${c.mimeType}`);
    assert(typeof c.text === "string" && c.text.startsWith("<!doctype html>") && c.text.includes(`"ui/initialize"`) &&
      c.text.includes(`"ui/notifications/tool-result"`), `text ${String(c.text).slice(0, 200)}`);
    validates("McpUiResourceMeta", c._meta.ui);
    zodParses(McpUiResourceMetaSchema, "McpUiResourceMeta", c._meta.ui);
    assert(c._meta.ui.prefersBorder === true, `read _meta ${JSON.stringify(c._meta)}`);
    // What the host makes of the view's permissions: none asked for.
    assert(buildAllowAttribute(c._meta.ui.permissions) === "", `allow attribute ${buildAllowAttribute(c._meta.ui.permissions)}`);
    return { bytes: c.text.length, _meta: c._meta };
  });
  await check("the result reaches the view", async () => {
    const params = { name: "check_contrast", arguments: { foreground: "#777777", background: "#ffffff" } };
    const result = opt.sdk === "v1" ? await client.callTool(params, undefined) : await client.callTool(params);
    const c = result.structuredContent;
    assert(!result.isError && c?.ratio === 4.48 && c.aa === false && c.aaLarge === true, `result ${JSON.stringify(result)}`);
    // The host forwards the result to the view as this notification.
    const note = { method: "ui/notifications/tool-result", params: result };
    zodParses(McpUiToolResultNotificationSchema, "McpUiToolResultNotification", note);
    validates("McpUiToolResultNotification", note);
    return c;
  });
}

if (connected && opt.sdk === "v2") {
  await check("a view calls the server through the host's AppBridge", async () => {
    const { InMemoryTransport } = await import("@modelcontextprotocol/client");
    const { AppBridge } = await import("@modelcontextprotocol/ext-apps/app-bridge");
    const { App } = await import("@modelcontextprotocol/ext-apps");
    const [hostSide, viewSide] = InMemoryTransport.createLinkedPair();
    const bridge = new AppBridge(client, { name: "mcpgen-e2e-host", version: "1.0.0" }, { serverTools: {}, serverResources: {} });
    const initialized = new Promise((resolve) => (bridge.oninitialized = resolve));
    await bridge.connect(hostSide);
    // autoResize off: it measures a document, and there is none here.
    const app = new App({ name: "mcpgen-e2e-view", version: "1.0.0" }, {}, { autoResize: false });
    const forwarded = new Promise((resolve) => (app.ontoolresult = resolve));
    await app.connect(viewSide);
    await initialized;
    const result = await app.callServerTool({ name: "check_contrast", arguments: { foreground: "#000000", background: "#ffffff" } });
    assert(result.structuredContent?.ratio === 21 && result.structuredContent.aaa === true, `from the view: ${JSON.stringify(result)}`);
    await bridge.sendToolResult(result);
    const got = await forwarded;
    assert(got.structuredContent?.ratio === 21, `forwarded to the view: ${JSON.stringify(got)}`);
    const page = await app.readServerResource({ uri: viewURI });
    assert(page.contents[0]?.mimeType === RESOURCE_MIME_TYPE && page.contents[0].text.startsWith("<!doctype html>"),
      `read by the view: ${JSON.stringify(page).slice(0, 300)}`);
    await app.close();
    return got.structuredContent;
  });
}

await client.close().catch(() => {});
const ok = checks.length > 0 && checks.every((c) => c.ok);
console.log(JSON.stringify({ sdk: opt.sdk, era: opt.era, protocolVersion, ok, checks }));
process.exit(ok ? 0 : 1);
