// The feed's empty state ('No articles found' with a hint), saying what would help: how to save
// an article when nothing is saved yet, and when a time filter hides everything, how old the newest match is.
// A site with no article at all says instead how its first update goes (app/jobs/first-update.server.ts).
import { Link } from "@remix-run/react";
import { feedHref, type ArticleFilters } from "~/feed/filters";
import type { Timeframe } from "~/articles/vocabulary";
import type { FirstUpdate } from "~/jobs/first-update.server";
import { plural } from "~/text/plural";
import { formatDate } from "~/time";

/** What the loader found out when the page came back empty (app/routes/_index.tsx). */
export type EmptyFeedHelp = {
  /** When the newest article matching the same filters at any time was published; only asked under a time filter. */
  newestAnyTime?: string;
  /** In the Saved view: whether the visitor has saved any article at all. */
  hasSaved?: boolean;
  /** Only when no article is stored at all: the state of the first update. */
  firstUpdate?: FirstUpdate;
};

const TIMEFRAME_WORDS: Record<Exclude<Timeframe, "all">, string> = { today: "today", week: "this week", month: "this month" };

function hint(filters: ArticleFilters, help: EmptyFeedHelp, timeZone: string) {
  if (filters.saved && help.hasSaved === false) {
    return (
      <>
        You have not saved any articles yet. To save one, press the Save button with the bookmark at the top right of its card; saved articles are kept in this
        browser. <Link to={feedHref({ ...filters, saved: false })}>Show all articles</Link>
      </>
    );
  }
  if (filters.timeframe !== "all" && help.newestAnyTime) {
    const narrowed = Boolean(filters.category || filters.priority || filters.search || filters.saved);
    return (
      <>
        {narrowed ? "No matching articles" : "No articles"} {TIMEFRAME_WORDS[filters.timeframe]}. The newest
        {narrowed ? " match" : ""} is from {formatDate(help.newestAnyTime, timeZone)}:{" "}
        <Link to={feedHref({ ...filters, timeframe: "all" })}>show all time</Link>
      </>
    );
  }
  return filters.search
    ? "No articles match your search. Try different or fewer keywords, or clear the search to see everything."
    : "No articles match these filters yet. Try another category, priority or time range; sources are checked every 6 hours.";
}

function firstUpdateNews({ status, failedSources, triedSources }: FirstUpdate) {
  switch (status) {
    case "none":
      return "The first update has not started yet: the job runner queues it when it starts (npm start starts it with the site).";
    case "queued":
      return "The first update is queued: the job runner reads every source as soon as it picks it up.";
    case "running":
      return "The first update is running: articles appear here as the sources are read. Reload the page in a minute.";
    case "succeeded":
      return "The first update ran but found no articles to keep.";
    case "partly-failed":
      return `The first update found no articles to keep, and ${failedSources} of ${plural(triedSources, "source")} could not be read.`;
    default:
      return triedSources ? `The first update failed: none of the ${plural(triedSources, "source")} could be read.` : "The first update failed.";
  }
}

/** A site with no article at all: how its first update goes, where to look, and how to explore offline. */
function FirstUpdateState({ firstUpdate }: { firstUpdate: FirstUpdate }) {
  return (
    <div className="empty-state" role="status">
      <h2 className="title-h4">No articles found</h2>
      <p className="text-sm">
        No articles are stored yet. {firstUpdateNews(firstUpdate)} Each source's state is on the <Link to="/admin">dashboard</Link>.
      </p>
      <p className="text-sm dimmed">
        To explore offline, load a sample of 2,000 Federal Register documents with <code>npm run demo</code>.
      </p>
    </div>
  );
}

export function FeedEmptyState({ filters, help, timeZone }: { filters: ArticleFilters; help: EmptyFeedHelp; timeZone: string }) {
  if (help.firstUpdate) return <FirstUpdateState firstUpdate={help.firstUpdate} />;
  return (
    <div className="empty-state" role="status">
      <h2 className="title-h4">No articles found</h2>
      <p className="text-sm dimmed">{hint(filters, help, timeZone)}</p>
    </div>
  );
}
