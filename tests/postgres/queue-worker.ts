// One runner's side of tests/postgres/job-queue-shared.test.ts: a process of its own with its own pool on
// DATABASE_URL, answering one JSON command per stdin line with one JSON line on stdout.
import readline from "node:readline";
import { and, eq, sql } from "drizzle-orm";
import { all, closeDatabase, db, first, t } from "~/db.server";
import { enqueueScheduled, schedules } from "~/jobs/registry.server";
import { claimNextJob, finishJob } from "~/jobs/store.server";

type Command = { op: "ready" } | { op: "claim"; kinds: string[] } | { op: "drain"; kinds: string[] } | { op: "schedule"; kind: string; firedAt: string };

const runnerId = `worker-${process.pid}`;

const countOf = async (where: ReturnType<typeof and>) => (await first<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${t.jobs} WHERE ${where}`))?.n ?? 0;

/** Claims and finishes jobs until none is queued; notes any moment two jobs of one kind were running at once. */
async function drain(kinds: string[]) {
  const claimed: number[] = [];
  let twoOfAKind = 0;
  for (;;) {
    const job = await claimNextJob(runnerId, kinds);
    if (job) {
      claimed.push(job.id);
      if ((await countOf(and(eq(t.jobs.kind, job.kind), eq(t.jobs.status, "running")))) > 1) twoOfAKind++;
      await finishJob(job.id, { result: {} });
    } else if ((await countOf(eq(t.jobs.status, "queued"))) === 0) return { claimed, twoOfAKind };
  }
}

async function answer(command: Command): Promise<unknown> {
  // A first query opens the pool, so the commands that follow start as soon as they are sent.
  if (command.op === "ready") return { ready: Array.isArray(await all(db().select({ id: t.jobs.id }).from(t.jobs).limit(1))) };
  if (command.op === "claim") return { id: (await claimNextJob(runnerId, command.kinds))?.id ?? null };
  if (command.op === "drain") return drain(command.kinds);
  const schedule = schedules.find((s) => s.kind === command.kind)!;
  const { job, created } = await enqueueScheduled(schedule, process.env.APP_TIMEZONE!, new Date(command.firedAt));
  return { id: job.id, created };
}

for await (const line of readline.createInterface({ input: process.stdin })) {
  process.stdout.write(`${JSON.stringify(await answer(JSON.parse(line) as Command))}\n`);
}
await closeDatabase();
