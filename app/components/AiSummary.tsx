import { useLocation, useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import {
  AI_SUMMARY_ERROR_PARAM,
  AI_SUMMARY_PARAM,
  aiSummaryFailure,
  aiSummaryLabel,
  isAiSummaryFailureReason,
  type AiSummaryFailure,
} from "~/ai/summary-failure";
import type { ArticleJson } from "~/feed/queries.server";
import { Notice } from "./Notice";

type Props = { article: Pick<ArticleJson, "id" | "title" | "summary" | "aiSummary" | "aiSummaryBy"> };

function isFailureBody(body: unknown): body is AiSummaryFailure {
  const value = body as Partial<AiSummaryFailure> | null;
  return (
    typeof value?.userMessage === "string" &&
    Array.isArray(value.suggestions) &&
    value.suggestions.every((s) => typeof s === "string") &&
    typeof value.fallbackMessage === "string"
  );
}

function UnavailablePanel({ failure }: { failure: AiSummaryFailure }) {
  return (
    <Notice color="orange" title="AI Summary Unavailable" role="alert" className="ai-summary-unavailable">
      <div className="stack is-6">
        <p className="text-sm">{failure.userMessage}</p>
        {failure.suggestions.length ? (
          <ul className="notice-list">
            {failure.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        ) : null}
        <p className="text-sm is-italic">{failure.fallbackMessage}</p>
      </div>
    </Notice>
  );
}

/**
 * The card's AI summary control: Generate, then Show / Hide. Without JavaScript,
 * Generate posts a form and the server sends the visitor back with the summary open; with it, the
 * summary is fetched in place. Show / Hide is a native disclosure, so it works either way.
 */
export function AiSummary({ article }: Props) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const requestedHere = searchParams.get(AI_SUMMARY_PARAM) === String(article.id);
  const errorParam = requestedHere ? searchParams.get(AI_SUMMARY_ERROR_PARAM) : null;

  const [generated, setGenerated] = useState<Pick<ArticleJson, "aiSummary" | "aiSummaryBy"> | null>(null);
  const [open, setOpen] = useState(requestedHere && !errorParam);
  const [pending, setPending] = useState(false);
  // The card shows the article's own summary above this control only when it has one (ArticleCard).
  const hasSummary = Boolean(article.summary);
  const [failure, setFailure] = useState<AiSummaryFailure | null>(
    !article.aiSummary && isAiSummaryFailureReason(errorParam) ? aiSummaryFailure(errorParam, hasSummary) : null,
  );

  const summary = generated?.aiSummary ?? article.aiSummary;
  const by = generated?.aiSummaryBy ?? article.aiSummaryBy;
  const action = `/api/articles/${article.id}/ai-summary`;

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const response = await fetch(action, { method: "POST", headers: { Accept: "application/json" }, credentials: "same-origin" });
      const body: unknown = await response.json().catch(() => null);
      const aiSummary = (body as { aiSummary?: unknown } | null)?.aiSummary;
      if (response.ok && typeof aiSummary === "string") {
        setGenerated({ aiSummary, aiSummaryBy: (body as Pick<ArticleJson, "aiSummaryBy">).aiSummaryBy ?? null });
        setOpen(true);
      } else {
        setFailure(isFailureBody(body) ? body : aiSummaryFailure("unreadable", hasSummary));
      }
    } catch {
      setFailure(aiSummaryFailure("unavailable", hasSummary));
    } finally {
      setPending(false);
    }
  }

  if (summary) {
    return (
      <details className="ai-summary" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className="ai-summary-toggle">
          <span className="when-closed">Show AI Summary</span>
          <span className="when-open">Hide AI Summary</span>
          <span className="visually-hidden"> for {article.title}</span>
        </summary>
        <div className="ai-summary-body">
          <p className="text-sm card-dimmed is-xs strong">{aiSummaryLabel(by)}</p>
          <p className="text-sm ai-summary-text">{summary}</p>
        </div>
      </details>
    );
  }

  // Plain elements drawn as Mantine's Stack and light Button (app.css): one per card on the feed.
  return (
    <div className="stack is-xs" aria-live="polite">
      <form method="post" action={action} onSubmit={generate}>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          className="ai-summary-button"
          disabled={pending}
          data-loading={pending || undefined}
          aria-busy={pending || undefined}
          aria-label={`Generate AI Summary for ${article.title}`}
        >
          Generate AI Summary
        </button>
      </form>
      {failure ? <UnavailablePanel failure={failure} /> : null}
    </div>
  );
}
