// The server bundle as V8 holds it. V8 keeps the source of every loaded module for as long as the process runs, one
// byte a character when the text is all ASCII and two bytes a character otherwise: one non-ASCII character left
// in build/index.js (a dash inside a regular expression, which esbuild does not escape) doubles its copy, 2.3 MB
// more live heap in every web process and job runner (docs/benchmarks.md, "What the web process's live heap holds").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("the server bundle", () => {
  it("is ASCII, so its source is held one byte a character", () => {
    const text = fs.readFileSync(path.resolve("build/index.js"), "utf8");
    const lines = text.split("\n");
    const nonAscii = lines.flatMap((line, at) => (/[^\x00-\x7f]/.test(line) ? [`build/index.js:${at + 1}: ${line.trim().slice(0, 120)}`] : []));
    // Write such a character as an escape in the source (\u2014 for an em dash), or as words in a comment.
    expect(nonAscii).toEqual([]);
    expect(lines.length).toBeGreaterThan(10_000);
  });
});
