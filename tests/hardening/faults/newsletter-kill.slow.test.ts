// The job runner SIGKILLed in the middle of a newsletter send, then started again: the job finishes and
// every active subscriber has exactly one copy. The mail server (smtp-server on loopback) holds each
// message's answer back, so the kill lands while messages are being handed over.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, t } from "~/db.server";
import { enqueueJob } from "~/jobs/queue.server";
import { isFinished } from "~/jobs/outcome";
import { startRunner, stop, type ProductProcess } from "./processes";

const SUBSCRIBERS = 12;
/** How long the mail server waits before accepting each message. */
const ANSWER_DELAY_MS = 300;

const received: string[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
const runners: ProductProcess[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        // The message is here; its acceptance is what the delay holds back.
        for (const recipient of session.envelope.rcptTo) received.push(recipient.address);
        setTimeout(() => callback(), ANSWER_DELAY_MS);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const runner of runners) await stop(runner, "SIGKILL");
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const until = async (condition: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

it("finishes after a SIGKILL mid-send with exactly one email per active subscriber", { timeout: 90_000 }, async () => {
  const active = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@subscribers.test`);
  for (const email of active) db().insert(t.subscribers).values({ email }).run();
  db().insert(t.subscribers).values({ email: "gone@subscribers.test", isActive: false }).run();
  const { job } = enqueueJob("newsletter", {}, "test");
  const jobRow = () => db().select().from(t.jobs).where(eq(t.jobs.id, job.id)).get()!;

  const first = startRunner({ SMTP_URL: smtpUrl });
  runners.push(first);
  await until(() => received.length >= 3, 30_000, "the first messages");
  await stop(first, "SIGKILL");
  const beforeRestart = received.length;
  expect(beforeRestart).toBeLessThan(SUBSCRIBERS);
  expect(jobRow().status).toBe("running");

  const second = startRunner({ SMTP_URL: smtpUrl });
  runners.push(second);
  await until(() => isFinished(jobRow().status), 60_000, "the job to finish");
  expect(jobRow().status, jobRow().error ?? "").toBe("succeeded");

  const copies = new Map<string, number>();
  for (const address of received) copies.set(address, (copies.get(address) ?? 0) + 1);
  expect(Object.fromEntries(copies)).toEqual(Object.fromEntries(active.map((email) => [email, 1])));
  console.info(`[faults] newsletter: killed after ${beforeRestart} of ${SUBSCRIBERS} messages; after restart ${received.length}, each once`);
  await stop(second);
});
