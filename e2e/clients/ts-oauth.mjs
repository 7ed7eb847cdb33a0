// ts-oauth.mjs drives a server that is an OAuth 2.1 resource server
// (examples/oauth) with the official TypeScript SDK's own OAuth support:
// the client credentials grant, which it completes headless. It checks the
// whole flow: 401 -> protected resource metadata -> authorization server
// metadata -> token -> calls, then a step-up: a tool whose scope the first
// token lacks gets 403 insufficient_scope, and the SDK asks for a token
// with the scope the challenge names and calls again; the skill that needs
// notes:admin is not listed, and getting it steps up again (modern).
//
// Usage: node clients/ts-oauth.mjs --url MCP_URL --issuer AS_ISSUER [--sdk v1|v2] [--era legacy|modern]
// (v1: @modelcontextprotocol/sdk, legacy only; v2: @modelcontextprotocol/client).
// It prints one JSON report: {"ok":..., "checks":[{"name","ok","detail"}]}.
import { parseArgs } from "node:util";
import { clientOptions } from "./sdk.mjs";

const { values: opt } = parseArgs({
  options: {
    url: { type: "string" }, issuer: { type: "string" },
    sdk: { type: "string", default: "v1" }, era: { type: "string", default: "legacy" },
  },
});
if (!opt.url || !opt.issuer) {
  console.error("usage: ts-oauth.mjs --url MCP_URL --issuer AS_ISSUER");
  process.exit(2);
}

const sdk = opt.sdk === "v1"
  ? {
      ...(await import("@modelcontextprotocol/sdk/client/index.js")),
      ...(await import("@modelcontextprotocol/sdk/client/streamableHttp.js")),
      ...(await import("@modelcontextprotocol/sdk/client/auth-extensions.js")),
    }
  : await import("@modelcontextprotocol/client");
const { Client, StreamableHTTPClientTransport, ClientCredentialsProvider } = sdk;

const checks = [];
const check = async (name, fn) => {
  try {
    const detail = await fn();
    checks.push({ name, ok: true, detail });
  } catch (e) {
    checks.push({ name, ok: false, detail: String(e?.stack ?? e) });
  }
};
const expect = (cond, what) => { if (!cond) throw new Error(what); };

// Every HTTP exchange the SDK makes, in order.
const seen = [];
const recording = async (url, init) => {
  const res = await fetch(url, init);
  const u = new URL(String(url));
  let body = "";
  if (init?.body instanceof URLSearchParams) body = init.body.toString();
  else if (typeof init?.body === "string" && u.pathname.endsWith("/token")) body = init.body;
  seen.push({ method: init?.method ?? "GET", path: u.pathname, status: res.status, www: res.headers.get("www-authenticate") ?? "", body });
  return res;
};

// Each run is a caller of its own, with notes of its own.
const clientId = `notes-agent-${opt.sdk}-${opt.era}`;
const provider = new ClientCredentialsProvider({ clientId, clientSecret: "agent-secret", expectedIssuer: opt.issuer });
const transport = new StreamableHTTPClientTransport(new URL(opt.url), { authProvider: provider, fetch: recording });
const client = new Client({ name: "ts-oauth", version: "1.0.0" }, clientOptions(opt, {}));
const report = () => {
  const ok = checks.every((c) => c.ok);
  console.log(JSON.stringify({ ok, checks }));
  process.exitCode = ok ? 0 : 1;
};

await check("connect", async () => {
  await client.connect(transport);
  return seen.map((s) => `${s.method} ${s.path} ${s.status}`);
});
await check("discovery flow: 401, resource metadata, AS metadata, token, retried request", () => {
  const steps = seen.map((s) => `${s.method} ${s.path} ${s.status}`);
  const first = seen[0];
  expect(first.path === "/mcp" && first.status === 401, `first request: ${steps[0]}`);
  expect(first.www.includes('resource_metadata="') && first.www.includes('scope="notes:read"'), `challenge: ${first.www}`);
  const at = (pred, what) => { const i = seen.findIndex(pred); expect(i > 0, `no ${what} in ${steps.join(", ")}`); return i; };
  const prm = at((s) => s.path.startsWith("/.well-known/oauth-protected-resource") && s.status === 200, "protected resource metadata");
  const asm = at((s, i) => i > prm && (s.path.includes("openid-configuration") || s.path.includes("oauth-authorization-server")) && s.status === 200, "authorization server metadata");
  const tok = at((s, i) => i > asm && s.path === "/token" && s.status === 200, "token");
  expect(seen[tok].body.includes("grant_type=client_credentials"), `token request: ${seen[tok].body}`);
  expect(new URLSearchParams(seen[tok].body).get("resource") === opt.url, `the token request names resource ${seen[tok].body}`);
  at((s, i) => i > tok && s.path === "/mcp" && s.status === 200, "retried MCP request");
  return steps;
});
await check("tools/list shows what notes:read may call", async () => {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  expect(JSON.stringify(names) === JSON.stringify(["list_notes", "who_am_i"]), `tools: ${names}`);
  return names;
});
await check("a tool that needs no scope sees its caller", async () => {
  const r = await client.callTool({ name: "who_am_i", arguments: {} });
  expect(!r.isError && r.structuredContent?.subject === clientId, JSON.stringify(r));
  return r.structuredContent;
});
await check("step-up: add_note (notes:write) gets 403 insufficient_scope, a new token, then runs", async () => {
  const before = seen.length;
  const r = await client.callTool({ name: "add_note", arguments: { text: "hello" } });
  expect(!r.isError, JSON.stringify(r));
  const steps = seen.slice(before);
  const denied = steps.find((s) => s.status === 403);
  expect(denied && denied.www.includes('error="insufficient_scope"') && denied.www.includes('scope="notes:read notes:write"'), `403: ${JSON.stringify(denied)}`);
  const tok = steps.find((s) => s.path === "/token" && s.status === 200);
  expect(tok && new URLSearchParams(tok.body).get("scope") === "notes:read notes:write", `stepped-up token request: ${JSON.stringify(tok)}`);
  return steps.map((s) => `${s.method} ${s.path} ${s.status}`);
});
await check("the stepped-up token reads what it wrote", async () => {
  const r = await client.callTool({ name: "list_notes", arguments: {} });
  expect(JSON.stringify(r.structuredContent) === JSON.stringify({ result: ["hello"] }), JSON.stringify(r));
  if (opt.era === "modern") {
    // A modern client keeps the list it got for its ttlMs; the server
    // lists per token, but this client does not ask again.
    return r.structuredContent;
  }
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  expect(JSON.stringify(names) === JSON.stringify(["add_note", "list_notes", "who_am_i"]), `tools after the step-up: ${names}`);
  return names;
});
// The skill of examples/oauth needs notes:admin, which no token so far has.
const skill = "skill://note-cleanup/SKILL.md";
await check("the notes:admin skill's file is no resource without notes:admin", async () => {
  const { resources } = await client.listResources();
  const uris = resources.map((r) => r.uri);
  expect(!uris.includes(skill), `resources: ${uris}`);
  return uris;
});
if (opt.era === "modern") {
  // The SDK has no helper for the skills methods: raw requests, whose
  // result is taken as it is (Standard Schema).
  const anyResult = { "~standard": { version: 1, vendor: "mcpgen-e2e", validate: (value) => ({ value }) } };
  await check("skills/list leaves out the notes:admin skill; skills/get of it steps up to notes:admin, then gets it", async () => {
    const page = await client.request({ method: "skills/list", params: {} }, anyResult);
    expect(Array.isArray(page.skills) && page.skills.length === 0 && page.cacheScope === "private", `skills/list: ${JSON.stringify(page)}`);
    const before = seen.length;
    const got = await client.request({ method: "skills/get", params: { uri: skill } }, anyResult);
    expect(got.skill?.uri === skill && got.skill.frontmatter?.name === "note-cleanup", `skills/get: ${JSON.stringify(got)}`);
    const steps = seen.slice(before);
    const denied = steps.find((s) => s.status === 403);
    expect(denied && denied.www.includes('error="insufficient_scope"') && denied.www.includes('scope="notes:read notes:write notes:admin"'), `403: ${JSON.stringify(denied)}`);
    const tok = steps.find((s) => s.path === "/token" && s.status === 200);
    expect(tok && new URLSearchParams(tok.body).get("scope") === "notes:read notes:write notes:admin", `stepped-up token request: ${JSON.stringify(tok)}`);
    const file = await client.readResource({ uri: skill });
    expect(file.contents[0]?.text?.includes("\nname: note-cleanup\n"), `resources/read: ${JSON.stringify(file)}`);
    return steps.map((s) => `${s.method} ${s.path} ${s.status}`);
  });
}
await client.close().catch(() => {});
report();
