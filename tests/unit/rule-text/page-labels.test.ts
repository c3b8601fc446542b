// The plain words the pages give a rule's statements, restriction counts and eCFR links, and which differences
// between the document, the Unified Agenda and the Federal Register count as a disagreement.
import { describe, expect, it } from "vitest";
import { ecfrSectionUrl, redlinePath, restrictionSummary, statementLabel } from "~/rule-text/labels";
import { disagreementsOf, parseStatements, partViews, type OtherSources } from "~/rule-text/page-view";
import type { Redline } from "~/rule-text/redline";
import type { RuleStatement } from "~/rule-text/statements";

const sentence = "A sentence.";
const eo = (order: "13771" | "14192", designation: "deregulatory" | "regulatory" | "not-subject", expected = false): RuleStatement => ({
  kind: "executive-order",
  order,
  designation,
  expected,
  sentence,
});
const agenda = (designation: string, publicationId = "202504", major: boolean | null = null): OtherSources => ({
  agenda: { designation, edition: "Spring 2025", publicationId, major },
  registerSignificant: null,
});

describe("statement labels", () => {
  it("says each kind in plain words", () => {
    expect(statementLabel(eo("14192", "deregulatory"))).toBe("E.O. 14192: deregulatory action");
    expect(statementLabel(eo("13771", "regulatory", true))).toBe("E.O. 13771: expected regulatory action");
    expect(statementLabel(eo("14192", "not-subject"))).toBe("Not subject to E.O. 14192");
    expect(statementLabel(eo("14192", "not-subject", true))).toBe("Expected not to be subject to E.O. 14192");
    expect(statementLabel({ kind: "significance", significant: true, section3f1: false, sentence })).toBe(
      "Significant under E.O. 12866, not under section 3(f)(1)",
    );
    expect(statementLabel({ kind: "significance", significant: false, section3f1: false, sentence })).toBe("Not significant under E.O. 12866");
    expect(statementLabel({ kind: "major-rule", major: true, sentence })).toBe("A major rule (5 U.S.C. 804(2))");
    expect(statementLabel({ kind: "cost", direction: "costs", amountMillions: 1_250, discountRate: null, baseYear: null, sentence })).toBe(
      "Annualized costs: $1.25 billion",
    );
  });

  it("counts restrictions with their signs, and links sections, appendices and reserved ranges to eCFR", () => {
    expect(restrictionSummary({ removed: 37, added: 0 }, "40 CFR 63")).toBe("−37 restrictions in 40 CFR 63");
    expect(restrictionSummary({ removed: 3, added: 1 }, "§ 63.7")).toBe("−3 and +1 restrictions in § 63.7");
    expect(restrictionSummary({ removed: 0, added: 2 }, "40 CFR 63")).toBe("+2 restrictions in 40 CFR 63");
    expect(ecfrSectionUrl(40, 63, "63.1", "2025-04-01")).toBe("https://www.ecfr.gov/on/2025-04-01/title-40/section-63.1");
    expect(ecfrSectionUrl(40, 63, "63.1", null)).toBe("https://www.ecfr.gov/current/title-40/section-63.1");
    expect(ecfrSectionUrl(40, 63, "Appendix A to Part 63", null)).toBe("https://www.ecfr.gov/current/title-40/part-63");
    expect(ecfrSectionUrl(40, 9, "9.2–9.3", "2025-04-01")).toBe("https://www.ecfr.gov/on/2025-04-01/title-40/part-9");
    expect(redlinePath("/articles/7-a-rule", { title: 40, part: 63 }, { section: 20, paragraph: 3 })).toBe(
      "/articles/7-a-rule/redline?part=40-63&from=20&paragraph=3",
    );
  });
});

describe("disagreements", () => {
  it("compares the document's designation with the agenda's of the same order only", () => {
    expect(disagreementsOf([eo("14192", "not-subject")], agenda("Deregulatory"))).toEqual([
      {
        topic: "designation",
        text: "The document states it is not subject to E.O. 14192; the Unified Agenda (Spring 2025) designates the rulemaking Deregulatory.",
      },
    ]);
    expect(disagreementsOf([eo("14192", "deregulatory")], agenda("Deregulatory"))).toEqual([]);
    // A 2019 rule's E.O. 13771 designation is not the 2025 agenda's E.O. 14192 one.
    expect(disagreementsOf([eo("13771", "regulatory")], agenda("Deregulatory"))).toEqual([]);
    // "Not significant" and "Other" say nothing a designation can contradict.
    expect(disagreementsOf([eo("14192", "deregulatory")], agenda("Not significant"))).toEqual([]);
    expect(disagreementsOf([eo("14192", "deregulatory")], agenda("Fully or Partially Exempt"))).toHaveLength(1);
  });

  it("says when the document contradicts itself", () => {
    const statements: RuleStatement[] = [
      eo("14192", "deregulatory"),
      eo("14192", "regulatory"),
      { kind: "significance", significant: true, section3f1: null, sentence },
      { kind: "significance", significant: false, section3f1: false, sentence },
    ];
    expect(disagreementsOf(statements, { agenda: null, registerSignificant: true }).map((found) => found.text)).toEqual([
      "The document states both that it is an E.O. 14192 deregulatory action and that it is a regulatory action.",
      "The document states both that it is significant under E.O. 12866 and that it is not.",
    ]);
  });

  it("compares significance with the Federal Register's flag, and major with the agenda's", () => {
    const notSignificant: RuleStatement = { kind: "significance", significant: false, section3f1: false, sentence };
    const major: RuleStatement = { kind: "major-rule", major: true, sentence };
    expect(
      disagreementsOf([notSignificant, major], { ...agenda("Deregulatory", "202504", false), registerSignificant: true }).map((found) => found.text),
    ).toEqual([
      "The document states it is not significant under E.O. 12866; the Federal Register marks it significant.",
      "The document states it is a major rule; the Unified Agenda (Spring 2025) does not list it as one.",
    ]);
  });

  it("drops stored statements that no longer read as statements", () => {
    expect(parseStatements([eo("14192", "deregulatory"), { kind: "unknown" }, null])).toEqual([eo("14192", "deregulatory")]);
  });
});

describe("the redline budget", () => {
  const part = (number: number, paragraphs: number[]) => ({
    title: 40,
    part: number,
    status: "compared",
    effectiveOn: "2025-04-01",
    beforeDate: "2025-03-31",
    afterDate: "2025-04-01",
    restrictionsRemoved: 0,
    restrictionsAdded: 0,
    redline: {
      complete: true,
      warnings: [],
      sections: [{ number: `${number}.1`, heading: "", status: "changed", paragraphs: paragraphs.map((n) => ({ status: "added", text: "x".repeat(n) })) }],
    } satisfies Redline,
  });

  it("cuts a section that does not fit only on a page that shows nothing yet, or with room enough left", () => {
    const [first, second] = partViews([part(1, [9_000]), part(2, [5_000, 5_000])], { chars: 10_000, sections: 20 });
    expect(first.sections).toHaveLength(1);
    // 1,000 characters left: the next part waits for its own page rather than sending 5,000 more.
    expect(second.sections).toEqual([]);
    expect(second.next).toEqual({ section: 0, paragraph: 0 });
    const [alone] = partViews([part(2, [20_000, 5_000])], { chars: 10_000, sections: 20 });
    expect(alone.sections[0]).toMatchObject({ cut: true, continuedFrom: 0 });
    expect(alone.next).toEqual({ section: 0, paragraph: 1 });
  });
});
