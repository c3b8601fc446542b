// A throw-away PostgreSQL cluster for tests (npm run test:postgres): initdb in a fresh temporary folder, started with
// pg_ctl on a free loopback port, removed again by stop(). With TEST_POSTGRES_URL set, that server is used instead.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./ports";
import { waitFor } from "./wait";

const run = promisify(execFile);

export type TestPostgres = {
  /** A database of its own on the server: `postgres://user@127.0.0.1:port/name`. */
  url: string;
  /** Stops the cluster and removes its folder (or, on TEST_POSTGRES_URL's server, drops the database). */
  stop(): Promise<void>;
};

/** The folders PostgreSQL's server programs are looked for in, in order: PATH first, then the usual installs. */
function binaryFolders(): string[] {
  const fromPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const debian = "/usr/lib/postgresql";
  // Debian installs each major version under its own folder; the newest wins.
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(debian, version, "bin"))
    : [];
  return [...fromPath, "/usr/local/bin", ...versions];
}

/** The folder holding both initdb and pg_ctl. */
export function findPostgresBinaries(): string {
  const folder = binaryFolders().find((dir) => ["initdb", "pg_ctl"].every((name) => isExecutable(path.join(dir, name))));
  if (!folder)
    throw new Error("initdb and pg_ctl were not found (PATH, /usr/local/bin, /usr/lib/postgresql/*/bin): run .ci/postgres-install or set TEST_POSTGRES_URL");
  return folder;
}

function isExecutable(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * Runs a server program. initdb and the server refuse to run as root: as root, they run as the `postgres` user
 * (runuser where present, else su), in a folder that user owns.
 */
async function runServerProgram(file: string, args: string[]) {
  if (process.getuid?.() !== 0) return run(file, args);
  if (isExecutable("/usr/sbin/runuser") || isExecutable("/sbin/runuser")) return run("runuser", ["-u", "postgres", "--", file, ...args]);
  return run("su", ["postgres", "-s", "/bin/sh", "-c", [file, ...args].map(shellQuote).join(" ")]);
}

async function ownedByPostgresWhenRoot(dir: string) {
  if (process.getuid?.() !== 0) return;
  const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
  const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error("running as root, but there is no postgres user to run initdb as");
  fs.chownSync(dir, uid, gid);
}

/** Answers once the server accepts a connection and a query. */
async function waitUntilReady(url: string, what: () => string, timeoutMs = 60_000) {
  await waitFor(
    async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
      try {
        await client.connect();
        await client.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    what,
    timeoutMs,
    100,
  );
}

/** `url` with its database name replaced by `name`. */
function withDatabase(url: string, name: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server `serverUrl` points at, named `<prefix>_<random>`; drop() removes it (closing
 * whatever connections are still open to it).
 */
export async function createTestDatabase(serverUrl: string, prefix = "dereg_test"): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  return {
    url: withDatabase(serverUrl, name),
    drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Starts a cluster (or takes TEST_POSTGRES_URL's server) and creates a database for the tests on it. */
export async function startPostgres(): Promise<TestPostgres> {
  const existing = process.env.TEST_POSTGRES_URL?.trim();
  if (existing) {
    await waitUntilReady(existing, () => `the server at TEST_POSTGRES_URL`, 10_000);
    const database = await createTestDatabase(existing);
    return { url: database.url, stop: database.drop };
  }

  const bin = findPostgresBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-pg-"));
  const data = path.join(dir, "data");
  const sockets = path.join(dir, "sockets");
  const log = path.join(dir, "server.log");
  fs.mkdirSync(sockets);
  await ownedByPostgresWhenRoot(dir);
  await ownedByPostgresWhenRoot(sockets);
  const readLog = () => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").slice(-2_000) : "(no server log)");

  let started = false;
  const stop = async () => {
    if (started) await runServerProgram(path.join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "fast", "-w"]).catch(() => undefined);
    started = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    await runServerProgram(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"]);
    const port = await freePort();
    // Durability is not worth waiting for in a cluster that is deleted after the run.
    const serverOptions = [
      `-c listen_addresses=127.0.0.1`,
      `-p ${port}`,
      `-k ${sockets}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
    ];
    // -W: pg_ctl returns at once; readiness is a connection that answers, polled below.
    await runServerProgram(path.join(bin, "pg_ctl"), ["start", "-D", data, "-l", log, "-W", "-o", serverOptions.join(" ")]);
    started = true;
    const serverUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await waitUntilReady(serverUrl, () => `PostgreSQL on port ${port} to accept connections; its log:\n${readLog()}`);
    await adminQuery(serverUrl, "CREATE DATABASE dereg_test");
    return { url: withDatabase(serverUrl, "dereg_test"), stop };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    await stop();
    throw new Error(`could not start a test PostgreSQL cluster: ${detail}`, { cause: error });
  }
}
