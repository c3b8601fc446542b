// One measurement of how the feed page is compressed: the bytes of `/` raw, gzip and br, then 10 s of gzip
// requests with autocannon on loopback (req/s, latency, and the web process's CPU time). Run it once as the
// code is and once with the `Reflect.deleteProperty(res, "flush")` line of server.ts removed to compare
// (docs/benchmarks.md, "Compression"). Usage: tsx tests/bench/compression.ts [port]
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startProductionServer } from "../support/prod-server";
import { runLoad, warmUp } from "../support/load";

const port = Number(process.argv[2] ?? 6291);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-compression-"));
Object.assign(process.env, {
  DATABASE_URL: path.join(dir, "app.db"),
  OUTBOX_DIR: path.join(dir, "outbox"),
  SESSION_SECRET: "compression-bench-secret-of-32-characters",
});
const { setup } = await import("../../scripts/setup");
const { loadDemo } = await import("../../scripts/demo");
await setup();
await loadDemo();

/** Process CPU time (user + system) in ms, from /proc (Linux). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function bytesOf(url: string, encoding: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
        let size = 0;
        res.on("data", (chunk: Buffer) => (size += chunk.length));
        res.on("end", () => resolve(size));
      })
      .on("error", reject);
  });
}

const server = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL!, env: { TRUST_PROXY: "0" } });
try {
  const url = `${server.url}/`;
  await warmUp(url, { "Accept-Encoding": "gzip" }, 5);
  const sizes = { identity: await bytesOf(url, "identity"), gzip: await bytesOf(url, "gzip"), br: await bytesOf(url, "br") };
  const cpuBefore = cpuMs(server.pid);
  const load = await runLoad({ url, connections: 4, seconds: 10, headers: { "Accept-Encoding": "gzip" } });
  const cpu = cpuMs(server.pid) - cpuBefore;
  console.log(
    JSON.stringify(
      {
        bytes: sizes,
        gzipLoad: {
          requests: load.requests,
          requestsPerSecond: load.requestsPerSecond,
          p50Ms: load.p50Ms,
          p95Ms: load.p95Ms,
          bytesPerRequest: load.bytesPerRequest,
          statusCounts: load.statusCounts,
        },
        serverCpuMs: Math.round(cpu),
        cpuMsPerRequest: Number((cpu / load.requests).toFixed(2)),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
