// Large answers are written as the client reads them (server.ts pipes them with backpressure): readers that
// stop reading a sitemap file of 50,000 URLs or a list of 1,000 articles hold nothing up, and once they read on
// they get every byte. That the pieces are made only as they are read is shown in
// tests/integration/streamed-answers.test.ts: here the kernel's socket buffers (up to 4 MB sent and unread per
// connection on loopback) take half a sitemap file, so the process's memory cannot tell the two apart.
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { SITEMAP_URL_LIMIT } from "~/feed/article-page.server";
import { writeArticleRows } from "../support/article-rows";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { hardeningPort } from "./harness";

const PORT = hardeningPort("streaming");
const ARTICLES = 60_000;
const READERS = 6;

let server: ProductionServer;

type Reader = { status: number; headers: http.IncomingHttpHeaders; readOn(): Promise<string> };

/** A GET whose answer is not read past its headers until `readOn`: the socket stops taking bytes meanwhile. */
function pausedGet(url: string): Promise<Reader> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { "Accept-Encoding": "identity" } }, (res) => {
        res.pause();
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          readOn: () =>
            new Promise((done, failed) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
              res.on("error", failed);
              res.resume();
            }),
        });
      })
      .on("error", reject);
  });
}

async function readWhole(url: string) {
  return (await pausedGet(url)).readOn();
}

beforeAll(async () => {
  const file = path.join(path.dirname(process.env.DATABASE_URL!), "streaming.db");
  fs.rmSync(file, { force: true });
  db().run(sql`VACUUM INTO ${file}`);
  // Enough articles for a full sitemap file of 50,000 URLs and a second one.
  await writeArticleRows(
    file,
    Array.from({ length: ARTICLES }, (_, index) => ({
      title: `Streaming test rule number ${index + 1} on the reporting of emissions`,
      summary: `A summary of rule ${index + 1}.`,
      category: "regulatory-changes",
      sourceName: "Test source",
      originalUrl: `https://example.gov/streaming/${index + 1}`,
      publishDate: new Date(1_735_689_600_000 + (index + 1) * 60_000),
    })),
  );
  server = await startProductionServer({ port: PORT, databaseFile: file });
});

afterAll(async () => {
  await server?.stop();
});

describe("large answers and slow readers", () => {
  it("sends sitemap files whole to readers that stopped reading, and answers others meanwhile", async () => {
    const url = `${server.url}/sitemaps/1.xml`;
    const whole = await readWhole(url);
    expect(whole.match(/<url>/g)).toHaveLength(SITEMAP_URL_LIMIT);
    const fileBytes = Buffer.byteLength(whole);
    expect(fileBytes).toBeGreaterThan(5_000_000);
    const readers = await Promise.all(Array.from({ length: READERS }, () => pausedGet(url)));
    // While they wait, the process answers others.
    expect((await readWhole(`${server.url}/healthz`)).length).toBeGreaterThan(0);
    expect((await readWhole(`${server.url}/sitemaps/2.xml`)).endsWith("</urlset>\n")).toBe(true);

    const bodies = await Promise.all(readers.map((reader) => reader.readOn()));
    for (const [i, body] of bodies.entries()) {
      expect(readers[i].status).toBe(200);
      expect(readers[i].headers["content-type"]).toBe("application/xml; charset=utf-8");
      expect(body).toBe(whole);
    }
    expect(server.alarmingLines).toEqual([]);
  });

  it("sends a list of 1,000 articles whole, with its ETag, to a reader that paused", async () => {
    const url = `${server.url}/api/articles?limit=1000`;
    const reader = await pausedGet(url);
    expect(reader.status).toBe(200);
    expect(reader.headers["x-total-count"]).toBe(String(ARTICLES));
    const text = await reader.readOn();
    const articles = JSON.parse(text) as { id: number }[];
    expect(articles).toHaveLength(1000);
    expect(new Set(articles.map((article) => article.id)).size).toBe(1000);
    // The ETag is of the body sent: a client holding it gets a 304.
    const again = await fetch(url, { headers: { "If-None-Match": reader.headers.etag! } });
    expect(again.status).toBe(304);
    // A client taking brotli gets the same body compressed in one pass (app/http/content-encoding.server.ts), its
    // length known, with the same ETag.
    const compressed = await new Promise<http.IncomingMessage & { body: Buffer }>((resolve, reject) => {
      http
        .get(url, { agent: false, headers: { "Accept-Encoding": "gzip, deflate, br" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["content-length"]).toBe(String(compressed.body.length));
    expect(compressed.headers.etag).toBe(reader.headers.etag);
    expect(zlib.brotliDecompressSync(compressed.body).toString("utf8")).toBe(text);
    expect(server.alarmingLines).toEqual([]);
  });

  it("writes the sitemap file a second time from its pieces, identical to the first", async () => {
    const first = await readWhole(`${server.url}/sitemaps/2.xml`);
    expect(first.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset`)).toBe(true);
    expect(first.endsWith("\n</urlset>\n")).toBe(true);
    expect(first.match(/<url>/g)).toHaveLength(ARTICLES + 3 - SITEMAP_URL_LIMIT);
    expect(await readWhole(`${server.url}/sitemaps/2.xml`)).toBe(first);
  });
});
