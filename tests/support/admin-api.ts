// Shared by the admin /api tests (tests/integration/admin-api-*.test.ts): the viewer, editor and admin each file
// calls the routes as, a stand-in for the job runner, and fresh rows for the routes to act on.
import { afterAll, beforeAll } from "vitest";
import { db, first, t } from "~/db.server";
import { claimNextJob, finishJob, recordRunnerHeartbeat } from "~/jobs/store.server";
import { makeUser, type TestUser } from "./auth";
import { addSource } from "./sources";

export type Role = "viewer" | "editor" | "admin";

let unique = 0;
/** A number no earlier call in this test file answered: for emails and addresses that must not repeat. */
export const nextUnique = () => ++unique;

export const newSource = async () => (await addSource({ name: "Feed" })).id;
export const newFeedback = async (values: Partial<typeof t.feedback.$inferInsert> = {}) =>
  (await first(
    db()
      .insert(t.feedback)
      .values({ type: "bug", subject: "Broken link", message: "The link 404s", ...values })
      .returning(),
  ))!.id;
/** An account to disable or delete (its password never used: the hash is a placeholder). */
export const newAccount = async () =>
  (await first(
    db()
      .insert(t.users)
      .values({ email: `member${nextUnique()}@example.com`, passwordHash: "unused", role: "editor" })
      .returning(),
  ))!.id;
export const newSubscriber = async () =>
  (await first(
    db()
      .insert(t.subscribers)
      .values({ email: `reader${nextUnique()}@example.com` })
      .returning(),
  ))!.id;

/**
 * Before the file's tests: a viewer, an editor and an admin with real sessions and, with `runner`, a stand-in for
 * the job runner (its heartbeat kept fresh), so the calls that wait for their job's result get one: recategorize
 * finishes with 4 articles updated, fix-priorities with 2. Answers the users (filled in before the first test) and
 * a function that stops the stand-in.
 */
export function setUpAdminApi({ runner = false }: { runner?: boolean } = {}) {
  const users = {} as Record<Role, TestUser>;
  let timer: ReturnType<typeof setInterval> | undefined;
  beforeAll(async () => {
    Object.assign(users, { viewer: await makeUser("viewer"), editor: await makeUser("editor"), admin: await makeUser("admin") });
    if (!runner) return;
    // Alive before the first test: the interval's first beat waits for a turn of the event loop, which tests that
    // only await in-memory work may never give before a route reads the heartbeat.
    await recordRunnerHeartbeat({ runnerId: "test-runner" });
    timer = setInterval(async () => {
      await recordRunnerHeartbeat({ runnerId: "test-runner" });
      const job = await claimNextJob("test-runner", ["recategorize", "fix-priorities"]);
      if (job) await finishJob(job.id, { result: { updated: job.kind === "recategorize" ? 4 : 2 } });
    }, 20);
  });
  afterAll(() => clearInterval(timer));
  return { users, stopRunner: () => clearInterval(timer) };
}
