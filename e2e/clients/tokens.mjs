#!/usr/bin/env node
// tokens.mjs counts the tokens of texts with OpenAI's o200k_base and
// cl100k_base tokenizers (js-tiktoken, whose ranks ship in the package: no
// download). It reads a JSON array of strings from the file given and
// prints {"o200k_base": [...], "cl100k_base": [...]}, one count per text.
//
// Usage: node clients/tokens.mjs FILE

import { readFileSync } from "node:fs";
import { getEncoding } from "js-tiktoken";

const texts = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = {};
for (const name of ["o200k_base", "cl100k_base"]) {
  const enc = getEncoding(name);
  out[name] = texts.map((s) => enc.encode(s).length);
}
console.log(JSON.stringify(out));
