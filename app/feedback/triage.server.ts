// Feedback management: status changes, and archiving of feedback resolved more than 30 days ago.
import { z } from "zod";
import { AppError } from "../errors";
import { archiveResolvedFeedback, unarchivedFeedback, updateFeedbackStatus } from "./store.server";
import type { FeedbackJson } from "./answer.server";

const FEEDBACK_STATUSES = ["open", "reviewed", "resolved"] as const;
type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
const ARCHIVE_AFTER_DAYS = 30;
const LIST_LIMIT = 200;

export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES) });

export type { FeedbackJson };

/** Feedback not yet archived, newest first; `activeOnly` leaves out resolved items. */
export async function listFeedbackForAdmin(activeOnly: boolean): Promise<FeedbackJson[]> {
  return (await unarchivedFeedback(activeOnly, LIST_LIMIT)).map((row) => ({
    id: row.id,
    type: row.type,
    subject: row.subject,
    message: row.message,
    email: row.email,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function setFeedbackStatus(id: number, status: FeedbackStatus) {
  const row = await updateFeedbackStatus(id, status, new Date());
  if (!row) throw new AppError("not-found", "Feedback not found");
  return row;
}

/** Archives feedback resolved more than 30 days ago; returns how many. */
export function archiveOldFeedback(now = Date.now()) {
  return archiveResolvedFeedback(now - ARCHIVE_AFTER_DAYS * 86_400_000, new Date(now));
}
