// Double opt-in links, for the newsletter (app/newsletter/subscribers.server.ts) and the alerts
// (app/alerts/alerts.server.ts): a link is only made as far as the recipient's confirmation cap allows
// (app/email/confirmation-cap.server.ts: a few a day, never two within ten minutes), it works for 48 hours, and
// only the hash of its token is stored, so a copy of the database cannot confirm anything.
import { generateToken, hashToken } from "../auth/tokens.server";
import { claimConfirmationEmail } from "../email/confirmation-cap.server";
import { CONFIRMATION_LINK_HOURS } from "./link-hours";

const LINK_MS = CONFIRMATION_LINK_HOURS * 3_600_000;

/** The columns a row waiting for its link keeps (subscribers and alerts both have them). */
type PendingColumns = { confirmationTokenHash: string | null; confirmationSentAt: Date | null };

/**
 * Takes one of the recipient's confirmation emails (the cap) and makes the link's token: the token for the email
 * and the columns to store with the row, or undefined when the cap refused (nothing is then stored or sent).
 */
export async function newConfirmation(recipient: string, kind: "alert" | "newsletter", now = new Date()) {
  if (!(await claimConfirmationEmail(recipient, kind, now))) return undefined;
  const token = generateToken();
  return { token, columns: { confirmationTokenHash: hashToken(token), confirmationSentAt: now } satisfies PendingColumns };
}

/** The moment (ms) links sent before it stopped working: for the purges and the counts of pending rows. */
export function linksSentBefore(now = Date.now()) {
  return now - LINK_MS;
}

/** True while a link sent at `sentAt` works. */
export function isLinkValid(sentAt: Date | null | undefined, now = Date.now()) {
  return (sentAt?.getTime() ?? 0) > linksSentBefore(now);
}

/**
 * The row a confirmation token belongs to, while its link works; `find` looks a row up by the token's hash.
 * A token longer than any we make is not looked up.
 */
export async function pendingFromToken<Row extends PendingColumns>(
  token: string | null | undefined,
  find: (tokenHash: string) => Promise<Row | undefined>,
): Promise<Row | undefined> {
  if (!token || token.length > 100) return undefined;
  const row = await find(hashToken(token));
  return row && isLinkValid(row.confirmationSentAt) ? row : undefined;
}
