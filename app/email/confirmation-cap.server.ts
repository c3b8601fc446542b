// How many confirmation emails one address can be made to receive by people who are not (yet) known to be its
// owner: alert confirmations, newsletter confirmations and the already-subscribed notice together, whoever asks
// and from however many client addresses. Per-client limits cannot stop a crowd of clients (or one client behind
// many addresses) from filling a stranger's inbox; this cap is keyed by the recipient, so they can.
import { deleteConfirmationEmailsBefore, recordConfirmationEmailIf } from "./confirmation-cap-store.server";

export const CONFIRMATION_CAP = {
  /** At most this many such emails to one address in any 24 hours. */
  perDay: 3,
  /** And never two within this gap. */
  minimumGapMs: 10 * 60_000,
} as const;

const DAY_MS = 24 * 3_600_000;

export type ConfirmationKind = "alert" | "newsletter" | "already-subscribed";

/**
 * Takes one of the recipient's confirmation emails and answers true, or answers false when the address has had
 * its share (the caller then sends nothing and stores nothing that waits for a link). The check and the record
 * are one write transaction, so two requests at once cannot both take the last one. `recipient` is the
 * normalised address (app/email/address.ts), so every spelling of one inbox shares its count.
 */
export function claimConfirmationEmail(recipient: string, kind: ConfirmationKind, now = new Date()): Promise<boolean> {
  return recordConfirmationEmailIf(recipient, kind, now, new Date(now.getTime() - DAY_MS), (recent) => {
    const latest = Math.max(0, ...recent.map((sentAt) => sentAt.getTime()));
    return recent.length < CONFIRMATION_CAP.perDay && now.getTime() - latest >= CONFIRMATION_CAP.minimumGapMs;
  });
}

/** Forgets confirmations older than the cap's day (the maintenance job). */
export function purgeConfirmationLog(now = new Date()) {
  return deleteConfirmationEmailsBefore(new Date(now.getTime() - DAY_MS));
}
