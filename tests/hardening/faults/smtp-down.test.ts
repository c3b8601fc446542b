// SMTP down: sendEmail rejects with a clear error within a bounded time, whether nothing listens on the
// mail server's port, the server hangs up at once, or it accepts the connection and never greets.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, expect, it, vi } from "vitest";
import { freePort } from "../../support/ports";

type Mailer = typeof import("~/email/mailer.server");

/** The mailer as a process started with SMTP_URL would have it (configuration and transport are per process). */
async function mailerWith(smtpUrl: string): Promise<Mailer> {
  vi.resetModules();
  process.env.SMTP_URL = smtpUrl;
  return import("~/email/mailer.server");
}

afterEach(() => {
  delete process.env.SMTP_URL;
  vi.resetModules();
});

async function timed(promise: Promise<unknown>) {
  const started = Date.now();
  const error = await promise.then(
    () => null,
    (e: Error) => e,
  );
  return { error, ms: Date.now() - started };
}

const email = { to: "reader@example.com", subject: "Weekly digest", text: "Hello" };

it("rejects at once, naming the mail server, when nothing listens on its port", async () => {
  const port = await freePort();
  const { sendEmail } = await mailerWith(`smtp://127.0.0.1:${port}`);
  const { error, ms } = await timed(sendEmail(email));
  expect(error?.message).toBe(`Email not sent: the mail server 127.0.0.1:${port} refused the connection`);
  expect(ms).toBeLessThan(5000);
});

it("rejects when the server hangs up without a greeting", async () => {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const { sendEmail } = await mailerWith(`smtp://127.0.0.1:${port}`);
    const { error, ms } = await timed(sendEmail(email));
    expect(error?.message).toMatch(new RegExp(`^Email not sent: the mail server 127\\.0\\.0\\.1:${port} `));
    expect(ms).toBeLessThan(5000);
  } finally {
    server.close();
  }
});

it("gives up on a server that accepts the connection and never greets, after the greeting timeout", async () => {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const { sendEmail, SMTP_TIMEOUTS } = await mailerWith(`smtp://127.0.0.1:${port}`);
    const { error, ms } = await timed(sendEmail(email));
    expect(error?.message).toBe(`Email not sent: the mail server 127.0.0.1:${port} did not answer in time`);
    // nodemailer's own default would wait 30 s for the greeting.
    expect(ms).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingMs - 100);
    expect(ms).toBeLessThan(SMTP_TIMEOUTS.greetingMs + 3000);
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
}, 40_000);
