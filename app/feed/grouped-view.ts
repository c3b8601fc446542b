// The Regulatory Rollbacks view grouped by rulemaking (`/?category=regulatory-rollbacks&group=rulemaking`): which view
// may be grouped and its address. Shared by the feed's route and the shared page cache's keys (and the browser).
import { feedHref, type ArticleFilters } from "./filters";

/** The category whose view may show rulemakings instead of documents. */
export const GROUPED_CATEGORY = "regulatory-rollbacks";

const GROUP_PARAM = "group";
const GROUP_VALUE = "rulemaking";

/** Whether these parameters ask for the grouped view: `group=rulemaking` on the grouped category's view. */
export function isGroupedView(filters: ArticleFilters, params: URLSearchParams) {
  return filters.category === GROUPED_CATEGORY && params.get(GROUP_PARAM) === GROUP_VALUE;
}

/** Whether the parameters carry a `group` at all (only the grouped category's view gives it a meaning). */
export function asksForGrouping(params: URLSearchParams) {
  return params.has(GROUP_PARAM);
}

/**
 * The grouped view's one address per page: the category alone, as the other filters (priority, time, search...)
 * narrow documents, not rulemakings; choosing one of them leads back to the documents.
 */
export function groupedHref(page = 1) {
  const href = feedHref({ category: GROUPED_CATEGORY, timeframe: "all" }, page);
  return `${href}&${GROUP_PARAM}=${GROUP_VALUE}`;
}
