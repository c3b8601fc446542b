// Why an AI summary could not be produced, and what the 'AI Summary Unavailable' panel says about it
// on the article card. Shared by the API route, the no-JavaScript redirect and the card.

/** Shown whenever no summary can be given, including when the error body cannot be parsed. */
export const AI_SUMMARY_FALLBACK_MESSAGE = "AI summarization is currently unavailable. Please refer to the original article summary above.";

/** The same advice on a card without a summary of its own, where "the summary above" would point at nothing. */
export const AI_SUMMARY_FALLBACK_WITHOUT_SUMMARY =
  "AI summarization is currently unavailable, and this article has no summary of its own: please read the original article.";

function aiSummaryFallbackMessage(articleHasSummary: boolean) {
  return articleHasSummary ? AI_SUMMARY_FALLBACK_MESSAGE : AI_SUMMARY_FALLBACK_WITHOUT_SUMMARY;
}

/** Query parameters that open a card's summary (or its failure panel) after a request made without JavaScript. */
export const AI_SUMMARY_PARAM = "aiSummary";
export const AI_SUMMARY_ERROR_PARAM = "aiSummaryError";

const AI_SUMMARY_FAILURE_REASONS = ["no-text", "timeout", "unavailable", "bad-response", "rate-limited", "budget-spent", "unreadable", "not-found"] as const;
export type AiSummaryFailureReason = (typeof AI_SUMMARY_FAILURE_REASONS)[number];

export type AiSummaryFailure = { userMessage: string; suggestions: string[]; fallbackMessage: string };

const READ_ORIGINAL = "Open the full text with Read Original.";

const FAILURES: Record<AiSummaryFailureReason, { userMessage: string; suggestions: string[] }> = {
  "no-text": {
    userMessage: "There is no article text to summarize: the original page could not be read and the article has no stored summary.",
    suggestions: [READ_ORIGINAL, "Try again later: the source site may be temporarily unreachable."],
  },
  timeout: {
    userMessage: "The summary service took too long to answer.",
    suggestions: ["Try again in a minute.", READ_ORIGINAL],
  },
  unavailable: {
    userMessage: "The summary service is unavailable right now.",
    suggestions: ["Try again in a few minutes.", READ_ORIGINAL],
  },
  "bad-response": {
    userMessage: "The summary service gave an answer that could not be used.",
    suggestions: ["Try again in a few minutes.", READ_ORIGINAL],
  },
  "rate-limited": {
    userMessage: "You have asked for many summaries in a short time.",
    suggestions: ["Wait a while before asking for another summary.", "Summaries already generated can still be shown."],
  },
  "budget-spent": {
    userMessage: "The site has used its allowance of new AI summaries for this hour.",
    suggestions: ["Try again after the top of the hour.", "Summaries already generated can still be shown.", READ_ORIGINAL],
  },
  "not-found": {
    userMessage: "This article does not exist: it may have been removed.",
    suggestions: ["Reload the page to see the current articles."],
  },
  unreadable: {
    userMessage: "The summary service sent an answer that could not be read.",
    suggestions: ["Reload the page and try again.", READ_ORIGINAL],
  },
};

export function isAiSummaryFailureReason(value: unknown): value is AiSummaryFailureReason {
  return (AI_SUMMARY_FAILURE_REASONS as readonly unknown[]).includes(value);
}

/** The panel's fields; the fallback names the summary above only when the card shows one. */
export function aiSummaryFailure(reason: AiSummaryFailureReason, articleHasSummary: boolean): AiSummaryFailure {
  const { userMessage, suggestions } = FAILURES[reason];
  return { userMessage, suggestions, fallbackMessage: aiSummaryFallbackMessage(articleHasSummary) };
}

/** The label under a stored summary: which provider and model wrote it. */
export function aiSummaryLabel(by: { provider: string; model: string | null } | null) {
  if (by?.provider === "openai") return `AI summary · ${by.model ?? "model"}`;
  return "Automatic summary · extractive";
}
