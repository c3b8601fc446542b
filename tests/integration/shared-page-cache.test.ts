// The shared page cache (app/http/shared-page-cache.server.ts) over real HTTP on loopback: it keeps at most its
// bound in bytes, dropping the least recently used page first, and answers every encoding from what it keeps.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressedOnce } from "~/http/content-encoding.server";
import { CAREFUL_BROTLI_QUALITY, sharedPageCache, type SharedPageOptions } from "~/http/shared-page-cache.server";

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

let server: http.Server;
let base: string;
const rendered: string[] = [];
/** Each page's HTML: random text compresses little and evenly, so every page costs about the same in the cache. */
const pages = new Map<string, string>();

function pageOf(key: string) {
  let page = pages.get(key);
  if (!page) pages.set(key, (page = `<!DOCTYPE html><p>${key}</p><p>${randomBytes(45_000).toString("base64")}</p>`));
  return page;
}

/** The brotli copy a page answered more than once is kept as. */
const carefulBrotli = (page: string) => zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: CAREFUL_BROTLI_QUALITY } });

/** What one page costs at most: its gzip copy and its careful brotli copy. */
function entryBytes(page: string) {
  return compressedOnce(page, "gzip").length + carefulBrotli(page).length;
}

/** Asks for a page in both encodings, so the cache keeps both copies of it. */
async function requestBoth(urlPath: string) {
  await request(urlPath, { "Accept-Encoding": "br" });
  await request(urlPath, { "Accept-Encoding": "gzip" });
}

// Room for two and a half pages: two fit, a third pushes one out.
const MAX_BYTES = Math.round(2.5 * entryBytes(pageOf("/page/0")));

const options: SharedPageOptions = {
  shareableKey: (req) => req.path,
  revision: async () => "1",
  version: "test",
  secret: "a-secret-of-at-least-thirty-two-characters",
  maxBytes: MAX_BYTES,
  render: async (req) => {
    if (req.path === "/page/missing") throw new Error("no such page");
    rendered.push(req.path);
    return new Response(pageOf(req.path), { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  },
  fallback: (_req, res) => res.status(500).end(),
};
const cache = sharedPageCache(options);
/** The same pages under /roomy/, in a cache bounded as the product's is: nothing pushed out in these tests. */
const roomy = sharedPageCache({ ...options, maxBytes: undefined });

function request(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .request(base + urlPath, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

beforeAll(async () => {
  const app = express();
  app.get("/page/:n", cache);
  app.get("/roomy/:n", roomy);
  // The product's error handler answers a refusal; here, as plainly as possible.
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => void res.status(404).json({ error: "Not found" }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
});

describe("the shared page cache", () => {
  it("keeps at most its bound in bytes and drops the least recently used page first", async () => {
    await requestBoth("/page/1");
    await requestBoth("/page/2");
    expect(cache.stats().entries).toBe(2);
    // A hit makes page 1 the most recently used: page 3 then pushes out page 2.
    await request("/page/1", { "Accept-Encoding": "br" });
    await requestBoth("/page/3");
    expect(cache.stats().bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(cache.stats().entries).toBe(2);
    expect(rendered).toEqual(["/page/1", "/page/2", "/page/3"]);

    await request("/page/1", { "Accept-Encoding": "br" });
    expect(rendered).toEqual(["/page/1", "/page/2", "/page/3"]);
    await request("/page/2", { "Accept-Encoding": "br" });
    expect(rendered).toEqual(["/page/1", "/page/2", "/page/3", "/page/2"]);

    for (let n = 4; n < 30; n++) await requestBoth(`/page/${n}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(cache.stats().entries).toBeLessThanOrEqual(2);
  });

  it("answers brotli, gzip and uncompressed from the compressed copies it keeps", async () => {
    const page = pageOf("/page/40");
    const br = await request("/page/40", { "Accept-Encoding": "br" });
    const gzip = await request("/page/40", { "Accept-Encoding": "gzip" });
    const plain = await request("/page/40", { "Accept-Encoding": "identity" });
    expect(rendered.filter((p) => p === "/page/40")).toHaveLength(1);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(page);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(page));
  });

  it("makes the copy its first reader asks for as a page rendered per request, each other one when first asked", async () => {
    const key = "/roomy/50";
    const page = pageOf(key);
    const before = roomy.stats().bytes;
    const first = await request(key, { "Accept-Encoding": "br" });
    expect(first.body.equals(compressedOnce(page, "br"))).toBe(true);
    expect(roomy.stats().bytes - before).toBeLessThan(first.body.length + 1_000);
    // Asked again: worth compressing with more care, once.
    const second = await request(key, { "Accept-Encoding": "br" });
    expect(second.body.equals(carefulBrotli(page))).toBe(true);
    const third = await request(key, { "Accept-Encoding": "br" });
    expect(third.body.equals(second.body)).toBe(true);
    // The gzip copy is made when a reader first asks for it, and kept beside the other.
    const withBrotliOnly = roomy.stats().bytes;
    const gzip = await request(key, { "Accept-Encoding": "gzip" });
    expect(gzip.body.equals(compressedOnce(page, "gzip"))).toBe(true);
    expect(roomy.stats().bytes - withBrotliOnly).toBe(gzip.body.length);
    expect(rendered.filter((p) => p === key)).toHaveLength(1);
  });

  it("serves a page larger than the whole bound without keeping it", async () => {
    const key = "/page/huge";
    pages.set(key, `<!DOCTYPE html><p>${randomBytes(MAX_BYTES).toString("base64")}</p>`);
    const before = cache.stats();
    const answer = await request(key, { "Accept-Encoding": "gzip" });
    expect(answer.status).toBe(200);
    expect(zlib.gunzipSync(answer.body).toString()).toBe(pages.get(key));
    expect(cache.stats().bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(cache.stats().entries).toBeLessThanOrEqual(before.entries);
  });

  it("answers a refusal without the shared copy's ETag or cache policy", async () => {
    const answer = await request("/page/missing");
    expect(answer.status).toBe(404);
    // Express's own weak tag of the JSON body may stand; the shared copy's strong one may not.
    expect(answer.headers.etag ?? "").not.toMatch(/^"/);
    expect(answer.headers["cache-control"]).toBeUndefined();
  });
});
