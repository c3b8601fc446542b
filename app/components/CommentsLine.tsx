import type { ArticleComments } from "~/articles/answer.server";
import { commentGrowthLabel, commentsDetail, commentsLabel } from "~/articles/comment-labels";
import { formatDate } from "~/time";
import { CardBadge } from "./CardBadge";

/**
 * A document's comments on regulations.gov, as a plain badge (no script needed): "1,204 comments", and while its
 * comment period is open how fast they came in: "+312 this week".
 */
export function CommentsLine({ comments, timeZone }: { comments: ArticleComments | null; timeZone: string }) {
  if (!comments) return null;
  const growth = commentGrowthLabel(comments.weekGrowth);
  return (
    <p className="card-row is-tight card-comments">
      <CardBadge variant="light" color="blue" small keepCase title={commentsDetail(comments, formatDate(comments.readAt, timeZone))}>
        {commentsLabel(comments.count)}
      </CardBadge>
      {growth ? <span className={`card-dimmed is-xs${comments.weekGrowth! > 0 ? " card-comments-growth" : ""}`}>{growth}</span> : null}
    </p>
  );
}
