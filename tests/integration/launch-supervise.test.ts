// `npm start`'s two processes (jobs/supervise.ts, used by jobs/launch.ts) as real processes: a job runner that
// crashes at once is started again, with growing pauses, while the web process keeps answering; the web process's
// exit stops the runner and ends with the web process's code; `stop` ends both.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { restartDelay, superviseProcesses } from "../../jobs/supervise";
import { webProcessEnv } from "~/web-process";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const node = (script: string) => ({ command: process.execPath, args: ["-e", script] });
const stops: (() => void)[] = [];

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

/** A runner stand-in that writes a line to `file` each time it starts, then crashes. */
function crashingRunner(file: string) {
  return node(`require("fs").appendFileSync(${JSON.stringify(file)}, "start\\n"); process.exit(1);`);
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it("waits 1 s, 2 s, 4 s ... at most 60 s between restarts", () => {
  expect([1, 2, 3, 4, 6, 7, 20].map(restartDelay)).toEqual([1000, 2000, 4000, 8000, 32_000, 60_000, 60_000]);
});

it("starts a crashing runner again while the web process keeps answering, and stop ends both", async () => {
  const starts = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "supervise-")), "starts");
  const port = await freePort();
  const processes = superviseProcesses({
    web: node(`require("http").createServer((q, s) => s.end("web ok")).listen(${port}, "127.0.0.1")`),
    runner: crashingRunner(starts),
    env: process.env,
    log: () => {},
  });
  stops.push(() => processes.stop(0));
  const startCount = () => (fs.existsSync(starts) ? fs.readFileSync(starts, "utf8").split("\n").filter(Boolean).length : 0);
  // The first start, then again after 1 s and after 2 s more.
  await waitFor(() => startCount() >= 3 || undefined, "three runner starts", 20_000);
  const answer = await waitFor(
    () =>
      fetch(`http://127.0.0.1:${port}/`).then(
        (response) => response.text(),
        () => undefined,
      ),
    "the web process's answer",
  );
  expect(answer).toBe("web ok");
  processes.stop(0);
  expect(await processes.done).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  const runner = processes.runner()!;
  expect(runner.exitCode !== null || runner.signalCode !== null).toBe(true);
}, 40_000);

it("the web process's exit stops the runner and ends with the web process's code", async () => {
  const processes = superviseProcesses({
    web: node("setTimeout(() => process.exit(3), 300)"),
    runner: node("setInterval(() => {}, 1000)"),
    env: process.env,
    log: () => {},
  });
  stops.push(() => processes.stop(0));
  const runnerPid = processes.runner()!.pid!;
  expect(await processes.done).toBe(3);
  await waitFor(() => !isAlive(runnerPid) || undefined, "the runner's exit");
});

it("gives a process its own environment when it has one, and the shared one otherwise", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "supervise-env-"));
  const written = (name: string) => path.join(dir, name);
  const writesItsEnv = (name: string) =>
    node(
      `require("fs").writeFileSync(${JSON.stringify(written(name))}, JSON.stringify({ shared: process.env.SHARED_SETTING ?? null, own: process.env.MALLOC_ARENA_MAX ?? null }));` +
        "setInterval(() => {}, 1000)",
    );
  const shared: NodeJS.ProcessEnv = { ...process.env, SHARED_SETTING: "both" };
  delete shared.MALLOC_ARENA_MAX;
  const processes = superviseProcesses({
    web: { ...writesItsEnv("web"), env: webProcessEnv(shared) },
    runner: writesItsEnv("runner"),
    env: shared,
    log: () => {},
  });
  stops.push(() => processes.stop(0));
  const read = (name: string) => (fs.existsSync(written(name)) ? fs.readFileSync(written(name), "utf8") || undefined : undefined);
  expect(JSON.parse(await waitFor(() => read("web"), "the web process's environment"))).toEqual({ shared: "both", own: "2" });
  expect(JSON.parse(await waitFor(() => read("runner"), "the runner's environment"))).toEqual({ shared: "both", own: null });
  processes.stop(0);
  expect(await processes.done).toBe(0);
});
