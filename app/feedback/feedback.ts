// Feedback: its types, wording and the validation shared by the dialog,
// the no-JavaScript page and POST /api/feedback.
import { isValidEmail, MAX_EMAIL_LENGTH } from "../email/address";
import type { Toast } from "../toast";

export const FEEDBACK_TYPES = [
  {
    value: "bug",
    label: "Bug Report",
    subjectPlaceholder: "Brief description of the problem",
    messagePlaceholder: "What happened? What did you expect? Steps to reproduce help us fix it.",
  },
  {
    value: "suggestion",
    label: "Feature Suggestion",
    subjectPlaceholder: "What would you like to see?",
    messagePlaceholder: "Describe the feature and how it would help you.",
  },
  {
    value: "source",
    label: "Source Suggestion",
    subjectPlaceholder: "Name of the news source to track",
    messagePlaceholder: "Share the source's website or feed address and why it matters.",
  },
  {
    value: "general",
    label: "General Feedback",
    subjectPlaceholder: "What is your feedback about?",
    messagePlaceholder: "Tell us what you think.",
  },
] as const;
type FeedbackType = (typeof FEEDBACK_TYPES)[number]["value"];

export const DEFAULT_PLACEHOLDERS = { subjectPlaceholder: "Subject", messagePlaceholder: "Your feedback" };

export function feedbackPlaceholders(type: string) {
  return FEEDBACK_TYPES.find((t) => t.value === type) ?? DEFAULT_PLACEHOLDERS;
}

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_MESSAGE_LENGTH = 5000;
/** A hidden field people never fill in; bots that fill every field are quietly ignored. */
export const HONEYPOT_FIELD = "website";

export const FEEDBACK_TOASTS = {
  missing: { title: "Missing Information", message: "Please fill in all required fields.", variant: "destructive" },
  invalidEmail: { title: "Invalid Email", message: "Please enter a valid email address.", variant: "destructive" },
  tooLong: {
    title: "Error",
    message: `Please keep the subject under ${MAX_SUBJECT_LENGTH} and the details under ${MAX_MESSAGE_LENGTH} characters.`,
    variant: "destructive",
  },
  unknownType: {
    title: "Invalid Feedback Type",
    // Worded as app/validation.ts fieldMessage words a value outside its list.
    message: `'type' must be one of: ${FEEDBACK_TYPES.map((t) => t.value).join(", ")}`,
    variant: "destructive",
  },
  failed: { title: "Error", message: "Failed to submit feedback. Please try again.", variant: "destructive" },
  submitted: {
    title: "Feedback Submitted",
    message: "Thank you for your feedback! We'll review it and get back to you if needed.",
  },
} satisfies Record<string, Toast>;

export type FeedbackValues = { type: string; subject: string; message: string; email: string };
export type FeedbackInput = { type: FeedbackType; subject: string; message: string; email: string | null };

function text(value: unknown) {
  return typeof value === "string" ? value : "";
}

/** Reads the four fields from a JSON body or form data (anything missing becomes empty). */
export function feedbackValues(raw: Record<string, unknown>): FeedbackValues {
  return { type: text(raw.type), subject: text(raw.subject), message: text(raw.message), email: text(raw.email) };
}

/**
 * The toast for a refusal of the server (app/feedback/feedback.server.ts throws it with the toast's message):
 * one of the validation toasts, or the failure toast saying what happened (a rate limit).
 */
export function feedbackToast(message: string): Toast {
  return Object.values(FEEDBACK_TOASTS).find((toast) => toast.message === message) ?? { ...FEEDBACK_TOASTS.failed, message };
}

/** The cleaned submission, or the toast that says what is wrong. */
export function validateFeedback(values: FeedbackValues): { ok: true; input: FeedbackInput } | { ok: false; toast: Toast & { message: string } } {
  // The spec's client names the suggestion type "feature" in one place; both mean the same.
  const type = values.type === "feature" ? "suggestion" : values.type;
  const subject = values.subject.trim();
  const message = values.message.trim();
  const email = values.email.trim();
  if (!type || !subject || !message) return { ok: false, toast: FEEDBACK_TOASTS.missing };
  if (!FEEDBACK_TYPES.some((t) => t.value === type)) return { ok: false, toast: FEEDBACK_TOASTS.unknownType };
  if (email && !isValidEmail(email)) return { ok: false, toast: FEEDBACK_TOASTS.invalidEmail };
  if (subject.length > MAX_SUBJECT_LENGTH || message.length > MAX_MESSAGE_LENGTH || email.length > MAX_EMAIL_LENGTH)
    return { ok: false, toast: FEEDBACK_TOASTS.tooLong };
  return { ok: true, input: { type: type as FeedbackType, subject, message, email: email || null } };
}
