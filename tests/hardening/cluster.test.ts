// WEB_CONCURRENCY=2 against the production build: two worker processes answer on one port, every log line
// names its worker, and SIGTERM to the web process stops them all, each finishing as a single process does.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db.server";
import { startProductionServer } from "../support/prod-server";
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
