// The web server's start and stop (server.ts), over real HTTP against the production build: /healthz (routes/
// healthz) answering 503 on a database missing a migration or not a database at all, with the security headers on
// the 500 pages; a stop on SIGINT with exit code 0; a graceful stop on SIGTERM that finishes the request in flight
// and closes the database; and a model server that hangs (the OpenAI provider's time limit) leaving the web process
// alive.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { addArticle } from "../support/articles";
import { startOpenAiServer } from "../support/openai-server";
import { startProductionServer } from "../support/prod-server";
import { hardeningPort } from "./harness";
import { rawRequest } from "./server-support";
import { poll } from "../support/wait";

const PORT = hardeningPort("serverStop");
const testDir = path.dirname(process.env.DATABASE_URL!);

/** A copy of this file's test database, for a server that may damage it or must be its only user. */
function copyOfTestDatabase(name: string) {
  const file = path.join(testDir, `${name}.db`);
  fs.rmSync(file, { force: true });
  db().run(sql`VACUUM INTO ${file}`);
  return file;
}

const SAME_ORIGIN = `http://127.0.0.1:${PORT}`;

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
