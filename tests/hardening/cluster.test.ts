// WEB_CONCURRENCY=2 against the production build: two worker processes answer on one port, every log line
// names its worker, and SIGTERM to the web process stops them all, each finishing as a single process does.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_LIMITS } from "~/feed/export.server";
import { HASH_LIMITS } from "~/auth/password.server";
import { db } from "~/db.server";
import { RATE_LIMITS } from "~/rate-limit.server";
import { writeArticleRows } from "../support/article-rows";
import { makeUser } from "../support/auth";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { nextClientAddress } from "./fixtures";
import { hardeningPort } from "./harness";

const PORT = hardeningPort("cluster");

type LogLine = { msg?: string; pid?: number; worker?: number; url?: string };

function logLines(output: string[]): LogLine[] {
  return output.flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** A GET on a new connection each time, so the cluster hands it to the next worker. */
function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      })
      .on("error", reject);
  });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, condition: () => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("WEB_CONCURRENCY", () => {
  it("runs two workers that answer on one port, and SIGTERM stops them all", async () => {
    const file = path.join(path.dirname(process.env.DATABASE_URL!), "cluster.db");
    fs.rmSync(file, { force: true });
    db().run(sql`VACUUM INTO ${file}`);
    const server = await startProductionServer({ port: PORT, databaseFile: file, env: { WEB_CONCURRENCY: "2" } });
    try {
      await until("two workers listening", () => logLines(server.output).filter((line) => line.msg === "listening").length === 2);
      const workerPids = new Set(logLines(server.output).flatMap((line) => (line.msg === "listening" ? [line.pid!] : [])));
      expect(workerPids.size).toBe(2);
      expect(workerPids.has(server.pid)).toBe(false);

      // Each request on its own connection; the request log says which worker answered it.
      const answeredBy = () =>
        new Set(logLines(server.output).flatMap((line) => (line.msg === "request" && line.url?.startsWith("/healthz?n=") ? [line.pid!] : [])));
      for (let n = 0; n < 50 && answeredBy().size < 2; n++) {
        expect(await get(`${server.url}/healthz?n=${n}`)).toBe(200);
        await until("the request's log line", () => logLines(server.output).some((line) => line.msg === "request" && line.url === `/healthz?n=${n}`));
      }
      expect(answeredBy()).toEqual(workerPids);
      for (const line of logLines(server.output).filter((line) => line.msg === "request")) expect([1, 2]).toContain(line.worker);

      server.signal("SIGTERM");
      expect(await server.exited).toBe(0);
      for (const pid of workerPids) expect(alive(pid)).toBe(false);
      // Every worker stopped its own way (finished its requests, closed the database), then the web process.
      const stopped = logLines(server.output).filter((line) => line.msg === "stopped");
      expect(new Set(stopped.map((line) => line.pid))).toEqual(new Set([...workerPids, server.pid]));
      await expect(get(`${server.url}/healthz`)).rejects.toThrow(/ECONNREFUSED/);
      expect(server.alarmingLines).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});

describe("WEB_CONCURRENCY=2 keeps the limits whole", () => {
  let server: ProductionServer;
  let account: { email: string };

  const logIn = (email: string, address: string) =>
    fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", "X-Forwarded-For": address },
      body: JSON.stringify({ email, password: "a-wrong-guess" }),
    }).then(async (answer) => (await answer.arrayBuffer(), answer.status));

  beforeAll(async () => {
    account = await makeUser("editor");
    // 16 MB of CSV: far more than the socket buffers hold, so a reader who pauses keeps its export in flight.
    await writeArticleRows(
      db().$client,
      Array.from({ length: 8000 }, (_, index) => ({
        title: `Cluster export notice ${index + 1}`,
        summary: "x".repeat(2000),
        priority: "low",
        sourceName: "Cluster export",
        originalUrl: `https://example.gov/cluster-export/${index + 1}`,
        publishDate: new Date(1_500_000_000_000 + index + 1),
      })),
    );
    const file = path.join(path.dirname(process.env.DATABASE_URL!), "cluster-limits.db");
    fs.rmSync(file, { force: true });
    db().run(sql`VACUUM INTO ${file}`);
    db().run(sql`DELETE FROM articles WHERE source_name = 'Cluster export'`);
    server = await startProductionServer({ port: PORT, databaseFile: file, env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "true" } });
    await until("two workers listening", () => logLines(server.output).filter((line) => line.msg === "listening").length === 2);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`a burst of logins from many addresses hashes at most ${HASH_LIMITS.running + HASH_LIMITS.waiting} passwords, whichever worker takes them`, async () => {
    // Each login on a new connection, so node:cluster hands them to both workers in turn.
    const statuses = await Promise.all(Array.from({ length: 48 }, (_, i) => logIn(`burst-${i}-${Date.now()}@nobody.example`, nextClientAddress())));
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const hashed = statuses.filter((status) => status === 401).length;
    expect(hashed).toBeGreaterThan(0);
    expect(hashed).toBeLessThanOrEqual(HASH_LIMITS.running + HASH_LIMITS.waiting);
  });

  it(`wrong guesses at one account from one address are hashed at most ${RATE_LIMITS.loginFailuresPerAccount.limit} times across the workers`, async () => {
    const address = nextClientAddress();
    const statuses = await Promise.all(Array.from({ length: 30 }, () => logIn(account.email, address)));
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(RATE_LIMITS.loginFailuresPerAccount.limit);
  });

  it(`runs at most ${EXPORT_LIMITS.overall} exports in all across the workers`, async () => {
    const open: http.ClientRequest[] = [];
    /** An export that takes its first bytes and then pauses (it stays in flight); answers its status. */
    const openExport = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(`${server.url}/export.csv`, { agent: false, headers: { "X-Forwarded-For": nextClientAddress() } }, (response) => {
          if (response.statusCode !== 200) return void response.resume().on("end", () => resolve(response.statusCode!));
          open.push(request);
          response.once("data", () => {
            response.pause();
            resolve(200);
          });
        });
        request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
      });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < EXPORT_LIMITS.overall + 2; i++) statuses.push(await openExport());
      expect(statuses).toEqual([...Array(EXPORT_LIMITS.overall).fill(200), 429, 429]);
    } finally {
      for (const request of open) request.destroy();
    }
  });
});
