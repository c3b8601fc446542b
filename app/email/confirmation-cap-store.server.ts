// The log of confirmation emails sent to each address, which the recipient's cap counts (confirmation-cap.server.ts).
import { and, eq, gt, lt } from "drizzle-orm";
import { db, execute, t, transaction } from "../db.server";

/**
 * Records one more confirmation email to `recipient` if `allowed` agrees, given when the ones sent to it after
 * `since` went out; answers whether it did. The check and the record are one write transaction, so two requests
 * at once cannot both take the last one.
 */
export function recordConfirmationEmailIf(recipient: string, kind: string, now: Date, since: Date, allowed: (sentAt: Date[]) => boolean): Promise<boolean> {
  return transaction(
    function* (tx) {
      const recent = yield* tx.all(
        tx.db
          .select({ sentAt: t.confirmationEmails.sentAt })
          .from(t.confirmationEmails)
          .where(and(eq(t.confirmationEmails.recipient, recipient), gt(t.confirmationEmails.sentAt, since))),
      );
      if (!allowed(recent.map((row) => row.sentAt))) return false;
      yield* tx.execute(tx.db.insert(t.confirmationEmails).values({ recipient, kind, sentAt: now }));
      return true;
    },
    { behavior: "immediate" },
  );
}

/** Forgets confirmation emails sent before `cutoff`; answers how many. */
export function deleteConfirmationEmailsBefore(cutoff: Date) {
  return execute(db().delete(t.confirmationEmails).where(lt(t.confirmationEmails.sentAt, cutoff)));
}
