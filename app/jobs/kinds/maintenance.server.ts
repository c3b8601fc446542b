// Daily clean-up of rows that expire: sessions, one-time tokens, rate-limit windows, sign-ups whose confirmation
// link expired unfollowed, the confirmation log past its day, and settled webhook deliveries past their retention.
import { purgeExpiredAlertRequests } from "../../alerts/alerts.server";
import { purgeOldWebhookDeliveries } from "../../alerts/webhooks.server";
import { purgeExpiredSessions, purgeSpentInvitations, purgeSpentPasswordResets } from "../../auth/store.server";
import { purgeConfirmationLog } from "../../email/confirmation-cap.server";
import { purgeExpiredSignups } from "../../newsletter/subscribers.server";
import { purgeExpiredRateLimits } from "../../rate-limit.server";
import type { JobHandler } from "../types";

export const runMaintenance: JobHandler = async () => {
  const now = new Date();
  const sessions = await purgeExpiredSessions(now);
  const invitations = await purgeSpentInvitations(now);
  const passwordResets = await purgeSpentPasswordResets(now);
  const rateLimits = await purgeExpiredRateLimits(now.getTime());
  const alertRequests = await purgeExpiredAlertRequests(now);
  const signups = await purgeExpiredSignups(now);
  const confirmationLog = await purgeConfirmationLog(now);
  const webhookDeliveries = await purgeOldWebhookDeliveries(now);
  return { sessions, invitations, passwordResets, rateLimits, alertRequests, signups, confirmationLog, webhookDeliveries };
};
