// How `npm start` (jobs/launch.ts) keeps its two processes: the web process and the job runner run side by side;
// the web process's exit (or `stop`, on a signal) stops both, so a supervisor sees one failed service, while a
// runner that exits on its own is started again after a pause, so one bad job cannot take the site down with it.
import { spawn, type ChildProcess } from "node:child_process";

/** A process to start: its own `env` (when given) is the one it gets instead of the shared one. */
export type Command = { command: string; args: string[]; env?: NodeJS.ProcessEnv };

/** The pause before the first restart, doubling with each crash in a row up to the longest. */
export const RESTART_FIRST_DELAY_MS = 1000;
export const RESTART_LONGEST_DELAY_MS = 60_000;
/** A runner that stayed up this long before it stopped is crashing anew: its next restart waits the first pause again. */
export const RESTART_STABLE_AFTER_MS = 60_000;
/** How long stopping waits for the processes to end before it kills them. */
const STOP_GRACE_MS = 25_000;

/** The pause before starting the runner again after its `crashesInARow`-th crash in a row: 1 s, 2 s, 4 s, ... 60 s. */
export function restartDelay(crashesInARow: number) {
  return Math.min(RESTART_FIRST_DELAY_MS * 2 ** Math.max(0, crashesInARow - 1), RESTART_LONGEST_DELAY_MS);
}

const isRunning = (child: ChildProcess | undefined): child is ChildProcess => Boolean(child && child.exitCode === null && child.signalCode === null);

/**
 * Starts the web process and the runner with `env`; answers `done` (the exit code to leave with: the web process's,
 * or the one given to `stop`), `stop`, and the runner's current process.
 */
export function superviseProcesses({
  web,
  runner,
  env,
  log = console.error,
}: {
  web: Command;
  runner: Command;
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}) {
  let stopping = false;
  let runnerChild: ChildProcess | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let crashesInARow = 0;
  let finish: (code: number) => void = () => {};
  const done = new Promise<number>((resolve) => (finish = resolve));

  const startRunner = () => {
    const startedAt = Date.now();
    const child = spawn(runner.command, runner.args, { env: runner.env ?? env, stdio: "inherit" });
    runnerChild = child;
    child.once("exit", (code, signal) => {
      if (stopping) return;
      crashesInARow = Date.now() - startedAt >= RESTART_STABLE_AFTER_MS ? 1 : crashesInARow + 1;
      const delay = restartDelay(crashesInARow);
      log(`[launch] the job runner stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay / 1000} s`);
      restartTimer = setTimeout(startRunner, delay);
    });
  };

  const webChild = spawn(web.command, web.args, { env: web.env ?? env, stdio: "inherit" });
  startRunner();

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(restartTimer);
    const children = [webChild, runnerChild].filter(isRunning);
    for (const child of children) child.kill("SIGTERM");
    const force = setTimeout(() => {
      for (const child of children.filter(isRunning)) child.kill("SIGKILL");
      finish(code);
    }, STOP_GRACE_MS);
    force.unref();
    void Promise.all(children.map((child) => (isRunning(child) ? new Promise((resolve) => child.once("exit", resolve)) : null))).then(() => {
      clearTimeout(force);
      finish(code);
    });
  };
  webChild.once("exit", (code) => stop(code ?? 1));

  return { done, stop, runner: () => runnerChild };
}
