#!/usr/bin/env node
// ts-skills.mjs lists and reads the conformance example's skills (SEP-2640,
// the io.modelcontextprotocol/skills extension) with the official
// TypeScript SDK, as a host does: modern (v2, 2026-07-28) it finds the
// extension in the capabilities, pages through skills/list, gets an entry
// with skills/get, reads every file of every skill with resources/read and
// verifies its size and digest against the entry, and reads directories
// with resources/directory/read; the SDK has no helper for the skills
// methods, so they go as raw requests through client.request. Legacy (v1,
// v2 legacy) it sees no extension and the files as plain resources. It
// prints one JSON report on stdout, as ts-primitives.mjs does, and exits 1
// when a check fails.
//
// Usage: node clients/ts-skills.mjs [--sdk v1|v2] [--era legacy|modern]
//                                   (--stdio SERVER_BINARY | --url MCP_URL)

import { createHash } from "node:crypto";

import { assert, checker, clientOptions, loadSDK, newTransport, parseClientArgs } from "./sdk.mjs";

const opt = parseClientArgs("ts-skills.mjs");
const modern = opt.era === "modern";
const sdk = await loadSDK(opt.sdk);
const client = new sdk.Client({ name: `mcpgen-e2e-ts-${opt.sdk}`, version: "1.0.0" }, clientOptions(opt, {}));
const transport = newTransport(sdk, opt);
const { checks, check } = checker();

const extension = "io.modelcontextprotocol/skills";
// A result schema that takes the result as it is (Standard Schema), for the
// methods the SDK does not know.
const anyResult = { "~standard": { version: 1, vendor: "mcpgen-e2e", validate: (value) => ({ value }) } };
const raw = (method, params) => client.request({ method, params }, anyResult);
const readResource = (uri) => (opt.sdk === "v1" ? client.readResource({ uri }, undefined) : client.readResource({ uri }));

// bytesOf returns the raw bytes of a resources/read content.
const bytesOf = (c) => (typeof c.blob === "string" ? Buffer.from(c.blob, "base64") : Buffer.from(c.text, "utf8"));
const digestOf = (b) => "sha256:" + createHash("sha256").update(b).digest("hex");

let protocolVersion;
let connected = false;
await check("connect", async () => {
  await client.connect(transport);
  connected = true;
  protocolVersion = client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion;
  const caps = client.getServerCapabilities();
  assert(caps?.resources, `no resources capability: ${JSON.stringify(caps)}`);
  if (modern) {
    assert(caps?.extensions?.[extension]?.directoryRead === true, `capabilities.extensions: ${JSON.stringify(caps?.extensions)}`);
  } else {
    assert(caps?.extensions?.[extension] === undefined, `legacy capabilities declare ${extension}: ${JSON.stringify(caps)}`);
  }
  return { protocolVersion, extensions: caps?.extensions };
});

if (connected && modern) {
  let entries = [];
  await check("skills/list", async () => {
    let cursor;
    let pages = 0;
    do {
      const page = await raw("skills/list", cursor ? { cursor } : {});
      assert(Array.isArray(page.skills) && page.ttlMs !== undefined && page.cacheScope !== undefined, `page ${JSON.stringify(page)}`);
      entries.push(...page.skills);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    const uris = entries.map((e) => e.uri);
    assert(uris.includes("skill://pdf-processing/SKILL.md") && uris.includes("skill://acme/billing/refunds/SKILL.md"), `skills ${uris}`);
    for (const e of entries) {
      const name = e.uri.split("/").at(-2);
      assert(e.frontmatter?.name === name && typeof e.frontmatter.description === "string", `${e.uri}: frontmatter ${JSON.stringify(e.frontmatter)}`);
      assert(Array.isArray(e.resources) && e.resources.some((r) => r.uri === e.uri), `${e.uri}: resources without its SKILL.md`);
    }
    return { pages, skills: uris };
  });

  await check("skills/get", async () => {
    const want = entries.find((e) => e.uri === "skill://pdf-processing/SKILL.md");
    const got = await raw("skills/get", { uri: want.uri });
    assert(JSON.stringify(got.skill) === JSON.stringify(want), `skills/get ${JSON.stringify(got.skill)} != the listed entry ${JSON.stringify(want)}`);
    assert(got.ttlMs !== undefined && got.cacheScope !== undefined && got.nextCursor === undefined, `result ${JSON.stringify(got)}`);
    let code;
    try {
      await raw("skills/get", { uri: "skill://no-such-skill/SKILL.md" });
    } catch (e) {
      code = e.code;
    }
    assert(code === -32602, `skills/get of no skill: code ${code}, want -32602`);
    return { uri: want.uri, files: got.skill.resources.length };
  });

  // What a host does when it loads a skill: every file read, and checked
  // against the entry's size and digest.
  await check("files verified", async () => {
    let files = 0;
    for (const e of entries) {
      for (const r of e.resources) {
        const res = await readResource(r.uri);
        const c = res.contents[0];
        const b = bytesOf(c);
        assert(b.length === r.size, `${r.uri}: ${b.length} bytes, the entry says ${r.size}`);
        assert(digestOf(b) === r.digest, `${r.uri}: digest ${digestOf(b)}, the entry says ${r.digest}`);
        if (r.uri === e.uri) {
          assert(c.mimeType === "text/markdown" && c.text.startsWith("---\n") && c.text.includes(`\nname: ${e.frontmatter.name}\n`), `${r.uri}: ${JSON.stringify(c).slice(0, 200)}`);
        }
        files++;
      }
    }
    return { files };
  });

  await check("resources/directory/read", async () => {
    const list = async (uri) => {
      const out = [];
      let cursor;
      do {
        const page = await raw("resources/directory/read", cursor ? { uri, cursor } : { uri });
        out.push(...page.resources);
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };
    const root = await list("skill://pdf-processing");
    const names = root.map((r) => `${r.uri.split("/").at(-1)}${r.mimeType === "inode/directory" ? "/" : ""}`).sort();
    assert(JSON.stringify(names) === JSON.stringify(["SKILL.md", "references/", "scripts/", "templates/"]), `skill://pdf-processing holds ${names}`);
    const templates = (await list("skill://pdf-processing/templates")).map((r) => r.uri).sort();
    assert(JSON.stringify(templates) === JSON.stringify(["skill://pdf-processing/templates/invoice.md", "skill://pdf-processing/templates/regional"]), `templates ${templates}`);
    let code;
    try {
      await raw("resources/directory/read", { uri: "skill://pdf-processing/SKILL.md" });
    } catch (e) {
      code = e.code;
    }
    assert(code === -32602, `directory read of a file: code ${code}, want -32602`);
    return { root: names, templates };
  });
}

if (connected && !modern) {
  await check("files as resources", async () => {
    const res = await readResource("skill://pdf-processing/SKILL.md");
    const c = res.contents[0];
    assert(c.mimeType === "text/markdown" && c.text.includes("\nname: pdf-processing\n"), `SKILL.md ${JSON.stringify(c).slice(0, 200)}`);
    const listed = opt.sdk === "v1" ? await client.listResources({}, undefined) : await client.listResources();
    const skill = listed.resources.find((r) => r.uri === "skill://pdf-processing/SKILL.md");
    assert(skill?.name === "pdf-processing" && skill.description?.startsWith("Extract text"), `resources/list: ${JSON.stringify(skill)}`);
    return { name: skill.name };
  });
}

const ok = checks.every((c) => c.ok);
process.stdout.write(JSON.stringify({ sdk: opt.sdk, era: opt.era, protocolVersion, ok, checks }) + "\n");
try { await client.close(); } catch {}
process.exit(ok ? 0 : 1);
