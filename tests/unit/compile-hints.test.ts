// The build step that marks the start-up scripts with V8's compile hint (scripts/compile-hints.ts), on a browser
// build laid out as Remix writes it, in a temporary directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, markStartupScripts } from "../../scripts/compile-hints";

let publicDir: string;
const file = (url: string) => path.join(publicDir, url);
const read = (url: string) => fs.readFileSync(file(url), "utf8");

const entry = 'import{a as r}from"/build/_shared/chunk-ONE.js";r();\n';
const shared = "var a=function(){return 1};export{a};\n//# sourceMappingURL=chunk-ONE.js.map\n";
const route = "export default function(){}\n";

beforeEach(() => {
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  fs.mkdirSync(file("build/_shared"), { recursive: true });
  const manifest = {
    entry: { module: "/build/entry.client-ABC.js", imports: ["/build/_shared/chunk-ONE.js"] },
    routes: { root: { id: "root", module: "/build/root-DEF.js", imports: ["/build/_shared/chunk-TWO.js"] } },
  };
  fs.writeFileSync(file("build/manifest-1234ABCD.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
  fs.writeFileSync(file("build/entry.client-ABC.js"), entry);
  fs.writeFileSync(file("build/_shared/chunk-ONE.js"), shared);
  fs.writeFileSync(file("build/_shared/chunk-ONE.js.map"), JSON.stringify({ version: 3, sources: ["a.ts"], names: [], mappings: "AAAA,IAAI" }));
  fs.writeFileSync(file("build/_shared/chunk-TWO.js"), route);
  fs.writeFileSync(file("build/root-DEF.js"), route);
});

afterEach(() => fs.rmSync(publicDir, { recursive: true, force: true }));

describe("the compile hint on the start-up scripts", () => {
  it("marks the entry and the chunks it imports, and nothing a route alone loads", () => {
    const marked = markStartupScripts(publicDir).map((f) => path.relative(publicDir, f));
    expect(marked).toEqual(["build/entry.client-ABC.js", "build/_shared/chunk-ONE.js"]);
    expect(read("build/entry.client-ABC.js")).toBe(COMPILE_HINT + entry);
    expect(read("build/_shared/chunk-ONE.js")).toBe(COMPILE_HINT + shared);
    expect(read("build/_shared/chunk-TWO.js")).toBe(route);
    expect(read("build/root-DEF.js")).toBe(route);
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("keeps the source map on its lines: the added first line maps to nothing", () => {
    markStartupScripts(publicDir);
    const map = JSON.parse(read("build/_shared/chunk-ONE.js.map")) as { mappings: string; sources: string[] };
    expect(map.mappings).toBe(";AAAA,IAAI");
    expect(map.sources).toEqual(["a.ts"]);
  });

  it("marks a file once, however often the step runs", () => {
    markStartupScripts(publicDir);
    expect(markStartupScripts(publicDir)).toEqual([]);
    expect(read("build/_shared/chunk-ONE.js")).toBe(COMPILE_HINT + shared);
    expect(JSON.parse(read("build/_shared/chunk-ONE.js.map")).mappings).toBe(";AAAA,IAAI");
  });

  it("says so when there is no browser build to mark", () => {
    fs.rmSync(file("build/manifest-1234ABCD.js"));
    expect(() => markStartupScripts(publicDir)).toThrow(/No manifest-<hash>\.js under .*: run remix build first/);
  });
});
