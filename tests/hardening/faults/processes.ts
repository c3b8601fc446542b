// The product's processes for fault tests: the web (server.ts on the production build) and the job
// runner, on this test file's database, started, timed and killed for real.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { WEB_PROCESS_ARGS, webProcessEnv } from "~/web-process";

export type ProductProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function newestChange(dir: string): number {
  return Math.max(
    0,
    ...fs.readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const file = path.join(dir, entry.name);
      return entry.isDirectory() ? newestChange(file) : fs.statSync(file).mtimeMs;
    }),
  );
}

/** The production build of this checkout: built when missing or older than the code. */
export function ensureBuild() {
  const built = fs.existsSync("build/index.js") ? fs.statSync("build/index.js").mtimeMs : 0;
  if (built < newestChange("app"))
    execFileSync(path.resolve("node_modules/.bin/remix"), ["build"], { stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
}

function track(child: ChildProcess): ProductProcess {
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const productionEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, NODE_ENV: "production", ...extra });

/** The web server (server.ts) on `port`, ready when `/` answers. */
export async function startWeb(port: number, env: Record<string, string> = {}): Promise<ProductProcess & { origin: string }> {
  const web = track(
    spawn(process.execPath, WEB_PROCESS_ARGS, {
      // One web process (not a primary and its workers, as WEB_CONCURRENCY's default gives on more than 2 cores):
      // the faults are aimed at the process that serves.
      env: webProcessEnv(productionEnv({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, WEB_CONCURRENCY: "1", ...env })),
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (web.child.exitCode !== null) throw new Error(`the web process exited:\n${web.output()}`);
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the web process did not answer:\n${web.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { ...web, origin };
}

/** The job runner (node with the tsx loader, so signals reach the runner itself). */
export function startRunner(env: Record<string, string> = {}): ProductProcess {
  return track(spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts"], { env: productionEnv(env), stdio: ["ignore", "pipe", "pipe"] }));
}

export async function stop(process: ProductProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill(signal);
  await process.exited;
}

/** How long one GET takes, in ms, and its status. */
export async function timedGet(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}
