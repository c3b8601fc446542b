// The job runner SIGKILLed in the middle of a newsletter send, then started again: the job finishes and
// every active subscriber has exactly one copy. The mail server (smtp-server on loopback) holds each
// message's answer back, so the kill lands while messages are being handed over.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, t } from "~/db.server";
import { enqueueJob } from "~/jobs/store.server";
import { isFinished } from "~/jobs/outcome";
import { startMailServer, type MailServer } from "../../support/mail";
import { waitFor } from "../../support/wait";
import { startRunner, stop, type ProductProcess } from "./processes";

const SUBSCRIBERS = 12;
/** How long the mail server waits before accepting each message. */
const ANSWER_DELAY_MS = 300;

let smtp: MailServer;
const runners: ProductProcess[] = [];

beforeAll(async () => {
  smtp = await startMailServer();
  // Each message is here on arrival; its acceptance is what the delay holds back.
  smtp.answerDelayMs = ANSWER_DELAY_MS;
});

afterAll(async () => {
  for (const runner of runners) await stop(runner, "SIGKILL");
  await smtp.close();
});

/** Each address a message arrived for, once per message. */
const received = () => smtp.arrived.flatMap((message) => message.to);

it("finishes after a SIGKILL mid-send with exactly one email per active subscriber", { timeout: 90_000 }, async () => {
  const active = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@subscribers.test`);
  for (const email of active) db().insert(t.subscribers).values({ email }).run();
  db().insert(t.subscribers).values({ email: "gone@subscribers.test", isActive: false }).run();
  const { job } = await enqueueJob("newsletter", {}, "test");
  const jobRow = () => db().select().from(t.jobs).where(eq(t.jobs.id, job.id)).get()!;

  const first = startRunner({ SMTP_URL: smtp.url });
  runners.push(first);
  await waitFor(() => received().length >= 3, "the first messages", 30_000);
  await stop(first, "SIGKILL");
  const beforeRestart = received().length;
  expect(beforeRestart).toBeLessThan(SUBSCRIBERS);
  expect(jobRow().status).toBe("running");

  const second = startRunner({ SMTP_URL: smtp.url });
  runners.push(second);
  await waitFor(() => isFinished(jobRow().status), "the job to finish", 60_000);
  expect(jobRow().status, jobRow().error ?? "").toBe("succeeded");

  const copies = new Map<string, number>();
  for (const address of received()) copies.set(address, (copies.get(address) ?? 0) + 1);
  expect(Object.fromEntries(copies)).toEqual(Object.fromEntries(active.map((email) => [email, 1])));
  console.info(`[faults] newsletter: killed after ${beforeRestart} of ${SUBSCRIBERS} messages; after restart ${received().length}, each once`);
  await stop(second);
});
