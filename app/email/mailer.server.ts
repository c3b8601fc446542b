// Outgoing email through nodemailer: SMTP when SMTP_URL is set, otherwise .eml files in the outbox
// folder, so every email flow works offline and can be inspected.
import fs from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { config } from "../config.server";
import { publicUrl } from "../public-url.server";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
};

type SentEmail = { messageId: string; outboxFile?: string };

/** How long a mail server may take to accept the connection, to greet, and to answer each command. */
export const SMTP_TIMEOUTS = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 30_000 };

let transport: Transporter | undefined;

/**
 * nodemailer, imported at the first email: the web process sends one only after a form, and loading nodemailer at
 * start kept 2.8 MB of its modules alive in every web process (docs/benchmarks.md, "Modules the web process
 * seldom uses, loaded when used").
 */
async function mailer() {
  return (await import("nodemailer")).default;
}

async function smtpTransport() {
  const nodemailer = await mailer();
  // The timeouts sit beside `url` in the transport options: a second argument to createTransport would be
  // message defaults, not connection settings.
  transport ??= nodemailer.createTransport({
    url: config().SMTP_URL!,
    connectionTimeout: SMTP_TIMEOUTS.connectionMs,
    greetingTimeout: SMTP_TIMEOUTS.greetingMs,
    socketTimeout: SMTP_TIMEOUTS.socketMs,
  });
  return transport;
}

async function outboxTransport() {
  return (await mailer()).createTransport({ streamTransport: true, buffer: true, newline: "unix" });
}

function outboxFileName(messageId: string) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return `${stamp}-${messageId.replace(/[^a-zA-Z0-9]/g, "").slice(0, 24)}.eml`;
}

/** What went wrong with the mail server, in words an operator can act on. */
function describeSmtpFailure(error: unknown) {
  const { code, message } = error as { code?: string; message?: string };
  const url = new URL(config().SMTP_URL!);
  const server = `the mail server ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
  if (/ECONNREFUSED/.test(message ?? "")) return `${server} refused the connection`;
  if (code === "ETIMEDOUT") return `${server} did not answer in time`;
  if (/socket close|ECONNRESET/i.test(message ?? "")) return `${server} closed the connection`;
  if (code === "EDNS" || /ENOTFOUND|EAI_AGAIN/.test(message ?? "")) return `${server} could not be found`;
  if (code === "EAUTH") return `${server} refused the login`;
  return `${server} failed: ${message ?? String(error)}`;
}

/** A failed SMTP send, in words for a person; `responseCode` is the server's reply code when it gave one (5xx = never). */
class EmailNotSentError extends Error {
  readonly responseCode?: number;
  constructor(reason: string, cause: unknown) {
    super(`Email not sent: ${reason}`, { cause });
    const code = (cause as { responseCode?: unknown } | null)?.responseCode;
    if (typeof code === "number") this.responseCode = code;
  }
}

export async function sendEmail(email: OutgoingEmail): Promise<SentEmail> {
  const message = { from: config().MAIL_FROM, ...email };
  if (config().SMTP_URL) {
    try {
      const info = await (await smtpTransport()).sendMail(message);
      return { messageId: info.messageId };
    } catch (error) {
      throw new EmailNotSentError(describeSmtpFailure(error), error);
    }
  }
  const info = await (await outboxTransport()).sendMail(message);
  fs.mkdirSync(config().OUTBOX_DIR, { recursive: true });
  const file = path.join(config().OUTBOX_DIR, outboxFileName(info.messageId));
  fs.writeFileSync(file, info.message as Buffer);
  console.log(`[email] SMTP_URL is not set; wrote "${email.subject}" for ${email.to} to ${file}`);
  return { messageId: info.messageId, outboxFile: file };
}

/**
 * Sends after the current request has been answered, so the answer never waits on the mail server (and its
 * timing reveals nothing about whether an email went out). Failures are logged: nobody is waiting for them.
 */
export function sendEmailLater(email: OutgoingEmail, what: string) {
  setImmediate(() => {
    sendEmail(email).catch((error) => console.error(`[email] could not send ${what} to ${email.to}:`, error));
  });
}

/** An absolute link into the site, for emails (the same address whichever process sends them). */
export async function siteUrl(pathAndQuery: string) {
  return `${await publicUrl()}${pathAndQuery}`;
}
