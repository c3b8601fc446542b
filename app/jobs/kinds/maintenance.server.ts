// Daily clean-up of rows that expire: sessions, one-time tokens, rate-limit windows, sign-ups whose confirmation
// link expired unfollowed, and the confirmation log past its day.
import { lt, or, isNotNull } from "drizzle-orm";
import { purgeExpiredAlertRequests } from "../../alerts/alerts.server";
import { purgeConfirmationLog } from "../../email/confirmation-cap.server";
import { purgeExpiredSignups } from "../../newsletter/subscribers.server";
import { purgeExpiredRateLimits } from "../../rate-limit.server";
import { db, t } from "../../db.server";
import type { JobHandler } from "../types";

export const runMaintenance: JobHandler = async () => {
  const now = new Date();
  const database = db();
  const sessions = database.delete(t.sessions).where(lt(t.sessions.expiresAt, now)).run().changes;
  const invitations = database
    .delete(t.invitations)
    .where(or(lt(t.invitations.expiresAt, now), isNotNull(t.invitations.acceptedAt)))
    .run().changes;
  const passwordResets = database
    .delete(t.passwordResets)
    .where(or(lt(t.passwordResets.expiresAt, now), isNotNull(t.passwordResets.usedAt)))
    .run().changes;
  const rateLimits = await purgeExpiredRateLimits(now.getTime());
  const alertRequests = await purgeExpiredAlertRequests(now);
  const signups = await purgeExpiredSignups(now);
  const confirmationLog = await purgeConfirmationLog(now);
  return { sessions, invitations, passwordResets, rateLimits, alertRequests, signups, confirmationLog };
};
