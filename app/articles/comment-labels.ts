// The words for a document's comments on regulations.gov, shared by the cards, the article page, /comment-periods,
// the CSV and the feeds: "1,204 comments", "1 comment", and while the period is open "+312 this week".
import { formatCount } from "../text/count";
import type { ArticleComments } from "./answer.server";

const MINUS = "\u2212";

/** "1,204 comments", "1 comment", "0 comments". */
export function commentsLabel(count: number) {
  return `${formatCount(count)} comment${count === 1 ? "" : "s"}`;
}

/** "+312 this week", "−3 this week" (comments withdrawn), "none this week"; null when there is nothing to compare. */
export function commentGrowthLabel(growth: number | null | undefined) {
  if (growth === null || growth === undefined) return null;
  if (growth === 0) return "none this week";
  return `${growth > 0 ? "+" : MINUS}${formatCount(Math.abs(growth))} this week`;
}

/** "1,204 comments (+312 this week)", or null without a count. */
export function commentsLine(comments: Pick<ArticleComments, "count" | "weekGrowth"> | null | undefined) {
  if (!comments) return null;
  const growth = commentGrowthLabel(comments.weekGrowth);
  return `${commentsLabel(comments.count)}${growth ? ` (${growth})` : ""}`;
}

/** What the count is, in full, for a tooltip: where it comes from and when it was read. */
export function commentsDetail(comments: Pick<ArticleComments, "docketId" | "readAt">, readOn: string) {
  const docket = comments.docketId ? ` in docket ${comments.docketId}` : "";
  return `Comments posted on regulations.gov${docket}, as the Federal Register counted them on ${readOn}`;
}
