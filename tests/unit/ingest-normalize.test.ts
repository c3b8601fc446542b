// Normalising feed text and the keywords filter.
import { describe, expect, it } from "vitest";
import { keywordMatcher } from "~/ingest/keywords";
import { normalizeSummary, parseFeedDate, FEED_SUMMARY_MAX_CHARS } from "~/ingest/normalize";
import { htmlToPlainText } from "~/text/plain-text";

describe("normalisation", () => {
  it("strips HTML, decodes entities and collapses whitespace", () => {
    expect(htmlToPlainText("<p>Rule&nbsp;&amp; <b>guidance</b>\n\n <a href='https://x'>here</a></p><script>alert(1)</script>")).toBe("Rule & guidance here");
    expect(htmlToPlainText("AT&amp;T &#8217;s &lt;b&gt;bold&lt;/b&gt; a < b")).toBe("AT&T ’s bold a < b");
    expect(htmlToPlainText("  plain   text\n")).toBe("plain text");
  });

  it("never leaves markup: double-escaped HTML, deep nesting and control characters", () => {
    expect(htmlToPlainText("Rule &amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt; &amp;amp;lt;img src=x onerror=alert(1)&amp;amp;gt;")).toBe("Rule");
    expect(htmlToPlainText(`${"<div>".repeat(20_000)}deep${"</div>".repeat(20_000)}`)).toBe("deep");
    expect(htmlToPlainText("bell\u0007 escape\u001b[31m nul\u0000 end")).toBe("bell escape[31m nul end");
  });

  it("caps summaries at a word boundary", () => {
    const summary = normalizeSummary("word ".repeat(400));
    expect(summary.length).toBeLessThanOrEqual(FEED_SUMMARY_MAX_CHARS);
    expect(summary.endsWith("word…")).toBe(true);
  });

  it("reads feed dates with their quirks and falls back to first seen", () => {
    const seen = new Date("2025-07-01T00:00:00Z");
    expect(parseFeedDate("Tue, 01 Apr 2025 10:30:00 EDT", seen).toISOString()).toBe("2025-04-01T14:30:00.000Z");
    expect(parseFeedDate("2025-06-27T14:00:00Z", seen).toISOString()).toBe("2025-06-27T14:00:00.000Z");
    expect(parseFeedDate("2025-06-27", seen).toISOString()).toBe("2025-06-27T12:00:00.000Z");
    expect(parseFeedDate("06/27/2025", seen).toISOString()).toBe("2025-06-27T12:00:00.000Z");
    expect(parseFeedDate("", seen)).toBe(seen);
    expect(parseFeedDate("not a date", seen)).toBe(seen);
    expect(parseFeedDate("2031-01-01T00:00:00Z", seen)).toBe(seen);
  });
});

describe("keywords", () => {
  it("admits everything when a source has no keywords", () => {
    expect(keywordMatcher([])).toBeNull();
    expect(keywordMatcher(["  "])).toBeNull();
  });

  it("matches case-insensitively at word boundaries, with inflections", () => {
    const matches = keywordMatcher(["rule", "deregulat", "delete", "efficiency standard", "SEC"])!;
    for (const text of [
      "Final RULE on capital",
      "Rules and rulemaking",
      "A deregulatory agenda",
      "Commission deletes outdated rules",
      "deleting",
      "new efficiency standards",
      "the sec said",
    ])
      expect(matches(text), text).toBe(true);
    for (const text of ["Court overrules agency", "Section 5 applies", "ruler of the land", "a capital plan"]) expect(matches(text), text).toBe(false);
  });
});

describe("placeholder summaries", () => {
  it.each(["No summary provided.", "No abstract available", "N/A"])("drops %j", (text) => {
    expect(normalizeSummary(text)).toBe("");
  });

  it("keeps a real summary that starts with the same words", () => {
    expect(normalizeSummary("No summary provided for the proposed rule was adequate, the court said.")).not.toBe("");
  });
});
