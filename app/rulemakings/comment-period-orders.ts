// /comment-periods' orders, shared by its loader and its page (which links to each): the soonest deadline first (the
// default), or the most comments first.
export const COMMENT_PERIOD_ORDERS = ["deadline", "comments"] as const;
export type CommentPeriodOrder = (typeof COMMENT_PERIOD_ORDERS)[number];
