#!/usr/bin/env node
// frontmatter.mjs reads, on stdin, a JSON list of {file, frontmatter}: a
// SKILL.md and the front matter that mcpgen wrote for it into a generated
// file (runtime.Skill.Frontmatter, JSON text). It parses the file's front
// matter with the YAML parser (package yaml) that the conformance suite and
// hosts use, as the suite extracts it, and prints {checked, failures}: the
// skills extension requires the entry's frontmatter to be identical in
// content to the file's.
//
// Usage: node clients/frontmatter.mjs < list.json

import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";

import { parse } from "yaml";

const list = JSON.parse(readFileSync(0, "utf8"));
const failures = [];
for (const { file, frontmatter } of list) {
  const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  const m = text.match(/^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/);
  if (!m) {
    failures.push(`${file}: no front matter`);
    continue;
  }
  const want = parse(m[1]);
  const got = JSON.parse(frontmatter);
  if (!isDeepStrictEqual(got, want)) {
    failures.push(`${file}: mcpgen wrote ${JSON.stringify(got)}\nthe yaml package reads ${JSON.stringify(want)}`);
  }
}
process.stdout.write(JSON.stringify({ checked: list.length, failures }) + "\n");
