// The site of tests/postgres/multi-node.test.ts, as docs/scaling.md lays one out: two web nodes (the production
// build, each its own port, one web process each, the shared page cache on) and two job runners, with the same
// DATABASE_URL (a fresh database on the run's PostgreSQL server) and SESSION_SECRET; and the requests the test sends
// as the load balancer would, picking the node and writing X-Forwarded-For.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, inject } from "vitest";
import { openPostgres, type PgDb } from "../../db/pg/client";
import { createTestDatabase } from "../support/postgres";
import { ALARMING, ensureProductionBuild, startProductionServer, type ProductionServer } from "../support/prod-server";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const run = promisify(execFile);

const SESSION_SECRET = "multi-node-test-secret-shared-by-every-node";
export const ADMIN = { email: "admin@nodes.example", password: "multi-node-admin-password" };

/** `errors`: what the runner wrote to stderr, where it reports a failed job or a failed step between jobs. */
export type Runner = { name: string; id: string; pid: number; output: string[]; errors: string[]; child: ChildProcess; stop(): Promise<void> };

export type Site = { db: PgDb; nodeA: ProductionServer; nodeB: ProductionServer; runners: Runner[] };

let dir: string;
let database: { url: string; drop(): Promise<void> };
/** What startSite has started so far: stopSite stops it, even after a start that failed halfway. */
const site: Partial<Site> = {};

/** Lines a child writes, kept in order in `output`; those of its stderr also in `errors`. */
export function collectLines(child: ChildProcess, output: string[], errors: string[] = []) {
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = "";
    const take = (lines: string[]) => {
      output.push(...lines);
      if (stream === child.stderr) errors.push(...lines);
    };
    stream.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop()!;
      take(lines.filter(Boolean));
    });
    stream.on("end", () => partial && take([partial]));
  }
}

/**
 * Each error a web node wrote, with the lines after it up to its next log record: a console.error's query, stack
 * and cause (PostgreSQL's own message) come on lines of their own.
 */
export function errorsWithContext(output: string[]) {
  return output.flatMap((line, index) => {
    if (!ALARMING.test(line) || line.includes('"msg":"request"') || line.startsWith("{")) return [];
    const next = output.findIndex((later, at) => at > index && later.startsWith("{"));
    const detail = output.slice(index, next === -1 ? undefined : next);
    // The message, where it was thrown, and PostgreSQL's own words: the same for every request the fault failed.
    const stack = detail.filter((text) => /^\s+at /.test(text)).slice(0, 3);
    const cause = detail.filter((text) => /^\s*cause: /.test(text));
    return [[line, ...stack, ...cause].join("\n")];
  });
}

/** What every process of the site shares: the database and the secret that signs cookies. */
export function siteEnv(name: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: database.url,
    SESSION_SECRET,
    DATABASE_POOL_SIZE: "4",
    // Per node: mail written without SMTP stays on the node that wrote it.
    OUTBOX_DIR: path.join(dir, name, "outbox"),
    APP_TIMEZONE: "America/New_York",
    ALLOW_PRIVATE_NETWORKS: "true",
  };
}

/** Signals a child and resolves when it has exited; SIGKILL after `graceMs`. */
export function stopChild(child: ChildProcess, graceMs: number) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), graceMs).unref();
  });
}

/**
 * A job runner as `npm run jobs` starts it (jobs/cli.ts), but under `node --import tsx` rather than the tsx
 * command, so the process signalled and the pid in its runner id are the runner itself.
 */
async function startRunner(name: string): Promise<Runner> {
  const child = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts"], {
    env: { ...process.env, ...siteEnv(name), PUBLIC_URL: site.nodeA!.url },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const errors: string[] = [];
  collectLines(child, output, errors);
  const ready = await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`runner ${name} exited with ${child.exitCode}:\n${output.join("\n")}`);
      return output.map((line) => /^\[jobs\] runner (\S+) ready/.exec(line)).find(Boolean);
    },
    () => `runner ${name} to start; it wrote:\n${output.join("\n")}`,
    120_000,
    100,
  );
  return { name, id: ready[1], pid: child.pid!, output, errors, child, stop: () => stopChild(child, 25_000) };
}

async function startNode(name: string, port: number, publicUrl: string) {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  return startProductionServer({
    port,
    // Only its folder is used (for OUTBOX_DIR, replaced below too): DATABASE_URL names the PostgreSQL database.
    databaseFile: path.join(dir, name, "unused.db"),
    env: {
      ...siteEnv(name),
      // One address for the site, as behind a load balancer: links and the same-origin check use it.
      PUBLIC_URL: publicUrl,
      WEB_CONCURRENCY: "1",
      SHARED_PAGE_CACHE: "true",
      // The test is the one proxy in front: it writes the client's address into X-Forwarded-For.
      TRUST_PROXY: "1",
    },
  });
}

/** A request to a node as the load balancer passes it on: from `client`, same-origin for writes. */
export function send(node: ProductionServer, pathname: string, options: { method?: string; body?: unknown; cookie?: string; client?: string } = {}) {
  const headers: Record<string, string> = { "X-Forwarded-For": options.client ?? "198.51.100.1" };
  if (options.cookie) headers.Cookie = options.cookie;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.method && options.method !== "GET") headers.Origin = node.url;
  return fetch(`${node.url}${pathname}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
}

/** The Cookie header value of a response's Set-Cookie for `name`. */
export function cookieOf(response: Response, name: string) {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return line.split(";")[0];
}

export async function logIn(node: ProductionServer, client = "198.51.100.2") {
  const response = await send(node, "/api/auth/login", { method: "POST", body: ADMIN, client });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

let titles = 0;
/** Adds an article through a node's admin API, as an editor would; answers its id and title. */
export async function addArticleOn(node: ProductionServer, cookie: string) {
  titles += 1;
  const title = `Multinode notice ${titles} zq${Date.now().toString(36)}`;
  const response = await send(node, "/api/admin/add-article", {
    method: "POST",
    cookie,
    body: { url: `https://example.gov/multi-node/${titles}-${Date.now()}`, title, summary: "Written through one node.", category: "policy-analysis" },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const article = (await response.json()) as { id: number };
  return { id: article.id, title };
}

/**
 * Starts the site on a fresh database: the first admin made by the operator's own command (which also brings the
 * database up to date), both nodes, then both runners. Answers the site with a pool of its own on the database.
 */
export async function startSite(): Promise<Site> {
  ensureProductionBuild();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-nodes-"));
  database = await createTestDatabase(inject("postgresUrl"));
  site.db = openPostgres(database.url, { poolSize: 2 });
  // The first admin, made by the operator's own command, which also brings the new database up to date.
  const created = await run(
    process.execPath,
    ["--import", "tsx", "scripts/user-cli.ts", "create", ADMIN.email, "--role", "admin", "--password", ADMIN.password],
    {
      env: { ...process.env, ...siteEnv("cli") },
    },
  );
  expect(created.stdout).toContain(`Created admin ${ADMIN.email}`);

  const [portA, portB] = [await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${portA}`;
  [site.nodeA, site.nodeB] = await Promise.all([startNode("A", portA, publicUrl), startNode("B", portB, publicUrl)]);
  site.runners = await Promise.all([startRunner("runner-1"), startRunner("runner-2")]);
  return site as Site;
}

/** Stops whatever startSite started, drops the database and removes the site's folder. */
export async function stopSite() {
  await Promise.all([...(site.runners ?? []).map((runner) => runner.stop()), site.nodeA?.stop(), site.nodeB?.stop()]);
  await site.db?.$client.end();
  await database?.drop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
