// The words for a document's comments ("1,204 comments", "+312 this week") and when a read adds a row to the history.
import { describe, expect, it } from "vitest";
import { commentGrowthLabel, commentsLabel, commentsLine } from "~/articles/comment-labels";
import { addsHistoryRow, COMMENT_HISTORY_STEP_MS } from "~/articles/store/comment-counts.server";

describe("comment labels", () => {
  it("count comments with thousands separators and a singular for one", () => {
    expect(commentsLabel(1204)).toBe("1,204 comments");
    expect(commentsLabel(1)).toBe("1 comment");
    expect(commentsLabel(0)).toBe("0 comments");
    expect(commentsLabel(1_250_000)).toBe("1,250,000 comments");
  });

  it("say the week's growth, a fall and no change, and nothing without a comparison", () => {
    expect(commentGrowthLabel(312)).toBe("+312 this week");
    expect(commentGrowthLabel(4521)).toBe("+4,521 this week");
    expect(commentGrowthLabel(-3)).toBe("\u22123 this week");
    expect(commentGrowthLabel(0)).toBe("none this week");
    expect(commentGrowthLabel(null)).toBeNull();
    expect(commentsLine({ count: 1204, weekGrowth: 312 })).toBe("1,204 comments (+312 this week)");
    expect(commentsLine({ count: 5000, weekGrowth: null })).toBe("5,000 comments");
    expect(commentsLine(null)).toBeNull();
  });
});

describe("the history's bound", () => {
  const at = new Date("2026-11-20T12:00:00Z");
  const later = (ms: number) => new Date(at.getTime() + ms);

  it("adds a row for the first read, a changed count, or the same count a day later", () => {
    expect(addsHistoryRow(undefined, { count: 5, readAt: at })).toBe(true);
    expect(addsHistoryRow({ count: 5, readAt: at }, { count: 6, readAt: later(60_000) })).toBe(true);
    expect(addsHistoryRow({ count: 5, readAt: at }, { count: 5, readAt: later(COMMENT_HISTORY_STEP_MS - 1) })).toBe(false);
    expect(addsHistoryRow({ count: 5, readAt: at }, { count: 5, readAt: later(COMMENT_HISTORY_STEP_MS) })).toBe(true);
  });
});
