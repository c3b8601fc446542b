// The web server itself (server.ts), over real HTTP against the production build: which client address it
// sees behind 0, 1 or 2 proxies, the body cap while a body streams in, one compression pass per document,
// redacted request logs, /healthz, and a graceful stop on SIGTERM / SIGINT.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePath } from "~/articles/article-page";
import { EXPORT_LIMITS } from "~/feed/export.server";
import { db, t } from "~/db.server";
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from "~/http/body-limit.server";
import { RUNNER_HEARTBEAT_KEY } from "~/jobs/store.server";
import { loadDemo } from "../../scripts/demo";
import { writeArticleRows } from "../support/article-rows";
import { addArticle } from "../support/articles";
import { makeUser } from "../support/auth";
import { startOpenAiServer } from "../support/openai-server";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { insertInvitation, insertPasswordReset, insertSubscriber, nextClientAddress } from "./fixtures";
import { hardeningPort, serveTestDatabase } from "./harness";
import { poll, waitFor } from "../support/wait";

const PORT = hardeningPort("server");
const testDir = path.dirname(process.env.DATABASE_URL!);

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request through node:http, so the body arrives as sent (fetch would decompress it). */
/** The `name=value` of a cookie an answer sets. */
function cookieOf(answer: RawAnswer, name: string) {
  return ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
}

function rawRequest(url: string, options: http.RequestOptions = {}, body?: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent: false, ...options }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

type LogLine = { msg?: string; url?: string; client?: string; status?: number; level?: number; [key: string]: unknown };

function logLines(server: ProductionServer): LogLine[] {
  return server.output.flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

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

/** The request log line whose URL the predicate accepts; the line is written when the answer finishes. */
function requestLog(server: ProductionServer, url: (logged: string) => boolean, timeoutMs = 5_000) {
  return waitFor(
    () => logLines(server).find((entry) => entry.msg === "request" && typeof entry.url === "string" && url(entry.url)),
    "a matching request log line",
    timeoutMs,
    20,
  );
}

/** A copy of this file's test database, for a server that may damage it or must be its only user. */
function copyOfTestDatabase(name: string) {
  const file = path.join(testDir, `${name}.db`);
  fs.rmSync(file, { force: true });
  db().run(sql`VACUUM INTO ${file}`);
  return file;
}

const SAME_ORIGIN = `http://127.0.0.1:${PORT}`;
const GOOD_FEEDBACK = { type: "bug", subject: "A broken link", message: "The link on the first card goes nowhere at all." };

describe("client address in the load context and the request log", () => {
  // The client wrote the first entry itself; proxies appended the rest (the nearest proxy's view last).
  const FORWARDED = "6.6.6.6, 198.51.100.7, 203.0.113.5";

  it.each([
    { trustProxy: "0", expected: "127.0.0.1" },
    { trustProxy: "1", expected: "203.0.113.5" },
    { trustProxy: "2", expected: "198.51.100.7" },
  ])("TRUST_PROXY=$trustProxy logs $expected for X-Forwarded-For: 6.6.6.6, 198.51.100.7, 203.0.113.5", async ({ trustProxy, expected }) => {
    const server = await startProductionServer({ port: PORT, databaseFile: process.env.DATABASE_URL!, env: { TRUST_PROXY: trustProxy } });
    try {
      const probe = `/about?probe=trust-${trustProxy}`;
      const answer = await rawRequest(server.url + probe, { headers: { "X-Forwarded-For": FORWARDED } });
      expect(answer.status).toBe(200);
      const line = await requestLog(server, (url) => url === probe);
      expect(line.client).toBe(expected);
      // Never the entry the client wrote, unless as many proxies as entries are trusted.
      expect(line.client).not.toBe("6.6.6.6");
      // An IPv4-mapped IPv6 entry is logged (and rate-limited) as the IPv4 address.
      const mapped = `/about?probe=mapped-${trustProxy}`;
      await rawRequest(server.url + mapped, { headers: { "X-Forwarded-For": "::ffff:203.0.113.5, ::ffff:198.51.100.7" } });
      expect((await requestLog(server, (url) => url === mapped)).client).toBe(
        trustProxy === "0" ? "127.0.0.1" : trustProxy === "1" ? "198.51.100.7" : "203.0.113.5",
      );
      expect(server.alarmingLines).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

describe("the server on the demo data", () => {
  let server: ProductionServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    await loadDemo();
    const user = await makeUser("viewer");
    Object.assign(tokens, {
      reset: insertPasswordReset(user.id),
      invitation: insertInvitation("invitee@example.com"),
      accept: insertInvitation("accepting@example.com"),
      unsubscribe: insertSubscriber("leaving@example.com").token,
    });
    server = await serveTestDatabase("server");
  });

  afterAll(() => server?.stop());

  describe("request body cap (64 KB, while the body streams in)", () => {
    it("answers 413 to a chunked POST that keeps streaming, at once and without buffering it", async () => {
      // A normal post first, so the memory the feedback route needs anyway is already in the peak.
      expect(
        (
          await rawRequest(
            server.url + "/api/feedback",
            { method: "POST", headers: { "Content-Type": "application/json", Origin: SAME_ORIGIN } },
            JSON.stringify(GOOD_FEEDBACK),
          )
        ).status,
      ).toBe(201);
      const peakBefore = server.peakRss();
      const LIMIT = 50 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, "a");
      const started = performance.now();
      let sent = 0;
      const answer = await new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
        let answered = false;
        const req = http.request(server.url + "/api/feedback", {
          method: "POST",
          agent: false,
          // No Content-Length: the body is chunked, its size unknown until it ends.
          headers: { "Content-Type": "application/json", Origin: SAME_ORIGIN },
        });
        req.on("response", (res) => {
          answered = true;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (part: string) => (body += part));
          res.on("end", () => {
            resolve({ status: res.statusCode!, body, ms: performance.now() - started });
            req.destroy();
          });
        });
        req.on("error", (error) => {
          if (!answered) reject(new Error(`no answer after ${sent} bytes: ${error.message}`));
        });
        const pump = () => {
          while (!answered && sent < LIMIT) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          if (!answered) req.end();
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ message: BODY_TOO_LARGE });
      expect(answer.ms).toBeLessThan(2_000);
      // Answered long before the 50 MB were sent.
      expect(sent).toBeLessThan(LIMIT);
      const peakAfter = server.peakRss();
      if (peakBefore !== undefined && peakAfter !== undefined) expect(peakAfter - peakBefore).toBeLessThan(16 * 1024 * 1024);
      // The server still answers, on a new connection.
      expect((await rawRequest(server.url + "/healthz")).status).toBe(200);
    });

    it("answers 413 at once when Content-Length is over the limit, before any body byte is sent", async () => {
      const started = performance.now();
      const answer = await new Promise<RawAnswer>((resolve, reject) => {
        const req = http.request(server.url + "/api/feedback", {
          method: "POST",
          agent: false,
          headers: { "Content-Type": "application/json", Origin: SAME_ORIGIN, "Content-Length": String(10 * 1024 * 1024) },
        });
        req.on("response", (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (part: Buffer) => chunks.push(part));
          res.on("end", () => {
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
            req.destroy();
          });
        });
        req.on("error", reject);
        req.flushHeaders();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body.toString())).toEqual({ message: BODY_TOO_LARGE });
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(performance.now() - started).toBeLessThan(1_000);
    });

    it("answers 413 to a form over the limit, and lets a 60 KB JSON body through to the route", async () => {
      const form = new URLSearchParams({ ...GOOD_FEEDBACK, message: "m".repeat(MAX_BODY_BYTES) }).toString();
      const refused = await rawRequest(
        server.url + "/feedback",
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN } },
        form,
      );
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body.toString()).message).toBe(BODY_TOO_LARGE);

      const body = JSON.stringify({ ...GOOD_FEEDBACK, padding: "p".repeat(60 * 1024 - 200) });
      expect(Buffer.byteLength(body)).toBeGreaterThan(60 * 1024 - 100);
      expect(Buffer.byteLength(body)).toBeLessThan(MAX_BODY_BYTES);
      const passed = await rawRequest(
        server.url + "/api/feedback",
        { method: "POST", headers: { "Content-Type": "application/json", Origin: SAME_ORIGIN } },
        body,
      );
      expect(passed.status).toBe(201);
    });
  });

  describe("compression: the whole document in one pass", () => {
    it.each(["gzip", "br"])("compresses / with %s to at most a quarter of its size, as one stream", async (encoding) => {
      const raw = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity" } });
      const compressed = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": encoding } });
      expect(raw.status).toBe(200);
      expect(raw.headers["content-encoding"]).toBeUndefined();
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      const decoded = encoding === "gzip" ? zlib.gunzipSync(compressed.body) : zlib.brotliDecompressSync(compressed.body);
      // The same page (only the nonce differs, at the same length).
      expect(Math.abs(decoded.length - raw.body.length)).toBeLessThan(64);
      expect(decoded.toString()).toContain("</html>");
      expect(compressed.body.length * 4).toBeLessThanOrEqual(raw.body.length);
      if (encoding === "gzip") {
        // A flush per React chunk made the answer 3.8 times what one pass gives; one pass is what gzip -6 gives.
        expect(compressed.body.length).toBeLessThan(zlib.gzipSync(raw.body).length * 1.25);
      }
    });
  });

  describe("the feed page every reader shares (docs/decisions/013)", () => {
    const nonceOf = (answer: RawAnswer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

    it("is the same document, ETag and nonce for a stranger and for a visitor with bookmarks", async () => {
      const [first] = db()
        .select({ id: t.articles.id })
        .from(t.articles)
        .orderBy(sql`publish_date DESC`)
        .limit(1)
        .all();
      const saved = await rawRequest(`${server.url}/api/articles/${first.id}/bookmark`, { method: "PATCH", headers: { Origin: SAME_ORIGIN } });
      expect(saved.status).toBe(200);
      const visitor = cookieOf(saved, "visitor")!;
      expect(visitor).toBeTruthy();

      const stranger = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity" } });
      const reader = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity", Cookie: visitor } });
      expect(stranger.status).toBe(200);
      expect(reader.body.equals(stranger.body)).toBe(true);
      expect(reader.headers.etag).toBe(stranger.headers.etag);
      expect(stranger.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(stranger.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(stranger.headers["set-cookie"]).toBeUndefined();
      // The nonce of the policy is the one on the page's scripts.
      const nonce = nonceOf(stranger)!;
      expect(stranger.body.toString()).toContain(`nonce="${nonce}"`);

      // What the page cannot carry comes from the feed state request.
      const own = JSON.parse((await rawRequest(`${server.url}/api/feed-state?ids=${first.id}`, { headers: { Cookie: visitor } })).body.toString());
      expect(own.bookmarked).toEqual([first.id]);
      const strangers = JSON.parse((await rawRequest(`${server.url}/api/feed-state?ids=${first.id}`)).body.toString());
      expect(strangers.bookmarked).toEqual([]);
      expect(typeof strangers.views[first.id]).toBe("number");
    });

    it("is sent with brotli to a browser that lists gzip first, as Chromium does", async () => {
      const page = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
      expect(page.status).toBe(200);
      expect(page.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(page.body).toString()).toContain("</html>");
      const gzipOnly = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "gzip" } });
      expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    });

    it("answers 304 to a reader who holds the page, with the policy that page was served with", async () => {
      const page = await rawRequest(server.url + "/?category=legal-decisions");
      const again = await rawRequest(server.url + "/?category=legal-decisions", { headers: { "If-None-Match": page.headers.etag as string } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(page.headers.etag);
      expect(nonceOf(again)).toBe(nonceOf(page));
      const other = await rawRequest(server.url + "/?category=legislative-action", { headers: { "If-None-Match": page.headers.etag as string } });
      expect(other.status).toBe(200);
    });

    it("changes its ETag, nonce and content when an article is added", async () => {
      const before = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity" } });
      await addArticle({ title: "Shared page revision probe", publishDate: new Date() });
      const after = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity", "If-None-Match": before.headers.etag as string } });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(nonceOf(after)).not.toBe(nonceOf(before));
      expect(after.body.toString()).toContain("Shared page revision probe");
    });

    it("renders a whole page for a HEAD that comes first, and serves it whole to the GET after it", async () => {
      const head = await rawRequest(server.url + "/?priority=low", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      const get = await rawRequest(server.url + "/?priority=low", { headers: { "Accept-Encoding": "identity" } });
      expect(get.headers.etag).toBe(head.headers.etag);
      expect(get.body.toString()).toContain("</html>");
    });

    it("keeps the Saved view and a page showing a toast to the reader alone", async () => {
      const [article] = db()
        .select({ id: t.articles.id })
        .from(t.articles)
        .orderBy(sql`publish_date DESC`)
        .limit(1)
        .offset(3)
        .all();
      const form = new URLSearchParams({ returnTo: "/", bookmarked: "true" }).toString();
      const posted = await rawRequest(
        `${server.url}/api/articles/${article.id}/bookmark`,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN },
        },
        form,
      );
      expect(posted.status).toBe(302);
      const cookies = [cookieOf(posted, "visitor"), cookieOf(posted, "flash")];
      expect(cookies.every(Boolean)).toBe(true);
      const withToast = await rawRequest(server.url + "/", { headers: { Cookie: cookies.join("; "), "Accept-Encoding": "identity" } });
      expect(withToast.headers.etag).toBeUndefined();
      expect(withToast.headers["cache-control"]).toBe("no-store");
      expect(withToast.body.toString()).toContain("Article saved");
      // Posting the same state again changes nothing: a form names the state it wants.
      await rawRequest(
        `${server.url}/api/articles/${article.id}/bookmark`,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN, Cookie: cookies[0]! },
        },
        form,
      );
      const savedView = await rawRequest(server.url + "/?saved=1", { headers: { Cookie: cookies[0]!, "Accept-Encoding": "identity" } });
      expect(savedView.headers.etag).toBeUndefined();
      expect(savedView.headers["cache-control"]).toMatch(/no-store/);
      expect(savedView.body.toString()).toContain(`id="article-${article.id}"`);
      expect(savedView.body.toString()).toContain("Showing 1–1 of 1");
    });
  });

  describe("the other pages every reader shares: an article's page, comment periods, About, the API page", () => {
    it("is one shared document for every reader; a reader's bookmark comes after load, or with the toast after a form", async () => {
      const [article] = db()
        .select({ id: t.articles.id, title: t.articles.title })
        .from(t.articles)
        .orderBy(sql`publish_date DESC`)
        .limit(1)
        .offset(5)
        .all();
      const path = articlePath(article);
      const form = new URLSearchParams({ returnTo: path, bookmarked: "true" }).toString();
      const posted = await rawRequest(
        `${server.url}/api/articles/${article.id}/bookmark`,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN } },
        form,
      );
      expect(posted.status).toBe(302);
      const visitor = cookieOf(posted, "visitor")!;
      const flash = cookieOf(posted, "flash")!;

      // The page right after the form is the reader's own: their bookmark shown, never stored for others.
      const own = await rawRequest(server.url + path, { headers: { Cookie: `${visitor}; ${flash}`, "Accept-Encoding": "identity" } });
      expect(own.headers.etag).toBeUndefined();
      expect(own.headers["cache-control"]).toMatch(/no-store/);
      expect(own.body.toString()).toMatch(/aria-pressed="true"[^>]*aria-label="Bookmark"/);

      // The reader who bookmarked it asks first, so theirs is the render every reader then gets.
      const reader = await rawRequest(server.url + path, { headers: { "Accept-Encoding": "identity", Cookie: visitor } });
      const stranger = await rawRequest(server.url + path, { headers: { "Accept-Encoding": "identity" } });
      expect(stranger.status).toBe(200);
      expect(stranger.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(reader.headers.etag).toBe(stranger.headers.etag);
      expect(reader.body.equals(stranger.body)).toBe(true);
      expect(stranger.body.toString()).toMatch(/aria-pressed="false"[^>]*aria-label="Bookmark"/);
      const state = JSON.parse((await rawRequest(`${server.url}/api/feed-state?ids=${article.id}`, { headers: { Cookie: visitor } })).body.toString());
      expect(state.bookmarked).toEqual([article.id]);

      for (const shared of ["/comment-periods", "/about", "/api/docs"]) {
        const answer = await rawRequest(server.url + shared);
        expect(answer.status, shared).toBe(200);
        expect(answer.headers.etag, shared).toMatch(/^"[\w-]{27}"$/);
        const again = await rawRequest(server.url + shared, { headers: { "If-None-Match": answer.headers.etag as string } });
        expect(again.status, shared).toBe(304);
      }
      // An address the route redirects (the slug of another title) is answered by the route, not stored.
      const moved = await rawRequest(`${server.url}/articles/${article.id}-another-title`);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(path);
    });
  });

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

  describe("request logs", () => {
    it("writes one JSON line per request, with no token from a URL", async () => {
      const requests: [string, http.RequestOptions?, string?][] = [
        [`/reset-password?token=${encodeURIComponent(tokens.reset)}`],
        [`/invite/${tokens.invitation}`],
        [`/INVITE/${tokens.invitation}`],
        [`/api/invitations/${tokens.invitation}`],
        [
          `/api/invitations/${tokens.accept}/accept`,
          { method: "POST", headers: { "Content-Type": "application/json", Origin: SAME_ORIGIN } },
          JSON.stringify({ password: "a-long-password-123" }),
        ],
        [`/unsubscribe?token=${encodeURIComponent(tokens.unsubscribe)}`],
        [`/unsubscribe?_data=routes%2Funsubscribe&token=${encodeURIComponent(tokens.unsubscribe)}`],
      ];
      const statuses: number[] = [];
      for (const [url, options, body] of requests) statuses.push((await rawRequest(server.url + url, options, body)).status);
      // Real tokens: the pages and APIs accepted them (so the router matched `/INVITE/` too).
      expect(statuses).toEqual([200, 200, 200, 200, 201, 200, 200]);
      for (const logged of [
        "/reset-password?token=[redacted]",
        "/invite/[redacted]",
        "/INVITE/[redacted]",
        "/api/invitations/[redacted]",
        "/api/invitations/[redacted]/accept",
        "/unsubscribe?token=[redacted]",
      ]) {
        await requestLog(server, (url) => url === logged);
      }
      // Messages that quote the path: Express's decode error (400) and the cross-site refusal of a document post (403).
      expect((await rawRequest(server.url + `/invite/${tokens.invitation}%ff`)).status).toBe(400);
      const crossSite = await rawRequest(
        server.url + `/invite/${tokens.invitation}`,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://evil.example" } },
        "password=a-long-password-123&confirmPassword=a-long-password-123",
      );
      expect(crossSite.status).toBe(403);
      const refusals = async () => logLines(server).filter((line) => line.level === 40 && /decode param|cross-site/.test(String(line.reason)));
      await poll(refusals, (lines) => lines.length >= 2, 5_000, 20);
      expect((await refusals()).map((line) => line.reason)).toEqual([
        "Failed to decode param '/invite/[redacted]'",
        "Refused a cross-site POST to /invite/[redacted] from http://evil.example (403)",
      ]);
      const output = server.output.join("\n");
      for (const token of Object.values(tokens)) {
        expect(output).not.toContain(token);
        expect(output).not.toContain(encodeURIComponent(token));
      }
      const line = await requestLog(server, (url) => url === "/reset-password?token=[redacted]");
      expect(line).toMatchObject({ level: 30, service: "web", method: "GET", status: 200, client: expect.any(String), ms: expect.any(Number) });
    });
  });

  describe("/healthz", () => {
    it("answers 200 with every migration applied, and no-store", async () => {
      const answer = await rawRequest(server.url + "/healthz");
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      const health = JSON.parse(answer.body.toString());
      expect(health).toMatchObject({ status: "ok", database: "ok", migrations: { pending: 0 } });
      expect(health.migrations.applied).toBe(health.migrations.expected);
    });

    it("reports the job runner's heartbeat age, and a stale runner without failing the check", async () => {
      const writeHeartbeat = (ageMs: number) => {
        const updatedAt = new Date(Date.now() - ageMs);
        db()
          .insert(t.appState)
          .values({ key: RUNNER_HEARTBEAT_KEY, value: { pid: 1 }, updatedAt })
          .onConflictDoUpdate({ target: t.appState.key, set: { updatedAt } })
          .run();
      };
      writeHeartbeat(30_000);
      let answer = await rawRequest(server.url + "/healthz");
      let runner = JSON.parse(answer.body.toString()).runner;
      expect(answer.status).toBe(200);
      expect(runner.status).toBe("ok");
      expect(runner.heartbeatAgeSeconds).toBeGreaterThanOrEqual(29);
      expect(runner.heartbeatAgeSeconds).toBeLessThan(40);

      writeHeartbeat(300_000);
      answer = await rawRequest(server.url + "/healthz");
      runner = JSON.parse(answer.body.toString()).runner;
      expect(answer.status).toBe(200);
      expect(runner.status).toBe("stale");
      expect(runner.heartbeatAgeSeconds).toBeGreaterThanOrEqual(299);
      // The only line that looks like an error is the decode refusal the log test asked for.
      expect(server.alarmingLines.filter((line) => !line.includes("Failed to decode param"))).toEqual([]);
    });
  });
});

describe("/healthz on a damaged database", () => {
  it("answers 503 when a migration is missing, and the server stops on SIGINT with exit code 0", async () => {
    const file = copyOfTestDatabase("missing-migration");
    const copy = new Database(file);
    // drizzle's `id` column stays NULL in SQLite: the latest migration is the one created last.
    const removed = copy.prepare("DELETE FROM __drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM __drizzle_migrations)").run();
    expect(removed.changes).toBe(1);
    copy.close();
    const server = await startProductionServer({ port: PORT, databaseFile: file });
    try {
      const answer = await rawRequest(server.url + "/healthz");
      expect(answer.status).toBe(503);
      const health = JSON.parse(answer.body.toString());
      expect(health).toMatchObject({ status: "unavailable", database: "ok", migrations: { pending: 1 } });
      server.signal("SIGINT");
      expect(await server.exited).toBe(0);
    } finally {
      await server.stop();
    }
  });

  it("answers 503 when the file is not a database, and 500 pages still carry the security headers", async () => {
    const file = path.join(testDir, "broken.db");
    fs.writeFileSync(file, "this is not an SQLite database ".repeat(200));
    const server = await startProductionServer({ port: PORT, databaseFile: file, ready: "listening" });
    try {
      const answer = await rawRequest(server.url + "/healthz");
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ status: "unavailable", database: expect.stringMatching(/not a database/) });
      expect(answer.headers["cache-control"]).toBe("no-store");

      for (const url of ["/", "/api/articles"]) {
        const failed = await rawRequest(server.url + url);
        expect(failed.status, url).toBe(500);
        expect(failed.headers["x-content-type-options"]).toBe("nosniff");
        expect(failed.headers["x-frame-options"]).toBe("DENY");
        expect(failed.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
        expect(failed.body.toString()).not.toMatch(/at .*\.(js|ts):\d+/);
      }
      // Static files do not need the database.
      const favicon = await rawRequest(server.url + "/favicon.svg");
      expect(favicon.status).toBe(200);
      expect(favicon.headers["x-content-type-options"]).toBe("nosniff");
    } finally {
      await server.stop();
    }
  });
});

describe("graceful stop", () => {
  it("finishes a request in flight on SIGTERM, refuses new connections, closes the database and exits 0", async () => {
    const model = await startOpenAiServer();
    model.reply({ kind: "slow", ms: 1_500, content: "A summary that took its time." });
    const articleId = await addArticle({ title: "A rule to summarize slowly" });
    const file = copyOfTestDatabase("shutdown");
    const keepAlive = new http.Agent({ keepAlive: true });
    const server = await startProductionServer({
      port: PORT,
      databaseFile: file,
      env: { AI_PROVIDER: "openai", OPENAI_BASE_URL: model.baseURL, OPENAI_TIMEOUT_MS: "10000" },
    });
    try {
      // On a keep-alive connection, as a browser sends it: the server must close it once the answer is out.
      expect((await rawRequest(server.url + "/healthz", { agent: keepAlive })).status).toBe(200);
      const inFlight = rawRequest(server.url + `/api/articles/${articleId}/ai-summary`, { agent: keepAlive, method: "POST", headers: { Origin: SAME_ORIGIN } });
      await poll(
        () => model.requests.length,
        (count) => count > 0,
        10_000,
        20,
      );
      expect(model.requests.length).toBe(1);
      expect(fs.existsSync(`${file}-wal`)).toBe(true);

      const signalled = performance.now();
      server.signal("SIGTERM");
      while (!server.output.some((line) => line.includes("stopping"))) await new Promise((resolve) => setTimeout(resolve, 10));
      await expect(rawRequest(server.url + "/healthz")).rejects.toThrow(/ECONNREFUSED/);

      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.headers.connection).toBe("close");
      expect(JSON.parse(answer.body.toString()).aiSummary).toContain("A summary that took its time.");
      expect(await server.exited).toBe(0);
      // Well within the 10 s grace period: the server did not wait for it to run out.
      expect(performance.now() - signalled).toBeLessThan(5_000);
      expect(server.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
      // The last connection closed: SQLite checkpointed the log into the file and removed it.
      expect(fs.existsSync(`${file}-wal`)).toBe(false);
      expect(server.alarmingLines).toEqual([]);
    } finally {
      keepAlive.destroy();
      await server.stop();
      await model.close();
    }
  });
});

describe("a model server that hangs", () => {
  it("gets the summary route's 504 on the SDK's time limit, and the web process lives on with nothing unhandled", async () => {
    const model = await startOpenAiServer();
    model.reply({ kind: "hang" });
    const articleId = await addArticle({ title: "A rule the model never summarizes", originalUrl: "http://127.0.0.1:9/gone" });
    const server = await startProductionServer({
      port: PORT,
      databaseFile: process.env.DATABASE_URL!,
      env: { AI_PROVIDER: "openai", OPENAI_BASE_URL: model.baseURL, OPENAI_TIMEOUT_MS: "1000" },
    });
    try {
      const answer = await rawRequest(server.url + `/api/articles/${articleId}/ai-summary`, { method: "POST", headers: { Origin: SAME_ORIGIN } });
      expect(answer.status).toBe(504);
      // The aborted requests' rejections would surface on the next turns of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.exitCode()).toBeNull();
      expect((await rawRequest(server.url + "/healthz")).status).toBe(200);
      // The 504's own request line (level 50) is expected; an unhandled rejection would print a TypeError.
      expect(server.alarmingLines.filter((line) => !line.includes('"status":504'))).toEqual([]);
    } finally {
      await server.stop();
      await model.close();
    }
  });
});
