// Feedback's reads and writes: new submissions, the admin's list, status changes and archiving. Policy (who may
// submit, what a status means) is in feedback.server.ts and triage.server.ts.
import { and, desc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { all, db, execute, first, t } from "../db.server";
import type { FeedbackInput } from "./feedback";

export type FeedbackRow = typeof t.feedback.$inferSelect;

/** Stores a submission as open; bug reports start at high priority, the rest medium. */
export async function createFeedback(input: FeedbackInput): Promise<FeedbackRow> {
  const row = await first(
    db()
      .insert(t.feedback)
      .values({ ...input, status: "open", priority: input.type === "bug" ? "high" : "medium" })
      .returning(),
  );
  return row!;
}

/** Feedback not yet archived, newest first; `activeOnly` leaves out resolved items. */
export function unarchivedFeedback(activeOnly: boolean, limit: number): Promise<FeedbackRow[]> {
  return all(
    db()
      .select()
      .from(t.feedback)
      .where(and(isNull(t.feedback.archivedAt), activeOnly ? ne(t.feedback.status, "resolved") : undefined))
      .orderBy(desc(t.feedback.createdAt), desc(t.feedback.id))
      .limit(limit),
  );
}

/** Sets an item's status (a resolved one remembers when); undefined when there is no item with that id. */
export function updateFeedbackStatus(id: number, status: string, now: Date) {
  return first(
    db()
      .update(t.feedback)
      .set({ status, resolvedAt: status === "resolved" ? now : null })
      .where(eq(t.feedback.id, id))
      .returning({ id: t.feedback.id, status: t.feedback.status }),
  );
}

/** Archives resolved feedback resolved (or, without a resolution time, created) before `cutoff` (ms); answers how many. */
export function archiveResolvedFeedback(cutoff: number, now: Date) {
  return execute(
    db()
      .update(t.feedback)
      .set({ archivedAt: now })
      .where(
        and(eq(t.feedback.status, "resolved"), isNull(t.feedback.archivedAt), lt(sql`coalesce(${t.feedback.resolvedAt}, ${t.feedback.createdAt})`, cutoff)),
      ),
  );
}
