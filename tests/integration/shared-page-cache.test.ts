// The shared page cache (app/http/shared-page-cache.server.ts) over real HTTP on loopback: it keeps at most its
// bound in bytes, dropping the least recently used page first, and answers every encoding from what it keeps.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedPageCache } from "~/http/shared-page-cache.server";

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

/** What one page costs: its gzip and brotli copies, as the cache makes them. */
function entryBytes(page: string) {
  const gzip = zlib.gzipSync(page, { level: 6 });
  const br = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } });
  return gzip.length + br.length;
}

// Room for two and a half pages: two fit, a third pushes one out.
const MAX_BYTES = Math.round(2.5 * entryBytes(pageOf("/page/0")));

const cache = sharedPageCache({
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
});

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
    await request("/page/1", { "Accept-Encoding": "br" });
    await request("/page/2", { "Accept-Encoding": "br" });
    expect(cache.stats().entries).toBe(2);
    // A hit makes page 1 the most recently used: page 3 then pushes out page 2.
    await request("/page/1", { "Accept-Encoding": "br" });
    await request("/page/3", { "Accept-Encoding": "br" });
    expect(cache.stats().bytes).toBeLessThanOrEqual(MAX_BYTES);
    expect(cache.stats().entries).toBe(2);
    expect(rendered).toEqual(["/page/1", "/page/2", "/page/3"]);

    await request("/page/1", { "Accept-Encoding": "br" });
    expect(rendered).toEqual(["/page/1", "/page/2", "/page/3"]);
    await request("/page/2", { "Accept-Encoding": "br" });
    expect(rendered).toEqual(["/page/1", "/page/2", "/page/3", "/page/2"]);

    for (let n = 4; n < 30; n++) await request(`/page/${n}`, { "Accept-Encoding": "gzip" });
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
