// Deleting the sign-in rows that can no longer be used (the daily maintenance job): expired sessions, and
// invitations and password-reset tokens that expired or were used. Each answers how many rows it deleted.
import { isNotNull, lt, or } from "drizzle-orm";
import { db, execute, t } from "../db.server";

export async function purgeExpiredSessions(now: Date) {
  return execute(db().delete(t.sessions).where(lt(t.sessions.expiresAt, now)));
}

export async function purgeSpentInvitations(now: Date) {
  return execute(
    db()
      .delete(t.invitations)
      .where(or(lt(t.invitations.expiresAt, now), isNotNull(t.invitations.acceptedAt))),
  );
}

export async function purgeSpentPasswordResets(now: Date) {
  return execute(
    db()
      .delete(t.passwordResets)
      .where(or(lt(t.passwordResets.expiresAt, now), isNotNull(t.passwordResets.usedAt))),
  );
}
