// Stands in for one job runner's schedules firing (jobs/runner.ts): the same call its cron makes when a schedule's
// time comes (enqueueScheduled: the schedule's own parameters, keyed by the period it fires for). tests/postgres/multi-node.test.ts starts one of these
// per runner, so two processes fire the same period at the same moment, as two runners' crons would.
//
//   node --import tsx tests/support/fire-schedules.ts <kind> [<kind> ...]
//
// Prints "ready" once the database is open, waits for a line on stdin (the moment to fire, an ISO time given to every
// copy at once), then prints one JSON line: what enqueueScheduled answered for each kind, `{ kind, id, created }`.
import readline from "node:readline";
import { config } from "~/config.server";
import { enqueueScheduled, schedules } from "~/jobs/registry.server";
import { closeDatabase, pingDatabase } from "~/schema-store.server";

const kinds = process.argv.slice(2);
const chosen = schedules.filter((schedule) => kinds.includes(schedule.kind));
if (chosen.length !== kinds.length) throw new Error(`not every kind has a schedule: ${kinds.join(", ")}`);

// The pool connects now, so firing costs a query, not a connection.
await pingDatabase();
const input = readline.createInterface({ input: process.stdin });
console.log("ready");
const firedAt = new Date(await new Promise<string>((resolve) => input.once("line", resolve)));
input.close();

// One kind after the other, as their crons fire at different times: the two copies race on each kind as two
// runners would, not on all of them at once behind the one lock of immediate transactions.
const answers = [];
for (const schedule of chosen) {
  const { job, created } = await enqueueScheduled(schedule, config().APP_TIMEZONE, firedAt);
  answers.push({ kind: schedule.kind, id: job.id, created });
}
console.log(JSON.stringify(answers));
await closeDatabase();
