// Static files compressed once at build time (scripts/precompress.ts, the last step of `npm run build`) and
// served by the production server as they were written: brotli or gzip to a client that accepts it, the file
// itself to one that accepts neither, with the headers the static middleware gives the file.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductionServer } from "../support/prod-server";
import { precompress } from "../../scripts/precompress";
import { PER_REQUEST_BROTLI_QUALITY } from "~/http/content-encoding.server";
import { serveTestDatabase } from "./harness";

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request through node:http, so the body arrives as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

let server: ProductionServer;
/** The feed's Mantine stylesheet and its largest script: build assets of the page, found through its markup. */
let assets: { url: string; file: string }[];

beforeAll(async () => {
  // The build the suite runs against may come from `npx remix build` alone: give it the build step's copies.
  precompress(path.resolve("public"));
  server = await serveTestDatabase("precompressed");
  const html = (await rawGet(server.url + "/")).body.toString("utf8");
  const urls = [...html.matchAll(/"(\/build\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]);
  const toFile = (url: string) => path.resolve("public", url.slice(1));
  const scripts = urls.filter((url) => url.endsWith(".js")).sort((a, b) => fs.statSync(toFile(b)).size - fs.statSync(toFile(a)).size);
  assets = [urls.find((url) => /\/mantine-[^/]+\.css$/.test(url))!, scripts[0]].map((url) => ({ url, file: toFile(url) }));
  expect(assets.every(({ url }) => url)).toBe(true);
});

afterAll(() => server?.stop());

describe("precompressed static files", () => {
  it.each([
    ["br", ".br", (data: Buffer) => zlib.brotliDecompressSync(data)],
    ["gzip", ".gz", (data: Buffer) => zlib.gunzipSync(data)],
  ] as const)("sends the %s copy written at build time, with the file's own headers", async (encoding, suffix, decode) => {
    for (const { url, file } of assets) {
      const plain = await rawGet(server.url + url, { "Accept-Encoding": "identity" });
      const answer = await rawGet(server.url + url, { "Accept-Encoding": encoding === "br" ? "gzip, deflate, br" : "gzip" });
      expect(answer.status, url).toBe(200);
      expect(answer.headers["content-encoding"], url).toBe(encoding);
      expect(answer.headers.vary, url).toMatch(/Accept-Encoding/i);
      expect(answer.headers["content-type"], url).toBe(plain.headers["content-type"]);
      expect(answer.headers["content-type"], url).toMatch(url.endsWith(".css") ? /^text\/css/ : /javascript/);
      expect(answer.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(answer.headers["x-content-type-options"], url).toBe("nosniff");
      expect(Number(answer.headers["content-length"]), url).toBe(answer.body.length);
      // The bytes of the copy on disk (compressed once, at the highest level), which decode to the file.
      expect(answer.body.equals(fs.readFileSync(file + suffix)), url).toBe(true);
      expect(decode(answer.body).equals(fs.readFileSync(file)), url).toBe(true);
      // Smaller than what compressing on the fly gives (the server's brotli quality, gzip level 6).
      expect(answer.body.length, url).toBeLessThan(
        encoding === "br"
          ? zlib.brotliCompressSync(fs.readFileSync(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } }).length
          : zlib.gzipSync(fs.readFileSync(file)).length,
      );
    }
  });

  it("sends the file itself to a client that accepts no encoding, and says the answer varies", async () => {
    for (const { url, file } of assets) {
      const answer = await rawGet(server.url + url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers["content-encoding"], url).toBeUndefined();
      expect(answer.headers.vary, url).toMatch(/Accept-Encoding/i);
      expect(answer.headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
      expect(answer.body.equals(fs.readFileSync(file)), url).toBe(true);
    }
  });

  it("keeps conditional requests working on the compressed answer", async () => {
    const { url } = assets[0];
    const first = await rawGet(server.url + url, { "Accept-Encoding": "br" });
    expect(first.headers.etag).toBeTruthy();
    const again = await rawGet(server.url + url, { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    // The identity answer is another representation: it must not share the compressed one's validator.
    const plain = await rawGet(server.url + url);
    expect(plain.headers.etag).not.toBe(first.headers.etag);
  });

  it("serves nothing from outside public/", async () => {
    for (const url of ["/build/%2e%2e/%2e%2e/package.json", "/%2e%2e/package.json", "/build/no-such-file.js"]) {
      const answer = await rawGet(server.url + url, { "Accept-Encoding": "br", Accept: "application/json" });
      expect(answer.status, url).toBe(404);
      const body = answer.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(answer.body) : answer.body;
      expect(body.toString("utf8"), url).not.toContain('"dereg-dashboard"');
    }
  });
});
