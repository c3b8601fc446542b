// Taking feedback in. New feedback is open; bug reports start at high priority, the rest medium (store.server.ts).
import { AppError } from "../errors";
import { enforceRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { feedbackValues, HONEYPOT_FIELD, validateFeedback } from "./feedback";
import { createFeedback } from "./store.server";

/**
 * One submission from the dialog, the page or the API: the stored row's id (null for a filled honeypot, which
 * gets the normal answer but is not stored). A refusal is an "invalid" AppError with the toast's message
 * (app/feedback/feedback.ts, feedbackToast, finds the toast again), or a "rate-limited" one; only valid
 * submissions count against the rate limit (a typo should not lock anyone out).
 */
export async function submitFeedback(raw: Record<string, unknown>, clientKey: string): Promise<{ id: number | null }> {
  if (typeof raw[HONEYPOT_FIELD] === "string" && raw[HONEYPOT_FIELD]) return { id: null };
  const checked = validateFeedback(feedbackValues(raw));
  if (!checked.ok) throw new AppError("invalid", checked.toast.message);
  await enforceRateLimit(RATE_LIMITS.feedback, clientKey, "submissions");
  return { id: (await createFeedback(checked.input)).id };
}
