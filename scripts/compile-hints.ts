// A step of `npm run build`, before scripts/precompress.ts: marks the scripts every page runs as it starts (the
// Remix entry and the chunk it imports: React, the router, Remix and the public pages' shared modules, decision
// 065) with V8's compile hint `//# allFunctionsCalledOnLoad`. Without it, Chromium compiles each function of a
// module on the page's main thread when the function is first called, after a first pass that only found where
// it ends; with it, the whole file is compiled once, on a background thread while it downloads. Browsers without
// the hint read a comment. Decision 068.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

type BrowserManifest = { entry: { module: string; imports?: string[] } };

/** The browser build's manifest (`window.__remixManifest={...};` in public/build/manifest-<hash>.js). */
function readManifest(buildDir: string): BrowserManifest {
  const file = fs.readdirSync(buildDir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name));
  if (!file) throw new Error(`No manifest-<hash>.js under ${buildDir}: run remix build first`);
  const text = fs.readFileSync(path.join(buildDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as BrowserManifest;
}

/**
 * Puts the hint first in each start-up script under `publicDir` (the manifest's addresses are /build/...), once,
 * and moves its source map's lines down by the one line added. Returns the files marked.
 */
export function markStartupScripts(publicDir: string): string[] {
  const { entry } = readManifest(path.join(publicDir, "build"));
  const marked: string[] = [];
  for (const url of [entry.module, ...(entry.imports ?? [])]) {
    const file = path.join(publicDir, url.replace(/^\//, ""));
    const code = fs.readFileSync(file, "utf8");
    if (code.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(file, COMPILE_HINT + code);
    const mapFile = `${file}.map`;
    if (fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { mappings: string };
      // A ";" starts the next generated line: the mappings of the first line now describe the second.
      fs.writeFileSync(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
    marked.push(file);
  }
  return marked;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve(process.argv[2] ?? "public");
  const marked = markStartupScripts(publicDir);
  console.log(`compile hint on ${marked.length} start-up script(s): ${marked.map((file) => path.relative(publicDir, file)).join(", ") || "already marked"}`);
}
