// How long a static file takes while a burst of logins hashes passwords: 100 logins with random emails from 100
// addresses against the production build on loopback, and /favicon.svg fetched 2 s into the burst (after a
// baseline fetch on the idle server). Each scrypt holds a thread of libuv's pool, which also reads static files
// (app/auth/password.server.ts, HASH_LIMITS). Usage: tsx tests/bench/login-burst.ts [build directory] [port]
// The build directory (default: this checkout) holds build/ and public/ of the code to measure, so an older
// build copied elsewhere can be compared with this one (docs/benchmarks.md, "Login bursts").
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProductionServer } from "../support/prod-server";

const buildDir = path.resolve(process.argv[2] ?? ".");
const port = Number(process.argv[3] ?? 6293);
const BURST = 100;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-login-burst-"));
Object.assign(process.env, {
  DATABASE_URL: path.join(dir, "app.db"),
  OUTBOX_DIR: path.join(dir, "outbox"),
  SESSION_SECRET: "login-burst-bench-secret-of-32-characters",
  TRUST_PROXY: "true",
});
const { setup } = await import("../../scripts/setup");
await setup();

/** Milliseconds to fetch the URL and read its body. */
async function timed(url: string) {
  const started = performance.now();
  const answer = await fetch(url);
  await answer.arrayBuffer();
  return { ms: Math.round(performance.now() - started), status: answer.status };
}

// The web process starts in the build directory: it serves build/server.js and public/ from there.
process.chdir(buildDir);
const server = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL! });
try {
  for (let i = 0; i < 3; i++) await timed(`${server.url}/favicon.svg`);
  const idle = await timed(`${server.url}/favicon.svg`);
  const started = performance.now();
  const logins = Array.from({ length: BURST }, async (_, i) => {
    const answer = await fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", "X-Forwarded-For": `198.18.7.${i + 1}` },
      body: JSON.stringify({ email: `burst-${i}-${Math.random().toString(36).slice(2)}@nobody.example`, password: "a-guess" }),
    });
    await answer.arrayBuffer();
    return { status: answer.status, ms: performance.now() - started };
  });
  // Two seconds in, the server has taken in the whole burst and queued its hashes (the old code's first
  // unknown email also waited for a one-off dummy hash first, ~1 s here).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const during = await timed(`${server.url}/favicon.svg`);
  const answers = await Promise.all(logins);
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  const hashed = answers.filter((a) => a.status === 401);
  console.log(
    JSON.stringify({
      build: buildDir,
      faviconIdleMs: idle.ms,
      faviconDuringBurstMs: during.ms,
      faviconStatus: during.status,
      logins401: count(401),
      logins429: count(429),
      other: answers.length - count(401) - count(429),
      lastHashedLoginMs: Math.round(Math.max(0, ...hashed.map((a) => a.ms))),
      peakRssMb: Math.round((server.peakRss() ?? 0) / 1_048_576),
    }),
  );
} finally {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
