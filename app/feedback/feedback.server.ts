// Storing and listing feedback. New feedback is open; bug reports start at high priority, the rest medium.
import { db, t } from "../db.server";
import { rateLimitRefusal, RATE_LIMITS } from "../rate-limit.server";
import type { Toast } from "../toast";
import { FEEDBACK_TOASTS, feedbackValues, HONEYPOT_FIELD, validateFeedback, type FeedbackInput } from "./feedback";

type FeedbackRow = typeof t.feedback.$inferSelect;

function createFeedback(input: FeedbackInput): FeedbackRow {
  return db()
    .insert(t.feedback)
    .values({ ...input, status: "open", priority: input.type === "bug" ? "high" : "medium" })
    .returning()
    .get();
}

type FeedbackOutcome = { ok: true; id: number | null; toast: Toast } | { ok: false; status: 400 | 429; toast: Toast; retryAfterSeconds?: number };

/**
 * One submission from the dialog, the page or the API. A filled honeypot gets the normal answer but is
 * not stored; only valid submissions count against the rate limit (a typo should not lock anyone out).
 */
export function submitFeedback(raw: Record<string, unknown>, clientKey: string): FeedbackOutcome {
  if (typeof raw[HONEYPOT_FIELD] === "string" && raw[HONEYPOT_FIELD]) return { ok: true, id: null, toast: FEEDBACK_TOASTS.submitted };
  const checked = validateFeedback(feedbackValues(raw));
  if (!checked.ok) return { ok: false, status: 400, toast: checked.toast };
  const refused = rateLimitRefusal(RATE_LIMITS.feedback, clientKey, "submissions");
  if (refused) return { ok: false, status: 429, retryAfterSeconds: refused.retryAfterSeconds, toast: { ...FEEDBACK_TOASTS.failed, message: refused.message } };
  return { ok: true, id: createFeedback(checked.input).id, toast: FEEDBACK_TOASTS.submitted };
}
