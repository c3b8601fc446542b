// The last step of `npm run build`: a brotli (quality 11) and a gzip (level 9) copy of every compressible file
// under public/ (the Remix build in public/build included), which the web server sends to clients that accept
// them (app/http/precompressed.server.ts) instead of compressing the file again on each request.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { PRECOMPRESSED_ENCODINGS } from "../app/http/precompressed.server";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|html|xml|map|webmanifest)$/;
/** Below this size a compressed copy saves less than its own headers cost (the compression middleware's threshold). */
const MIN_BYTES = 1024;

const COMPRESS: Record<(typeof PRECOMPRESSED_ENCODINGS)[number]["encoding"], (data: Buffer) => Buffer> = {
  br: (data) =>
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    }),
  gzip: (data) => zlib.gzipSync(data, { level: 9 }),
};

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/** Writes the compressed copies of the files under `dir`; a copy not smaller than its file is left out. */
export function precompress(dir: string) {
  let written = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const data = fs.readFileSync(file);
    for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
      const copy = file + suffix;
      fs.rmSync(copy, { force: true });
      if (data.length < MIN_BYTES) continue;
      const compressed = COMPRESS[encoding](data);
      if (compressed.length >= data.length) continue;
      fs.writeFileSync(copy, compressed);
      written++;
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? "public");
  const started = performance.now();
  const written = precompress(dir);
  console.log(`precompressed ${written} copies under ${dir} in ${Math.round(performance.now() - started)} ms`);
}
