// The per-reader part of a shared page, asked for after load (docs/decisions/013-shared-feed-page.md).
import { startTransition, useEffect, useState } from "react";
import type { FeedState } from "~/routes/api.feed-state";

/**
 * What the shared page cannot carry (docs/decisions/013-shared-feed-page.md): the visitor's bookmarks among the
 * cards shown and their current view counts, asked for after load (in the Saved view the page already is the
 * visitor's own). Asked again whenever the page's data is revalidated, which Remix does after every bookmark
 * toggle and counted view. A plain request, not a fetcher: a fetcher's route is discovered lazily, and a
 * navigation started while that discovery was under way made Remix answer the fetcher, and so the whole page,
 * with its 404 page.
 */
export function useFeedState(articles: { id: number }[], pageIsOwn: boolean) {
  const [state, setState] = useState<FeedState | null>(null);
  const ids = articles.map((article) => article.id).join(",");
  useEffect(() => {
    if (pageIsOwn || !ids) return;
    const controller = new AbortController();
    fetch(`/api/feed-state?ids=${ids}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<FeedState>) : null))
      // A transition: the answer re-renders every card, in slices rather than one long task (app/hooks.ts).
      .then((answer) => answer && startTransition(() => setState(answer)))
      // Without the state the page still shows its shared counts and every bookmark form still works.
      .catch(() => {});
    return () => controller.abort();
    // `articles` is a new array after each revalidation: that is when the state may have changed.
  }, [ids, pageIsOwn, articles]);
  return { bookmarked: new Set(state?.bookmarked ?? []), views: state?.views ?? {} };
}
