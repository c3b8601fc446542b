// The versioner's list of a part's versions (tests/fixtures/ecfr/versions-title-40-part-990.json) and the choice of
// the two versions a redline compares for a rule's effective date.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseVersionsToCompare, ecfrVersionsAnswer } from "~/rule-text/ecfr-versions";

const answer = JSON.parse(readFileSync("tests/fixtures/ecfr/versions-title-40-part-990.json", "utf8"));
const { content_versions: versions } = ecfrVersionsAnswer.parse(answer);

describe("ecfrVersionsAnswer", () => {
  it("takes the versioner's answer, keeping meta's keys it does not name", () => {
    const parsed = ecfrVersionsAnswer.parse({ ...answer, meta: { ...answer.meta, total_pages: 1 } });
    expect(parsed.content_versions).toHaveLength(21);
    expect(parsed.content_versions[0]).toEqual({
      date: "2017-01-30",
      amendment_date: "2017-01-30",
      issue_date: "2017-02-01",
      identifier: "990.1",
      name: "§ 990.1   Applicability.",
      part: "990",
      substantive: true,
      removed: false,
      subpart: null,
      title: "40",
      type: "section",
    });
    expect(parsed.meta).toEqual({ title: "40", result_count: 21, latest_amendment_date: "2025-06-02", latest_issue_date: "2025-06-04", total_pages: 1 });
  });

  it("refuses an answer whose versions lack a date or carry one in another form", () => {
    const [first] = answer.content_versions;
    expect(ecfrVersionsAnswer.safeParse({ content_versions: [{ ...first, date: undefined }] }).success).toBe(false);
    expect(ecfrVersionsAnswer.safeParse({ content_versions: [{ ...first, date: "01/30/2017" }] }).success).toBe(false);
    expect(ecfrVersionsAnswer.safeParse({ results: [] }).success).toBe(false);
  });
});

describe("chooseVersionsToCompare", () => {
  it("compares the version in force the day before the effective date with the one that took effect on it", () => {
    expect(chooseVersionsToCompare(versions, "2025-04-01")).toEqual({ status: "compare", before: "2021-06-14", after: "2025-04-01" });
  });

  it("says the new text is not published yet when eCFR lists no version on or after the effective date", () => {
    expect(chooseVersionsToCompare(versions, "2025-09-01")).toEqual({ status: "not-published", before: "2025-06-02" });
  });

  it("says so when later versions exist but none on the effective date", () => {
    expect(chooseVersionsToCompare(versions, "2025-05-01")).toEqual({ status: "no-change-on-date", before: "2025-04-01", next: "2025-06-02" });
  });

  it("has no older version to compare for a part that begins on the effective date", () => {
    expect(chooseVersionsToCompare(versions, "2017-01-30")).toEqual({ status: "compare", before: null, after: "2017-01-30" });
  });

  it("keeps only the part asked for, when the answer lists others", () => {
    const otherPart = versions.map((version) => ({ ...version, part: "991", date: "2026-01-05" }));
    expect(chooseVersionsToCompare([...versions, ...otherPart], "2026-01-05", "990")).toEqual({ status: "not-published", before: "2025-06-02" });
    expect(chooseVersionsToCompare([...versions, ...otherPart], "2026-01-05", "991")).toEqual({ status: "compare", before: null, after: "2026-01-05" });
  });

  it("refuses an effective date that is not YYYY-MM-DD", () => {
    expect(() => chooseVersionsToCompare(versions, "April 1, 2025")).toThrow("Not a date as YYYY-MM-DD");
  });
});
