// A web node for tests/postgres/login-limit.test.ts: a process of its own on the test's database (DATABASE_URL).
// It says "ready" once loaded, waits for "go" on stdin, then tries `count` wrong passwords for the email at once
// and prints how each ended ("unauthorized" when the password was checked, else the refusal's kind) as JSON.
import { once } from "node:events";
import { verifyLogin } from "~/auth/login.server";
import { closeDatabase } from "~/db.server";
import { AppError } from "~/errors";

const [email, count, address] = process.argv.slice(2);

process.stdout.write("ready\n");
await once(process.stdin, "data");
const outcomes = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    verifyLogin(address, email, "not-the-password").then(
      () => "signed-in",
      (error: unknown) => (error instanceof AppError ? error.kind : String(error)),
    ),
  ),
);
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
await closeDatabase();
process.exit(0);
