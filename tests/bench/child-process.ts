// The one way the bench runs another program: awaited, never waited for with spawnSync. The runner holds
// kept-alive connections to its servers; while a blocking wait lasts (a script runs for minutes), the runner never
// sees a server close an idle one, and the next step's first request goes out on a closed connection and fails
// ("other side closed").
import { spawn, type SpawnOptions } from "node:child_process";

export type Finished = { status: number | null; stdout: string; stderr: string };

/** Runs `command` to its end. With `capture`, its output is returned; otherwise it goes to this process's own. */
export function runToEnd(command: string, args: string[], options: SpawnOptions & { capture?: boolean } = {}): Promise<Finished> {
  const { capture = false, ...spawnOptions } = options;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: capture ? ["ignore", "pipe", "pipe"] : "inherit" });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") }));
  });
}
