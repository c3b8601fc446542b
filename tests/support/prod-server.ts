// The production build served by the web server (server.ts) on loopback, against a given database file:
// what the benchmarks and the hardening suite measure and attack.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { WEB_PROCESS_ARGS, webProcessEnv } from "~/web-process";

export const BUILD_FILE = path.resolve("build/index.js");
/** server.ts compiled by `npm run build`: the web process runs on plain Node, without a TypeScript loader. */
export const SERVER_FILE = path.resolve("build/server.js");

/** Builds the production bundle unless one exists (`force` rebuilds). */
export function ensureProductionBuild(force = false) {
  if (!force && fs.existsSync(BUILD_FILE) && fs.existsSync(SERVER_FILE)) return;
  // The test runner sets NODE_ENV=test, under which the bundler emits development JSX (jsxDEV) that the
  // production server cannot render: the build must see the environment it is built for.
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("npm run build failed");
}

/** Log lines that mean something went wrong inside the server, whatever the status code said. */
export const ALARMING = /SQLITE_BUSY|database is locked|Unhandled|TypeError|ReferenceError|RangeError|SyntaxError|Error:|"level":(50|60)/;
/** The server's request log lines: their URL is attacker-chosen text, not a server message. */
const REQUEST_LOG = /"msg":"request"/;

export type ProductionServer = {
  url: string;
  port: number;
  pid: number;
  /** Every stdout/stderr line that looks like an error (request log lines are not kept). */
  alarmingLines: string[];
  /** Every line the process wrote to stdout or stderr so far, in order (pino JSON on stdout). */
  output: string[];
  /** The process's exit code once it has exited (null while running, or when ended by a signal). */
  exitCode(): number | null;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** Sends a signal to the web process without waiting for it to end. */
  signal(name: NodeJS.Signals): void;
  /** Peak resident memory of the web process so far, in bytes (VmHWM); undefined off Linux. */
  peakRss(): number | undefined;
  stop(): Promise<void>;
};

export type ServerOptions = {
  port: number;
  databaseFile: string;
  env?: Record<string, string>;
  /** `listening`: ready as soon as anything answers (a server on a broken database); `ok` (default): `readyPath` answers 200. */
  ready?: "ok" | "listening";
  /** Node's arguments: the web process (WEB_PROCESS_ARGS) unless a benchmark starts a reference server of its own. */
  args?: string[];
  /** The path asked until the server is ready (default /api/sources). */
  readyPath?: string;
};

async function waitUntilReady(url: string, child: ChildProcess, ready: "ok" | "listening", readyPath: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the web process exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(`${url}${readyPath}`);
      await response.arrayBuffer();
      if (response.ok || ready === "listening") return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function readPeakRss(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = status.match(/^VmHWM:\s+(\d+) kB/m)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export async function startProductionServer({
  port,
  databaseFile,
  env = {},
  ready = "ok",
  args = WEB_PROCESS_ARGS,
  readyPath = "/api/sources",
}: ServerOptions): Promise<ProductionServer> {
  ensureProductionBuild();
  // The outbox sits beside a SQLite file; with a PostgreSQL URL, in a temporary folder of its own.
  const dir = /^postgres(ql)?:/i.test(databaseFile) ? fs.mkdtempSync(path.join(os.tmpdir(), "dereg-web-")) : path.dirname(databaseFile);
  const child = spawn(process.execPath, args, {
    // The web process's environment for the reference servers a benchmark starts too, so their memory compares.
    env: webProcessEnv({
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseFile,
      OUTBOX_DIR: path.join(dir, "outbox"),
      // The caller's secret when it has one, so cookies it signs (sessions, visitors) are accepted.
      SESSION_SECRET: process.env.SESSION_SECRET || "prod-server-test-secret-of-32-characters",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_PRIVATE_NETWORKS: "true",
      // One web process whatever the machine's cores (the default forks workers on more than 2): `pid`, its
      // signals and its peak memory are the serving process's. A test of the workers sets it.
      WEB_CONCURRENCY: "1",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const alarmingLines: string[] = [];
  const output: string[] = [];
  // Lines, not chunks: a chunk may end inside a line, whose rest comes with the next chunk.
  const collector = () => {
    let partial = "";
    const take = (line: string) => {
      if (!line) return;
      output.push(line);
      if (ALARMING.test(line) && !REQUEST_LOG.test(line)) alarmingLines.push(line);
    };
    return {
      data(chunk: Buffer) {
        const lines = (partial + chunk.toString("utf8")).split("\n");
        partial = lines.pop()!;
        lines.forEach(take);
      },
      end: () => take(partial),
    };
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    const { data, end } = collector();
    stream.on("data", data);
    stream.on("end", end);
  }
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(url, child, ready, readyPath);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${alarmingLines.join("\n")}`);
  }
  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    alarmingLines,
    output,
    exitCode: () => child.exitCode,
    exited,
    signal: (name) => child.kill(name),
    peakRss: () => readPeakRss(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
      }),
  };
}
