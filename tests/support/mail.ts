// The emails the product sends, as a person would read them: a real SMTP server on loopback that records each
// message, and the outbox folder the product writes to when SMTP_URL is unset (app/email/mailer.server.ts).
// Both give the same `Mail`: headers unfolded and decoded, the text and HTML parts decoded, and the links in them.
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { waitFor } from "./wait";

export type Mail = {
  raw: string;
  /** The SMTP envelope's recipients; for an outbox file, the addresses of its `To:` header. */
  to: string[];
  /** Every header by its lower-case name (the first when repeated), unfolded, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  /** The text/plain part, decoded ("" when there is none). */
  text: string;
  /** The text/html part, decoded ("" when there is none). */
  html: string;
  /** Every link in the text and HTML parts, in order, each once (HTML entities in `href`s undone). */
  links: string[];
};

function splitHead(raw: string): [string, string] {
  const blank = /\r?\n\r?\n/.exec(raw);
  return blank ? [raw.slice(0, blank.index), raw.slice(blank.index + blank[0].length)] : [raw, ""];
}

/** Quoted-printable undone into bytes, so a character written as several escaped bytes decodes whole. */
function decodeQuotedPrintable(text: string) {
  const joined = text.replace(/=\r?\n/g, "");
  const chunks: Buffer[] = [];
  let last = 0;
  for (const escape of joined.matchAll(/=([0-9A-Fa-f]{2})/g)) {
    chunks.push(Buffer.from(joined.slice(last, escape.index), "utf8"), Buffer.from([parseInt(escape[1], 16)]));
    last = escape.index + 3;
  }
  chunks.push(Buffer.from(joined.slice(last), "utf8"));
  return Buffer.concat(chunks).toString("utf8");
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as in a non-ASCII subject. */
function decodeWords(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function parseHeaders(head: string) {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

/** The leaf parts of a message (a multipart's parts, recursively), each with its type and decoded body. */
function leafParts(raw: string): { type: string; body: string }[] {
  const [head, body] = splitHead(raw);
  const headers = parseHeaders(head);
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    return sections.filter((section) => !section.startsWith("--")).flatMap((section) => leafParts(section.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const decoded = encoding === "quoted-printable" ? decodeQuotedPrintable(body) : encoding === "base64" ? Buffer.from(body, "base64").toString("utf8") : body;
  return [{ type: type.split(";")[0].trim().toLowerCase(), body: decoded }];
}

function linksIn(text: string, html: string) {
  const fromText = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
  return [...new Set([...fromText, ...fromHtml])];
}

/** One raw message read as a person would; `to` defaults to the addresses of its `To:` header. */
export function parseMail(raw: string, to?: string[]): Mail {
  const headers = parseHeaders(splitHead(raw)[0]);
  const parts = leafParts(raw);
  const text = parts.find((part) => part.type === "text/plain")?.body ?? "";
  const html = parts.find((part) => part.type === "text/html")?.body ?? "";
  const recipients =
    to ??
    (headers.to ?? "")
      .split(",")
      .map((address) => address.trim())
      .filter(Boolean);
  return { raw, to: recipients, headers, subject: headers.subject ?? "", text, html, links: linksIn(text, html) };
}

/** The first link in the mail whose address contains `fragment` (a path such as "/invite/"); throws when none does. */
export function linkTo(mail: Mail, fragment: string) {
  const link = mail.links.find((candidate) => candidate.includes(fragment));
  if (!link) throw new Error(`no ${fragment} link in:\n${mail.text || mail.html}`);
  return new URL(link);
}

/** The address inside a header's angle brackets, as in `List-Unsubscribe: <https://...>`. */
export function bracketed(value: string | undefined) {
  return value === undefined ? undefined : /^<(.+)>$/.exec(value)?.[1];
}

// ---- The outbox folder (SMTP_URL unset) ----

/** Every message in an outbox folder, oldest first (the file names start with the time they were written). */
export function outboxMails(dir: string): Mail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => parseMail(fs.readFileSync(path.join(dir, file), "utf8")));
}

/** The messages whose `To:` is exactly this address. */
export function outboxMailsTo(dir: string, to: string) {
  return outboxMails(dir).filter((mail) => mail.headers.to === to);
}

/**
 * Waits until a message to `marker` is in the outbox: emails are written after the answer, in the order they
 * were asked for, so once the marker's is there every email asked for before it is too.
 */
export async function waitForMarker(dir: string, marker: string, timeoutMs = 10_000) {
  await waitFor(() => outboxMailsTo(dir, marker).length > 0, `an email to ${marker} in ${dir}`, timeoutMs);
}

let markers = 0;
/**
 * The outbox's messages to `to` once every email asked for so far is written: `askForEmail` has the product
 * email a fresh marker address last, and the marker's message is waited for.
 */
export async function settledOutboxMailsTo(dir: string, to: string, askForEmail: (marker: string) => Promise<void>) {
  const marker = `marker-${process.pid}-${++markers}@example.org`;
  await askForEmail(marker);
  await waitForMarker(dir, marker);
  return outboxMailsTo(dir, to);
}

// ---- A mail server on loopback ----

export type MailServer = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every message whose data came in, in order, whatever the server answered (or is still holding back). */
  arrived: Mail[];
  /** The messages the server accepted (answered 250), in order. */
  accepted: Mail[];
  /** How long the server holds back each acceptance: a slow mail server. */
  answerDelayMs: number;
  /** While set, the server keeps each message but never answers: the moment to kill the sender. */
  holdAnswers: boolean;
  /** After this many accepted messages the server answers 451 (try again later). */
  acceptLimit: number;
  /** Recipients the server refuses with 550 (no such user). */
  refuses: (address: string) => boolean;
  /** The accepted messages to an address. */
  to(address: string): Mail[];
  /** Waits until `count` messages to `address` were accepted; answers them all. */
  waitForCount(address: string, count: number, timeoutMs?: number): Promise<Mail[]>;
  /** Waits for the first message to `address` accepted after the first `since` ones; answers it. */
  next(address: string, since: number, timeoutMs?: number): Promise<Mail>;
  close(): Promise<void>;
};

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

export async function startMailServer(): Promise<MailServer> {
  const mail: Omit<MailServer, "url"> = {
    arrived: [],
    accepted: [],
    answerDelayMs: 0,
    holdAnswers: false,
    acceptLimit: Infinity,
    refuses: () => false,
    to: (address) => mail.accepted.filter((message) => message.to.includes(address)),
    waitForCount: async (address, count, timeoutMs) =>
      waitFor(() => (mail.to(address).length >= count ? mail.to(address) : undefined), `${count} emails to ${address}`, timeoutMs),
    next: async (address, since, timeoutMs) =>
      waitFor(() => mail.accepted.slice(since).find((message) => message.to.includes(address)), `an email to ${address}`, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(mail.refuses(address.address) ? smtpError("5.1.1 No such user", 550) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const message = parseMail(
          Buffer.concat(chunks).toString("utf8"),
          session.envelope.rcptTo.map((recipient) => recipient.address),
        );
        mail.arrived.push(message);
        if (mail.holdAnswers) return;
        if (mail.accepted.length >= mail.acceptLimit) return callback(smtpError("4.3.2 Try again later", 451));
        const accept = () => {
          mail.accepted.push(message);
          callback();
        };
        if (mail.answerDelayMs > 0) setTimeout(accept, mail.answerDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return Object.assign(mail, { url });
}
