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

/** The view's address with `group=rulemaking`: one row per rulemaking instead of one card per document. */
export function groupedHref(filters: ArticleFilters, page = 1) {
  const href = feedHref(filters, page);
  return `${href}${href.includes("?") ? "&" : "?"}${GROUP_PARAM}=${GROUP_VALUE}`;
}

/** The parameters without the grouping, as the feed's own filters read them. */
export function withoutGrouping(params: URLSearchParams) {
  const rest = new URLSearchParams(params);
  rest.delete(GROUP_PARAM);
  return rest;
}
