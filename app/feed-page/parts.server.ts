// What every feed page shows beside its cards (a folder of its own: it draws on the feed, the trends and the sources,
// and the trends draw on the feed), whatever the view: the pickers' facets, the trends card, the sources
// panel. It changes only when the shared pages' revision does (app/feed/shared-feed.server.ts, which is made of the
// same things: articles, trends, sources, the day), so it is read once per revision rather than on each render;
// on SQLite the revision is two counters (store/shared-feed.server.ts), so an unchanged database is not asked at
// all (docs/benchmarks.md, "The render path").
import { sourceLinks } from "../sources/links";
import { listPublicSources } from "../sources/store.server";
import { newestArticleBeforeWindow } from "../trends/compute.server";
import { latestTrends } from "../trends/store.server";
import { feedRevision } from "../feed/shared-feed.server";
import { feedFacets } from "../feed/store/facets.server";

async function readFeedPageParts() {
  const [facets, trends, newestBeforeWindow, sources] = [
    await feedFacets(),
    await latestTrends(),
    await newestArticleBeforeWindow(),
    await listPublicSources(),
  ];
  return { facets, trends, newestArticleBeforeWindow: newestBeforeWindow, sources: sourceLinks(sources) };
}

export type FeedPageParts = Awaited<ReturnType<typeof readFeedPageParts>>;

let last: { revision: string; parts: Promise<FeedPageParts> } | undefined;

export async function feedPageParts(): Promise<FeedPageParts> {
  const revision = await feedRevision();
  if (last?.revision !== revision) {
    const parts = readFeedPageParts();
    last = { revision, parts };
    // A failed read is not kept: the next page asks again.
    parts.catch(() => {
      if (last?.parts === parts) last = undefined;
    });
  }
  return last.parts;
}
