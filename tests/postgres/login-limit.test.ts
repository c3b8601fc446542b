// The login limit holds across web nodes that share one PostgreSQL: two processes guessing one account's password
// at the same moment get no more tries between them than one process alone would.
import { spawn } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { createUser } from "~/auth/users.server";
import { closeDatabase } from "~/db.server";
import { RATE_LIMITS } from "~/rate-limit.server";

afterAll(() => closeDatabase());

/** A process running login-attempts.ts, and its outcomes once told to go. */
function startNode(email: string, count: number, address: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/postgres/login-attempts.ts", email, String(count), address], {
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith("ready\n")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the login process exited (${code}) before it was ready`)));
  });
  const outcomes = new Promise<string[]>((resolve, reject) =>
    child.once("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output.slice("ready\n".length))) : reject(new Error(`the login process exited with ${code}`)),
    ),
  );
  return { ready, go: () => child.stdin.end("go\n"), outcomes };
}

it("lets two processes check no more wrong passwords for one account between them than the limit", { timeout: 120_000 }, async () => {
  const email = "guessed@example.com";
  await createUser(email, "the-real-password", "viewer");
  const { limit } = RATE_LIMITS.loginFailuresPerAccount;
  const nodes = [startNode(email, limit, "198.51.100.7"), startNode(email, limit, "198.51.100.7")];
  await Promise.all(nodes.map((node) => node.ready));
  for (const node of nodes) node.go();
  const outcomes = (await Promise.all(nodes.map((node) => node.outcomes))).flat();
  // Each process alone would check `limit` passwords; together they check `limit`, and the rest are refused.
  expect(outcomes.filter((kind) => kind === "unauthorized")).toHaveLength(limit);
  expect(outcomes.filter((kind) => kind === "rate-limited")).toHaveLength(limit);
});
