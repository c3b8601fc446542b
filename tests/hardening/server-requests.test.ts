// The web server itself (server.ts), over real HTTP against the production build: which client address it sees
// behind 0, 1 or 2 proxies (the load context and the request log), the body cap while a body streams in
// (app/http/body-limit.server.ts), one compression pass per document, redacted request logs, and /healthz with the
// runner's heartbeat (routes/healthz).
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, t } from "~/db.server";
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from "~/http/body-limit.server";
import { RUNNER_HEARTBEAT_KEY } from "~/jobs/store.server";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { hardeningPort } from "./harness";
import { rawRequest, serveDemoData, type RawAnswer } from "./server-support";
import { poll, waitFor } from "../support/wait";

const FILE = "server";
const PORT = hardeningPort(FILE);

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

/** The request log line whose URL the predicate accepts; the line is written when the answer finishes. */
function requestLog(server: ProductionServer, url: (logged: string) => boolean, timeoutMs = 5_000) {
  return waitFor(
    () => logLines(server).find((entry) => entry.msg === "request" && typeof entry.url === "string" && url(entry.url)),
    "a matching request log line",
    timeoutMs,
    20,
  );
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
    server = await serveDemoData(FILE, tokens);
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
