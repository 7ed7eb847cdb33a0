#!/usr/bin/env node
// browser-apps.mjs shows the view of examples/apps, an MCP App, in a real
// browser as a web host does, and uses it as a user would. The host's back
// end is this script: the TypeScript SDK v2 client connected to the server
// finds the tool's view, reads its HTML and calls the tool, as a model
// would, with two colors. Its front end is a page in Chromium (driven by
// playwright-core) that speaks the host side of the extension with the
// @modelcontextprotocol/ext-apps package's own AppBridge, bundled for the
// browser by esbuild. As the extension asks of a web host, the view runs in
// a sandbox proxy of another origin: the host page (http://host.test) holds
// an iframe of the proxy (http://sandbox.test), which puts the HTML it is
// sent into an inner iframe, sandboxed (allow-scripts, an opaque origin)
// and under the extension's default Content Security Policy, and relays
// the messages both ways. Both pages are served by the browser's request
// interception, not a network server.
//
// The checks, on what the user sees: the view initializes and shows the
// tool's arguments and result (the ratio and the levels); a color the user
// picks, and the Swap button, make the view call the tool through the host
// (tools/call, answered by the real server) and show the new verdict; the
// host's dark theme and a call the host refuses reach it; the host tears
// the view down and the view answers; the view of a call whose arguments
// the server refused ("red") shows the server's error, and that of a call
// the host cancelled says so. No script error nor CSP
// violation may happen in any frame. It takes one screenshot (--screenshot)
// and prints one JSON report on stdout, as ts-client.mjs does; it exits 1
// when a check fails, 2 on bad usage. A failed check ends the run: the
// later ones depend on it.
//
// Usage: node clients/browser-apps.mjs --sdk v2 [--era legacy|modern]
//          (--stdio SERVER_BINARY | --url MCP_URL)
//          --chromium /usr/bin/chromium --screenshot FILE.png

import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { RESOURCE_MIME_TYPE, getToolUiResourceUri } from "@modelcontextprotocol/ext-apps/app-bridge";
import { EXTENSION_ID } from "@modelcontextprotocol/ext-apps/server";
import { assert, clientOptions, loadSDK, newTransport, parseClientArgs } from "./sdk.mjs";

const opt = parseClientArgs("browser-apps.mjs", { chromium: { type: "string" }, screenshot: { type: "string" } });
if (opt.sdk !== "v2" || !opt.chromium || !opt.screenshot) {
  console.error("usage: browser-apps.mjs --sdk v2 [--era legacy|modern] (--stdio BIN | --url URL) --chromium PATH --screenshot FILE");
  process.exit(2);
}

const HOST = "http://host.test";
const SANDBOX = "http://sandbox.test";
// A step waits this long for what the user should see.
const STEP_MS = 10_000;

// The host page's part of the extension, bundled with what it imports.
const bundle = await build({
  stdin: {
    contents: `export { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";`,
    resolveDir: fileURLToPath(new URL("..", import.meta.url)),
    loader: "js",
  },
  bundle: true, format: "iife", globalName: "McpApps", platform: "browser", target: "chrome120", write: false, logLevel: "silent",
});
const bridgeJS = bundle.outputFiles[0].text;

// hostPage is the host's web page. showView(launch) starts a view: the
// sandbox proxy, its bridge, the HTML and the tool's input and result.
// The host's back end is hostCallTool, a binding to this script.
const hostPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mcpgen e2e host</title>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; background: #f4f4f5; }
  .turn { background: #fff; border-radius: 8px; padding: 12px; max-width: 620px; }
  .turn p { margin: 0 0 8px; color: #555; }
  #proxy { display: block; width: 100%; height: 200px; border: 1px solid #d4d4d8; border-radius: 8px; }
</style></head>
<body><div class="turn"><p id="call"></p><iframe id="proxy"></iframe></div>
<script>${bridgeJS.replaceAll("</script", "<\\/script")}</script>
<script>
"use strict";
const { AppBridge, PostMessageTransport } = McpApps;
window.hostLog = [];
window.showView = async ({ html, resourceMeta, toolInput, toolResult, cancelled }) => {
  // A new call's view replaces the last one, in a new proxy frame.
  await window.bridge?.close();
  window.hostLog = [];
  document.getElementById("call").textContent = "check_contrast " + JSON.stringify(toolInput);
  const proxy = document.createElement("iframe");
  proxy.id = "proxy";
  proxy.title = "MCP App";
  document.getElementById("proxy").replaceWith(proxy);
  if (resourceMeta?.prefersBorder === false) proxy.style.border = "none";
  const bridge = new AppBridge(null, { name: "mcpgen-e2e-browser-host", version: "1.0.0" },
    { serverTools: {}, sandbox: { csp: {} } },
    { hostContext: { theme: "light", platform: "web", displayMode: "inline", availableDisplayModes: ["inline"] } });
  bridge.oncalltool = async (params) => {
    window.hostLog.push({ method: "tools/call", params });
    if (window.refuse) throw new Error(window.refuse);
    return await window.hostCallTool(params);
  };
  bridge.onsizechange = ({ height }) => {
    window.hostLog.push({ method: "ui/notifications/size-changed", height });
    if (height > 0) proxy.style.height = height + "px";
  };
  const proxyReady = new Promise((resolve) => (bridge.onsandboxready = resolve));
  const initialized = new Promise((resolve) => (bridge.oninitialized = resolve));
  // The proxy's window is the same before and after it loads: the bridge
  // listens before the proxy says it is ready.
  await bridge.connect(new PostMessageTransport(proxy.contentWindow, proxy.contentWindow));
  proxy.src = "${SANDBOX}/proxy.html";
  await proxyReady;
  await bridge.sendSandboxResourceReady({ html, sandbox: "allow-scripts", csp: resourceMeta?.csp, permissions: resourceMeta?.permissions });
  await initialized;
  window.hostLog.push({ method: "ui/notifications/initialized", appVersion: bridge.getAppVersion() });
  await bridge.sendToolInput({ arguments: toolInput });
  window.bridge = bridge;
  if (cancelled !== undefined) await bridge.sendToolCancelled({ reason: cancelled });
  else await bridge.sendToolResult(toolResult);
};
</script></body></html>`;

// proxyPage is the sandbox proxy, of another origin than the host. It
// writes the view's HTML into its inner frame under the Content Security
// Policy the view's _meta.ui.csp allows (by default: no network at all).
const proxyPage = `<!doctype html>
<html><head><meta charset="utf-8"><style>html, body, iframe { margin: 0; border: 0; width: 100%; height: 100%; display: block; }</style></head>
<body><script>
"use strict";
const HOST = "${HOST}";
let inner;
function csp(c = {}) {
  const list = (domains, none) => domains && domains.length ? domains.join(" ") : none;
  const res = list(c.resourceDomains, "");
  return [
    "default-src 'none'",
    "script-src 'unsafe-inline' " + res,
    "style-src 'unsafe-inline' " + res,
    "img-src data: " + res,
    "font-src data: " + res,
    "media-src data: " + res,
    "connect-src " + list(c.connectDomains, "'none'"),
    "frame-src " + list(c.frameDomains, "'none'"),
    "base-uri " + list(c.baseUriDomains, "'none'"),
    "form-action 'none'",
    "object-src 'none'",
  ].join("; ");
}
function withCSP(html, c) {
  const meta = '<meta http-equiv="Content-Security-Policy" content="' + csp(c).replaceAll('"', "&quot;") + '">';
  const head = html.search(/<head[^>]*>/i);
  if (head < 0) return meta + html;
  const end = html.indexOf(">", head) + 1;
  return html.slice(0, end) + meta + html.slice(end);
}
window.addEventListener("message", (e) => {
  const m = e.data;
  if (!m || m.jsonrpc !== "2.0") return;
  if (e.source === window.parent) {
    if (e.origin !== HOST) return;
    if (m.method === "ui/notifications/sandbox-resource-ready") {
      inner?.remove();
      inner = document.createElement("iframe");
      inner.id = "view";
      inner.setAttribute("sandbox", m.params.sandbox || "allow-scripts");
      inner.srcdoc = withCSP(m.params.html, m.params.csp);
      document.body.append(inner);
      return;
    }
    inner?.contentWindow?.postMessage(m, "*");
  } else if (inner && e.source === inner.contentWindow) {
    window.parent.postMessage(m, HOST);
  }
});
window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} }, HOST);
</script></body></html>`;

const checks = [];
let failed = false;
// step runs fn as the check name unless an earlier check failed. A
// failure says what the view showed then, and the screenshot is of that.
async function step(name, fn) {
  if (failed) return;
  try {
    const start = Date.now();
    const detail = await fn();
    checks.push({ name, ok: true, ms: Date.now() - start, ...(detail !== undefined && { detail }) });
  } catch (e) {
    failed = true;
    let shown = "";
    if (page) {
      shown = await view?.locator("body").innerText({ timeout: 1000 }).then((t) => `\nthe view shows: ${JSON.stringify(t)}`, () => "") ?? "";
      await page.screenshot({ path: opt.screenshot, fullPage: true, timeout: 2000 }).catch(() => {});
    }
    const also = problems.length ? `\nin the browser: ${problems.join("\n")}` : "";
    checks.push({ name, ok: false, detail: String(e?.stack ?? e) + shown + also });
  }
}

const sdk = await loadSDK("v2");
const client = new sdk.Client({ name: "mcpgen-e2e-browser-host", version: "1.0.0" },
  clientOptions(opt, { extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } }));
const serverCalls = [];
let launch, browser, page, view, protocolVersion;
const problems = []; // script errors, console errors and CSP violations, in any frame

await step("the host reads the view and calls the tool", async () => {
  await client.connect(newTransport(sdk, opt));
  protocolVersion = client.getNegotiatedProtocolVersion();
  const { tools } = await client.listTools();
  const tool = tools.find((t) => t.name === "check_contrast");
  const uri = tool && getToolUiResourceUri(tool);
  assert(uri === "ui://contrast/view.html", `check_contrast's view: ${uri}`);
  const { contents } = await client.readResource({ uri });
  assert(contents[0]?.mimeType === RESOURCE_MIME_TYPE && typeof contents[0].text === "string", `read ${uri}: ${JSON.stringify(contents).slice(0, 300)}`);
  const toolInput = { foreground: "#777777", background: "#ffffff" };
  const toolResult = await client.callTool({ name: "check_contrast", arguments: toolInput });
  assert(toolResult.structuredContent?.ratio === 4.48, `result ${JSON.stringify(toolResult)}`);
  launch = { html: contents[0].text, resourceMeta: contents[0]._meta?.ui, toolInput, toolResult };
  return { uri, bytes: launch.html.length, resourceMeta: launch.resourceMeta };
});

await step("Chromium shows the host page", async () => {
  browser = await chromium.launch({ executablePath: opt.chromium, timeout: STEP_MS });
  page = await browser.newPage({ viewport: { width: 680, height: 420 } });
  page.setDefaultTimeout(STEP_MS);
  page.on("pageerror", (e) => problems.push(`page error: ${e.stack ?? e}`));
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") problems.push(`console ${m.type()} in ${m.location().url || "srcdoc"}: ${m.text()}`);
  });
  await page.route(`${HOST}/**`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: hostPage }));
  await page.route(`${SANDBOX}/**`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: proxyPage }));
  // Only the host page's own script may reach the back end.
  await page.exposeBinding("hostCallTool", async (source, params) => {
    assert(source.frame === page.mainFrame(), `hostCallTool from ${source.frame.url()}`);
    const result = await client.callTool(params);
    serverCalls.push({ params, result: result.structuredContent ?? result });
    return result;
  });
  await page.goto(`${HOST}/`);
  const bridgeVersion = await page.evaluate(() => typeof McpApps.AppBridge);
  assert(bridgeVersion === "function", `AppBridge in the page: ${bridgeVersion}`);
  const v = await page.evaluate(() => navigator.userAgent);
  return { userAgent: v, bundleBytes: bridgeJS.length };
});

// text returns what the user reads in the element sel of the view.
const text = async (sel) => (await view.locator(sel).innerText()).trim();
const levels = async () => view.locator("#levels .level").evaluateAll((els) => els.map((e) => `${e.className}: ${e.textContent}`));

await step("the view initializes and shows the tool's result", async () => {
  await page.evaluate((l) => window.showView(l), launch);
  view = page.frameLocator("#proxy").frameLocator("#view");
  await view.locator("#ratio", { hasText: "4.48:1" }).waitFor();
  const got = {
    ratio: await text("#ratio"),
    levels: await levels(),
    status: await text("#status"),
    foreground: await view.locator("#foreground").inputValue(),
    background: await view.locator("#background").inputValue(),
    previewColor: await view.locator("#preview").evaluate((e) => getComputedStyle(e).color),
    previewBackground: await view.locator("#preview").evaluate((e) => getComputedStyle(e).backgroundColor),
  };
  const want = {
    ratio: "4.48:1",
    levels: ["level fail: ✗ AA", "level pass: ✓ AA large", "level fail: ✗ AAA", "level fail: ✗ AAA large"],
    status: "",
    foreground: "#777777", background: "#ffffff",
    previewColor: "rgb(119, 119, 119)", previewBackground: "rgb(255, 255, 255)",
  };
  assert(JSON.stringify(got) === JSON.stringify(want), `the view shows ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  const log = await page.evaluate(() => window.hostLog);
  const init = log.find((e) => e.method === "ui/notifications/initialized");
  assert(init?.appVersion?.name === "contrast-view", `initialized: ${JSON.stringify(log)}`);
  return { shows: got, app: init.appVersion };
});

await step("a color the user picks is checked by the server through the host", async () => {
  // fill on a color input is what picking a color does: input, then change.
  await view.locator("#foreground").fill("#000000");
  await view.locator("#ratio", { hasText: "21.00:1" }).waitFor();
  await view.locator("#status", { hasText: /^$/ }).waitFor();
  const got = { ratio: await text("#ratio"), levels: await levels() };
  const want = { ratio: "21.00:1", levels: ["level pass: ✓ AA", "level pass: ✓ AA large", "level pass: ✓ AAA", "level pass: ✓ AAA large"] };
  assert(JSON.stringify(got) === JSON.stringify(want), `the view shows ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  const call = serverCalls.at(-1);
  assert(serverCalls.length === 1 && call.params.name === "check_contrast" &&
    JSON.stringify(call.params.arguments) === JSON.stringify({ foreground: "#000000", background: "#ffffff" }) && call.result.ratio === 21,
    `the server was called with ${JSON.stringify(serverCalls)}`);
  return { shows: got, call };
});

await step("Swap checks the swapped colors", async () => {
  await view.getByRole("button", { name: "Swap" }).click();
  await page.waitForFunction(() => window.hostLog.filter((e) => e.method === "tools/call").length === 2);
  await view.locator("#status", { hasText: /^$/ }).waitFor();
  const got = {
    ratio: await text("#ratio"),
    foreground: await view.locator("#foreground").inputValue(),
    background: await view.locator("#background").inputValue(),
    previewBackground: await view.locator("#preview").evaluate((e) => getComputedStyle(e).backgroundColor),
  };
  const want = { ratio: "21.00:1", foreground: "#ffffff", background: "#000000", previewBackground: "rgb(0, 0, 0)" };
  assert(JSON.stringify(got) === JSON.stringify(want), `the view shows ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  const call = serverCalls.at(-1);
  assert(serverCalls.length === 2 && JSON.stringify(call.params.arguments) === JSON.stringify({ foreground: "#ffffff", background: "#000000" }),
    `the server was called with ${JSON.stringify(serverCalls)}`);
  // Back to a verdict that differs from black on white, for the screenshot.
  await view.locator("#background").fill("#1f6feb");
  await view.locator("#ratio", { hasText: "4.63:1" }).waitFor();
  return { shows: got, call, then: { ratio: await text("#ratio"), levels: await levels() } };
});

await step("the view resized its frame", async () => {
  const log = await page.evaluate(() => window.hostLog);
  const sizes = log.filter((e) => e.method === "ui/notifications/size-changed");
  assert(sizes.length > 0 && sizes.at(-1).height > 100, `size-changed: ${JSON.stringify(sizes)}`);
  const height = await page.locator("#proxy").evaluate((e) => e.getBoundingClientRect().height);
  assert(Math.abs(height - sizes.at(-1).height) <= 2, `the frame is ${height}px high, the view asked for ${sizes.at(-1).height}`);
  return { height };
});

await step("a screenshot", async () => {
  await page.screenshot({ path: opt.screenshot, fullPage: true });
  return opt.screenshot;
});

await step("the host's dark theme reaches the view", async () => {
  // The host's light theme, sent in ui/initialize's result, is the view's
  // until the host changes it.
  const before = await view.locator(":root").evaluate((e) => getComputedStyle(e).colorScheme);
  assert(before === "light", `the view's color-scheme is ${JSON.stringify(before)} in the light theme`);
  await page.evaluate(() => window.bridge.sendHostContextChange({ theme: "dark" }));
  await view.locator(":root").evaluate((e) => new Promise((resolve) => {
    const done = () => getComputedStyle(e).colorScheme === "dark" && resolve();
    new MutationObserver(done).observe(e, { attributes: true });
    done();
  }));
  return { before, after: "dark" };
});

await step("a call the host refuses is shown", async () => {
  await page.evaluate(() => (window.refuse = "the user declined the call"));
  await view.locator("#foreground").fill("#222222");
  await view.locator("#status", { hasText: "The host refused the call" }).waitFor();
  const status = await text("#status");
  assert(status.includes("the user declined the call"), `status ${JSON.stringify(status)}`);
  assert(serverCalls.length === 3, `the server was called ${serverCalls.length} times, want 3 (none for the refused call)`);
  return status;
});

await step("the host tears the view down", async () => {
  const res = await page.evaluate(() => window.bridge.teardownResource({}));
  assert(JSON.stringify(res) === "{}", `teardown: ${JSON.stringify(res)}`);
});

await step("a call the model got wrong shows the server's error", async () => {
  const toolInput = { foreground: "red", background: "#ffffff" };
  const toolResult = await client.callTool({ name: "check_contrast", arguments: toolInput });
  const want = toolResult.content?.[0]?.text;
  assert(toolResult.isError && want?.includes("must match the pattern"), `result ${JSON.stringify(toolResult)}`);
  await page.evaluate((l) => window.showView(l), { ...launch, toolInput, toolResult });
  await view.locator("#status", { hasText: "must match the pattern" }).waitFor();
  const got = { status: await text("#status"), ratio: await text("#ratio"), levels: await levels() };
  assert(JSON.stringify(got) === JSON.stringify({ status: want, ratio: "–", levels: [] }), `the view shows ${JSON.stringify(got)}, want the error ${JSON.stringify(want)} and no verdict`);
  return got;
});

await step("a call the host cancelled says so", async () => {
  await page.evaluate((l) => window.showView(l), { ...launch, toolResult: undefined, cancelled: "user action" });
  await view.locator("#status", { hasText: "cancelled" }).waitFor();
  const got = { status: await text("#status"), ratio: await text("#ratio"), foreground: await view.locator("#foreground").inputValue() };
  const want = { status: "The check was cancelled: user action.", ratio: "–", foreground: launch.toolInput.foreground };
  assert(JSON.stringify(got) === JSON.stringify(want), `the view shows ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
  return got;
});

await step("no script error nor CSP violation in any frame", async () => {
  assert(problems.length === 0, problems.join("\n"));
});

await browser?.close().catch(() => {});
await client.close().catch(() => {});
const ok = checks.length > 0 && checks.every((c) => c.ok);
console.log(JSON.stringify({ sdk: opt.sdk, era: opt.era, protocolVersion, ok, checks }));
process.exit(ok ? 0 : 1);
