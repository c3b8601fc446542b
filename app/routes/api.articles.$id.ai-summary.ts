// POST /api/articles/{id}/ai-summary: `{ aiSummary }`, or a non-OK status with
// `{ userMessage, suggestions, fallbackMessage }`. A form posted without JavaScript is sent back to the
// page it came from, with the summary (or the failure panel) open on the card.
import type { ActionFunctionArgs } from "@remix-run/node";
import { AI_SUMMARY_ERROR_PARAM, AI_SUMMARY_PARAM, aiSummaryFailure, type AiSummaryFailureReason } from "~/ai/summary-failure";
import { AiSummaryError, aiSummaryFor, cachedAiSummary, hasOwnSummary, type StoredAiSummary } from "~/ai/summary.server";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { withAppErrors } from "~/http/app-error.server";
import { readForm } from "~/http/input.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey, aiSummaryBudget, hitRateLimit, RATE_LIMITS } from "~/rate-limit.server";
import { config } from "~/config.server";
import { allowOnly, methodNotAllowed, secureJson, secureRedirect } from "~/http/responses.server";
import { safeReturnPath } from "~/http/return-to";

const ALLOW = "POST";
const USE_POST = "Use POST to request an AI summary.";

/** The answer's status for each reason a summary could not be given. */
const FAILURE_STATUS: Record<AiSummaryFailureReason, number> = {
  "no-text": 422,
  timeout: 504,
  unavailable: 503,
  "bad-response": 502,
  "rate-limited": 429,
  "budget-spent": 503,
  "not-found": 404,
  unreadable: 502,
};

/** The route's article id, or undefined when it cannot name an article (answered with the failure fields). */
function parseArticleId(raw: string | undefined) {
  const id = Number(raw);
  return raw && /^\d{1,15}$/.test(raw) && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function isFormPost(request: Request) {
  return /application\/x-www-form-urlencoded|multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
}

/** Back to the page the form was on (only a path on this site), with the card's summary or failure open. */
function returnUrl(raw: FormDataEntryValue | null, articleId: number, failure?: AiSummaryFailureReason) {
  const url = new URL(safeReturnPath(raw), "http://site.invalid");
  url.searchParams.set(AI_SUMMARY_PARAM, String(articleId));
  if (failure) url.searchParams.set(AI_SUMMARY_ERROR_PARAM, failure);
  else url.searchParams.delete(AI_SUMMARY_ERROR_PARAM);
  return `${url.pathname}${url.search}#article-${articleId}`;
}

async function summarize(address: string, articleId: number): Promise<StoredAiSummary | AiSummaryFailureReason | undefined> {
  const cached = await cachedAiSummary(articleId);
  if (cached !== null) return cached;
  // Only generation counts towards the limit: showing a cached summary again is free.
  if ((await hitRateLimit(RATE_LIMITS.aiSummary, addressRateKey(address))) > 0) return "rate-limited";
  // A paid provider bills every call: the site as a whole has an hourly allowance too.
  if (config().AI_PROVIDER === "openai" && (await hitRateLimit(aiSummaryBudget(), "site")) > 0) return "budget-spent";
  try {
    return await aiSummaryFor(articleId);
  } catch (error) {
    if (error instanceof AiSummaryError) {
      console.warn(`[ai-summary] article ${articleId}: ${error.reason}: ${error.message}`);
      return error.reason;
    }
    throw error;
  }
}

export const action = withAppErrors(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(ALLOW, USE_POST);
  assertSameOrigin(request);
  const form = isFormPost(request) ? await readForm(request) : null;
  const articleId = parseArticleId(params.id);
  const outcome = articleId === undefined ? "not-found" : ((await summarize(clientAddress(context), articleId)) ?? "not-found");
  if (form && articleId !== undefined) {
    return secureRedirect(returnUrl(form.get("returnTo"), articleId, typeof outcome === "string" ? outcome : undefined));
  }
  const headers = { "Cache-Control": "no-store" };
  if (typeof outcome !== "string") return secureJson(outcome, { headers });
  const failure = aiSummaryFailure(outcome, articleId !== undefined && (await hasOwnSummary(articleId)));
  return secureJson({ message: failure.userMessage, reason: outcome, ...failure }, { status: FAILURE_STATUS[outcome], headers });
});

export const loader = allowOnly(ALLOW, USE_POST);
