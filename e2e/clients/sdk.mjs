// sdk.mjs holds what the client scripts share: their command line and the
// loading of the TypeScript SDK they were asked for.
//
// Usage of a script: node clients/SCRIPT.mjs [--sdk v1|v2] [--era legacy|modern]
//                                             (--stdio SERVER_BINARY | --url MCP_URL)
//   --sdk v1  @modelcontextprotocol/sdk (legacy protocol only, up to 2025-11-25)
//   --sdk v2  @modelcontextprotocol/client; --era modern pins 2026-07-28
//             (server/discover), --era legacy uses initialize.

import { parseArgs } from "node:util";

// parseClientArgs reads the command line, or exits 2 with the usage; extra
// are the script's own options (util.parseArgs options).
export function parseClientArgs(script, extra = {}) {
  const { values: opt } = parseArgs({
    options: {
      sdk: { type: "string", default: "v1" },
      era: { type: "string", default: "legacy" },
      stdio: { type: "string" },
      url: { type: "string" },
      ...extra,
    },
  });
  if ((!opt.stdio) === (!opt.url) || !["v1", "v2"].includes(opt.sdk) || !["legacy", "modern"].includes(opt.era) ||
      (opt.sdk === "v1" && opt.era === "modern")) {
    console.error(`usage: ${script} [--sdk v1|v2] [--era legacy|modern] (--stdio BIN | --url URL); v1 is legacy only`);
    process.exit(2);
  }
  return opt;
}

// loadSDK imports the client classes of the SDK sdk; types holds v1's
// request and notification schemas (v2 takes method names instead).
export async function loadSDK(sdk) {
  if (sdk === "v1") {
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const types = await import("@modelcontextprotocol/sdk/types.js");
    return { Client, StdioClientTransport, StreamableHTTPClientTransport, types };
  }
  const { Client, StreamableHTTPClientTransport } = await import("@modelcontextprotocol/client");
  const { StdioClientTransport } = await import("@modelcontextprotocol/client/stdio");
  return { Client, StdioClientTransport, StreamableHTTPClientTransport, types: undefined };
}

// clientOptions returns the Client options for the era (v2 negotiates it).
export function clientOptions(opt, capabilities) {
  const options = { capabilities };
  if (opt.sdk === "v2") options.versionNegotiation = { mode: opt.era === "modern" ? { pin: "2026-07-28" } : "legacy" };
  return options;
}

// newTransport returns the transport the command line names.
export function newTransport(sdk, opt) {
  return opt.stdio
    ? new sdk.StdioClientTransport({ command: opt.stdio, args: [], stderr: "inherit" })
    : new sdk.StreamableHTTPClientTransport(new URL(opt.url));
}

// checker returns a report's checks and the function that runs one: it
// records {name, ok, detail}, detail being what fn returned or the error.
export function checker() {
  const checks = [];
  async function check(name, fn) {
    try {
      const detail = await fn();
      checks.push({ name, ok: true, ...(detail !== undefined && { detail }) });
    } catch (e) {
      checks.push({ name, ok: false, detail: String(e?.stack ?? e) });
    }
  }
  return { checks, check };
}

// assert throws msg unless cond holds.
export function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
