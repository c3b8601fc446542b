// The emails a process wrote to its outbox folder (SMTP_URL unset): who they went to, for tests that count them.
import fs from "node:fs";
import path from "node:path";

/** Every message in the folder, raw. */
export function outboxMessages(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"));
}

/** The `To:` header of a raw message, unfolded. */
export function recipientOf(raw: string) {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  return /^To: (.*)$/im.exec(head)?.[1].trim();
}

/** The messages sent to exactly this address. */
export function outboxMessagesTo(dir: string, to: string) {
  return outboxMessages(dir).filter((raw) => recipientOf(raw) === to);
}

/**
 * Waits until a message to `marker` is in the outbox: emails are written after the answer, in the order they
 * were asked for, so once the marker's is there every email asked for before it is too.
 */
export async function waitForMarker(dir: string, marker: string, timeoutMs = 10_000) {
  // performance.now, not Date.now: a test may have frozen the clock to play out a day.
  const deadline = performance.now() + timeoutMs;
  while (outboxMessagesTo(dir, marker).length === 0) {
    if (performance.now() > deadline) throw new Error(`no email to ${marker} in ${dir} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
