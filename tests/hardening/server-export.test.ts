// The CSV export (/export.csv, app/feed/export.server.ts and its pipe in server.ts), over real HTTP against the
// production build on the demo data: every row, compressed when asked, with the security headers; the Saved view
// refused; HEAD without a body; a reader who goes away mid-download; at most 2 exports per client address and 4 in
// all, the next refused with 429 and Retry-After, a slot freed when a reader hangs up.
import http from "node:http";
import zlib from "node:zlib";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_LIMITS } from "~/feed/export.server";
import { db } from "~/db.server";
import { writeArticleRows } from "../support/article-rows";
import type { ProductionServer } from "../support/prod-server";
import { nextClientAddress } from "./fixtures";
import { rawRequest, serveDemoData } from "./server-support";

const FILE = "serverExport";

/**
 * `count` articles from the source `sourceName`, each summary `summaryLength` characters, written in one transaction:
 * enough text that an export cannot fit in the socket buffers.
 */
async function addBulkArticles(sourceName: string, count: number, summaryLength: number) {
  const slug = sourceName.toLowerCase().replace(/\s+/g, "-");
  await writeArticleRows(
    db().$client,
    Array.from({ length: count }, (_, index) => ({
      title: `${sourceName} notice ${index + 1}`,
      summary: "x".repeat(summaryLength),
      priority: "low",
      sourceName,
      originalUrl: `https://example.gov/${slug}/${index + 1}`,
      publishDate: new Date(1_500_000_000_000 + index + 1),
    })),
  );
}

describe("the server on the demo data", () => {
  let server: ProductionServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await serveDemoData(FILE, tokens);
  });

  afterAll(() => server?.stop());

  describe("the CSV export, written as fast as the client reads it", () => {
    it("sends every row, compressed when asked, with the security headers; the Saved view is refused; HEAD has no body", async () => {
      const total = db().get<{ n: number }>(sql`SELECT count(*) AS n FROM articles`).n;
      const answer = await rawRequest(`${server.url}/export.csv`, { headers: { "Accept-Encoding": "br" } });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="deregulation-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["content-encoding"]).toBe("br");
      const text = zlib.brotliDecompressSync(answer.body).toString("utf8");
      const [header, ...rows] = parse(text, { bom: true }) as string[][];
      expect(header.slice(0, 3)).toEqual(["id", "published", "title"]);
      expect(rows).toHaveLength(total);
      expect(new Set(rows.map((row) => row[0])).size).toBe(total);

      // More HEADs than one address may run exports at once: each frees the slot of the export it started.
      for (let i = 0; i <= EXPORT_LIMITS.perClient; i++) {
        const head = await rawRequest(`${server.url}/export.csv`, { method: "HEAD" });
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
      }
      const saved = await rawRequest(`${server.url}/export.csv?saved=1`);
      expect(saved.status).toBe(400);
      expect(JSON.parse(saved.body.toString()).message).toMatch(/Saved view/);
    });
    it("stops when the reader goes away mid-download, and the web process lives on with nothing logged as failed", async () => {
      // Enough text that the export cannot fit in the socket buffers: 4,000 articles of 1,500 characters each.
      await addBulkArticles("Export bulk", 4000, 1500);
      // The reader takes the first bytes and then none: the server waits for the socket, and the reader hangs up.
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${server.url}/export.csv`, { agent: false }, (response) => {
          response.once("data", () => {
            response.pause();
            setTimeout(() => {
              request.destroy();
              resolve();
            }, 300);
          });
        });
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.exitCode()).toBeNull();
      expect((await rawRequest(`${server.url}/healthz`)).status).toBe(200);
      expect(server.alarmingLines).toEqual([]);
      db().run(sql`DELETE FROM articles WHERE source_name = 'Export bulk'`);
    });

    it("runs at most 2 exports per client address and 4 in all, refuses the next with 429 and Retry-After, and frees a slot when a reader hangs up", async () => {
      // 16 MB of CSV: far more than the socket buffers hold, so a reader who pauses keeps its export in flight.
      await addBulkArticles("Export slots", 8000, 2000);
      type OpenExport = { status: number; headers: http.IncomingHttpHeaders; body: string; hangUp(): void };
      /** An export that takes its first bytes and then pauses (it stays in flight); any other answer is read whole. */
      const openExport = (address: string) =>
        new Promise<OpenExport>((resolve, reject) => {
          const request = http.get(`${server.url}/export.csv`, { agent: false, headers: { "X-Forwarded-For": address } }, (response) => {
            const hangUp = () => request.destroy();
            const answer = { status: response.statusCode!, headers: response.headers, hangUp };
            if (response.statusCode === 200)
              return response.once("data", () => {
                response.pause();
                resolve({ ...answer, body: "" });
              });
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ ...answer, body: Buffer.concat(chunks).toString("utf8") }));
          });
          request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
        });
      const [a, b, c] = [nextClientAddress(), nextClientAddress(), nextClientAddress()];
      const open: OpenExport[] = [];
      try {
        open.push(await openExport(a), await openExport(a));
        expect(open.map((e) => e.status)).toEqual([200, 200]);
        const thirdFromA = await openExport(a);
        expect(thirdFromA.status).toBe(429);
        expect(thirdFromA.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
        expect(JSON.parse(thirdFromA.body).message).toMatch(/exports/i);

        open.push(await openExport(b), await openExport(b));
        expect(open.map((e) => e.status)).toEqual([200, 200, 200, 200]);
        const overAll = await openExport(c);
        expect(overAll.status).toBe(429);
        expect(overAll.headers["retry-after"]).toMatch(/^[1-9]\d*$/);

        // One reader hangs up: its slot is freed once the server sees the connection gone.
        open[0].hangUp();
        let next = await openExport(c);
        while (next.status === 429) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          next = await openExport(c);
        }
        open.push(next);
        expect(next.status).toBe(200);
        expect(server.exitCode()).toBeNull();
        expect(server.alarmingLines).toEqual([]);
      } finally {
        for (const e of open) e.hangUp();
        db().run(sql`DELETE FROM articles WHERE source_name = 'Export slots'`);
      }
    });
  });
});
