import { describe, expect, it } from "vitest";
import { showingLabel } from "~/feed/filters";
import { highlightParts, toFtsQuery } from "~/feed/search";

describe("toFtsQuery", () => {
  it.each([
    ["epa", '"epa"*'],
    ["EPA Rule", '"epa"* "rule"*'],
    ['"unbalanced', '"unbalanced"*'],
    ["NOT AND OR", '"not"* "and"* "or"*'],
    ["a* -b (c", '"a"* "b"* "c"*'],
    ["rule-rescission", '"rule"* "rescission"*'],
    ["café", '"café"*'],
    ["🙂 emoji", '"emoji"*'],
    ["NEAR(a b)", '"near"* "a"* "b"*'],
    ["col:umn ^start", '"col"* "umn"* "start"*'],
  ])("escapes %j", (input, expected) => {
    expect(toFtsQuery(input)).toBe(expected);
  });

  it.each(["", "   ", "***", "🙂🙂", '""', "()", "-"])("has no query for %j", (input) => {
    expect(toFtsQuery(input)).toBeNull();
  });
});

describe("highlightParts", () => {
  it("marks whole words that start with a search term", () => {
    expect(highlightParts("New EPA regulations today", "regul epa")).toEqual([
      { text: "New ", match: false },
      { text: "EPA", match: true },
      { text: " ", match: false },
      { text: "regulations", match: true },
      { text: " today", match: false },
    ]);
  });

  it("leaves text alone without a search", () => {
    expect(highlightParts("Some text", undefined)).toEqual([{ text: "Some text", match: false }]);
  });
});

describe("showingLabel", () => {
  it("keeps the exact wording for exact counts and marks a capped count with a plus", () => {
    expect(showingLabel(1, 12, 345)).toBe("Showing 1–12 of 345");
    expect(showingLabel(13, 12, 12_345)).toBe("Showing 13–24 of 12,345");
    expect(showingLabel(1, 12, 10_000, true)).toBe("Showing 1–12 of 10,000+");
  });
});
