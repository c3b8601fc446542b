// Feedback management: status changes, and archiving of feedback resolved more than 30 days ago.
import { and, desc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { db, t } from "../db.server";
import { AppError } from "../errors";

const FEEDBACK_STATUSES = ["open", "reviewed", "resolved"] as const;
type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
const ARCHIVE_AFTER_DAYS = 30;
const LIST_LIMIT = 200;

export const feedbackStatusSchema = z.object({ status: z.enum(FEEDBACK_STATUSES) });

export type FeedbackJson = {
  id: number;
  type: string;
  subject: string;
  message: string;
  email: string | null;
  status: string;
  priority: string;
  createdAt: string;
};

/** Feedback not yet archived, newest first; `activeOnly` leaves out resolved items. */
export function listFeedbackForAdmin(activeOnly: boolean): FeedbackJson[] {
  return db()
    .select()
    .from(t.feedback)
    .where(and(isNull(t.feedback.archivedAt), activeOnly ? ne(t.feedback.status, "resolved") : undefined))
    .orderBy(desc(t.feedback.createdAt), desc(t.feedback.id))
    .limit(LIST_LIMIT)
    .all()
    .map((row) => ({
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

export function setFeedbackStatus(id: number, status: FeedbackStatus) {
  const row = db()
    .update(t.feedback)
    .set({ status, resolvedAt: status === "resolved" ? new Date() : null })
    .where(eq(t.feedback.id, id))
    .returning({ id: t.feedback.id, status: t.feedback.status })
    .get();
  if (!row) throw new AppError("not-found", "Feedback not found");
  return row;
}

/** Archives feedback resolved more than 30 days ago; returns how many. */
export function archiveOldFeedback(now = Date.now()) {
  const cutoff = now - ARCHIVE_AFTER_DAYS * 86_400_000;
  return db()
    .update(t.feedback)
    .set({ archivedAt: new Date(now) })
    .where(and(eq(t.feedback.status, "resolved"), isNull(t.feedback.archivedAt), lt(sql`coalesce(${t.feedback.resolvedAt}, ${t.feedback.createdAt})`, cutoff)))
    .run().changes;
}
