// The job runner as a real process meets an alert following `agency=%00` (a view a visitor could save): on
// PostgreSQL this once failed the alerts job, failed recording the failure (the message quoted the NUL) and took
// the runner down with exit code 1, the row left running. Now the job is recorded and the runner goes on to the
// next job. Run on SQLite by `npm test` and on PostgreSQL by `npm run test:postgres`.
import { spawn, type ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { db, first, t } from "~/db.server";
import { enqueueJob } from "~/jobs/store.server";
import { addArticle } from "../support/articles";
import { waitFor } from "../support/wait";

const runners: ChildProcess[] = [];

afterAll(() => {
  for (const runner of runners) if (runner.exitCode === null) runner.kill("SIGKILL");
});

const jobRow = async (id: number) => (await first(db().select().from(t.jobs).where(eq(t.jobs.id, id))))!;
const finished = (status: string) => status !== "queued" && status !== "running";

it("records the alerts job of an alert following agency=%00 and runs the next job", { timeout: 60_000 }, async () => {
  await addArticle({ title: "A rule the alert would send" });
  const hour = Number(new Date().toLocaleString("en-US", { hour: "numeric", hourCycle: "h23", timeZone: process.env.APP_TIMEZONE }));
  await first(
    db()
      .insert(t.alerts)
      .values({ email: "nul-runner@example.com", view: "agency=%00", frequency: "daily", hour, confirmedAt: new Date(Date.now() - 2 * 86_400_000) })
      .returning(),
  );
  const { job: alerts } = await enqueueJob("alerts", {}, "test");
  const { job: next } = await enqueueJob("recategorize", {}, "test");

  // Node itself with the tsx loader, as tests/integration/runner-restart.test.ts starts it.
  const runner = spawn(process.execPath, ["--import", "tsx", "jobs/cli.ts"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  runners.push(runner);
  let output = "";
  runner.stdout!.on("data", (chunk) => (output += chunk));
  runner.stderr!.on("data", (chunk) => (output += chunk));

  const done = await waitFor(
    async () => (finished((await jobRow(alerts.id)).status) && finished((await jobRow(next.id)).status)) || runner.exitCode !== null || undefined,
    () => `both jobs to finish; runner output:\n${output.slice(-2000)}`,
    45_000,
  );
  expect(done).toBe(true);
  expect(runner.exitCode, output.slice(-2000)).toBeNull();
  expect((await jobRow(alerts.id)).status).toBe("succeeded");
  expect((await jobRow(next.id)).status).toBe("succeeded");
});
