// The Federal Register fields the adapter passes to the classifier (action line, document type, EO 12866
// significance, effective and comment dates, pages and CFR parts), one signal at a time. The inputs are written
// in the Register's own style for this test; none is taken from the labelled set.
import { describe, expect, it } from "vitest";
import { classifyArticle, type ClassifyInput } from "~/classify/classifier";

const NOW = new Date("2026-11-23T12:00:00Z");
const register = (fields: Partial<ClassifyInput> & { title: string }): ClassifyInput => ({
  summary: "",
  sourceCategory: "government",
  sourceName: "Federal Register",
  ...fields,
});
/** An ISO date `days` after NOW. */
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe("the action line decides the category", () => {
  const rule = {
    title: "Energy Conservation Program: Energy Conservation Standards for Consumer Furnaces",
    summary: "The Department of Energy is taking this action to allow time for further review of the standards.",
    documentType: "Rule",
  };

  it.each([
    ["Final rule; delay of effective date.", "rollback: action 'final rule; delay of effective date'"],
    ["Proposed rule; withdrawal.", "rollback: action 'proposed rule; withdrawal'"],
    ["Final rule; rescission.", "rollback: action 'final rule; rescission'"],
    ["Interim final rule; stay of effective date.", "rollback: action 'interim final rule; stay of effective date'"],
    ["Final rule; extension of compliance date.", "rollback: action 'final rule; extension of compliance date'"],
  ])("%s is a rollback, whatever the title says", (action, why) => {
    const got = classifyArticle(register({ ...rule, action }), NOW);
    expect(got.category).toBe("regulatory-rollbacks");
    expect(got.reason.category).toBe(why);
    expect(got.confidence.decidedBy).toBe("rule");
  });

  it("a direct final rule withdrawn after adverse comment keeps the requirement", () => {
    const got = classifyArticle(
      register({
        title: "Air Plan Approval; Ohio; Removal of Stage II Vapor Recovery Requirements",
        action: "Direct final rule; withdrawal.",
        documentType: "Rule",
      }),
      NOW,
    );
    expect(got.category).toBe("new-regulations");
    expect(got.reason.category).toBe("new regulation: action 'direct final rule; withdrawal', the requirement stands");
  });

  it("an extension of the comment period is not a rollback, unless the proposal itself is one", () => {
    const extension = { action: "Proposed rule; extension of comment period.", documentType: "Proposed Rule" };
    const onNewRule = classifyArticle(register({ ...extension, title: "Safety Standards for Lithium-Ion Batteries in E-Bikes" }), NOW);
    expect(onNewRule.category).toBe("new-regulations");
    expect(onNewRule.reason.category).toBe("new regulation: action 'proposed rule; extension of comment period', not a rollback");
    const onRescission = classifyArticle(register({ ...extension, title: "Rescission of the Public Charge Ground of Inadmissibility Rule" }), NOW);
    expect(onRescission.category).toBe("regulatory-rollbacks");
  });

  it("a notice withdrawing a meeting is not a rule action, so its withdrawal takes no requirement away", () => {
    const got = classifyArticle(register({ title: "Board of Visitors Meeting; Cancellation", action: "Notice; withdrawal.", documentType: "Notice" }), NOW);
    expect(got.category).toBe("new-regulations");
    expect(got.priority).toBe("low");
  });

  it("a notice of availability of findings is analysis", () => {
    const got = classifyArticle(
      register({
        title: "Formaldehyde; Final Risk Evaluation Under the Toxic Substances Control Act",
        action: "Notice of availability.",
        documentType: "Notice",
      }),
      NOW,
    );
    expect(got.category).toBe("policy-analysis");
    expect(got.reason.category).toBe("analysis: action 'notice of availability' of findings");
  });

  it("without an action line nothing changes: the title still decides", () => {
    const input = register({ title: "Household Goods Shipments; Delay of Effective Date" });
    expect(classifyArticle(input, NOW).category).toBe("regulatory-rollbacks");
    expect(classifyArticle({ ...input, action: null }, NOW)).toEqual(classifyArticle(input, NOW));
  });
});

describe("document type, significance, timing and breadth decide the priority", () => {
  const proposal = { title: "Standards for Fuel Economy of Heavy-Duty Pickup Trucks", documentType: "Proposed Rule", action: "Proposed rule." };

  it("a presidential document is high", () => {
    const got = classifyArticle(register({ title: "Ensuring Lawful Governance of Independent Agencies", documentType: "Presidential Document" }), NOW);
    expect(got.priority).toBe("high");
    expect(got.reason.priority).toBe("high: presidential document");
  });

  it("a rule or proposed rule is medium, a plain notice low", () => {
    expect(classifyArticle(register(proposal), NOW).reason.priority).toBe("medium: proposed rule");
    expect(
      classifyArticle(register({ title: "Regional Listening Sessions on Grazing Permits", documentType: "Notice", action: "Notice." }), NOW).priority,
    ).toBe("low");
  });

  it("significant under EO 12866 raises it to high, even for a routine kind", () => {
    expect(classifyArticle(register({ ...proposal, significant: true }), NOW).reason.priority).toBe("high: significant under EO 12866");
    const routine = register({
      title: "Agency Information Collection Activities; Proposed Collection; Comment Request",
      documentType: "Notice",
      significant: true,
    });
    expect(classifyArticle(routine, NOW).priority).toBe("high");
  });

  it("a final rule effective within 14 days is high; later, or already in force, it is not", () => {
    const rule = { title: "Hazard Communication Standard Updates", documentType: "Rule", action: "Final rule." };
    const soon = classifyArticle(register({ ...rule, effectiveOn: inDays(9) }), NOW);
    expect(soon.priority).toBe("high");
    expect(soon.reason.priority).toBe("high: final rule effective in 9 days");
    expect(classifyArticle(register({ ...rule, effectiveOn: inDays(30) }), NOW).reason.priority).toBe("medium: rule");
    expect(classifyArticle(register({ ...rule, effectiveOn: inDays(-3) }), NOW).reason.priority).toBe("medium: rule");
    // A proposal has no effective date that binds anyone.
    expect(classifyArticle(register({ ...proposal, effectiveOn: inDays(9) }), NOW).priority).toBe("medium");
  });

  it("comments closing within a week make it high; routine kinds stay low", () => {
    const closing = classifyArticle(register({ ...proposal, commentsCloseOn: inDays(5) }), NOW);
    expect(closing.reason.priority).toBe("high: comments close in 5 days");
    expect(classifyArticle(register({ ...proposal, commentsCloseOn: inDays(40) }), NOW).priority).toBe("medium");
    const collection = register({
      title: "Agency Information Collection Activities; Submission for OMB Review; Comment Request",
      documentType: "Notice",
      commentsCloseOn: inDays(2),
    });
    expect(classifyArticle(collection, NOW).priority).toBe("low");
  });

  it("an airworthiness directive effective next week is still routine", () => {
    const ad = register({
      title: "Airworthiness Directives; The Boeing Company Airplanes",
      documentType: "Rule",
      action: "Final rule.",
      effectiveOn: inDays(6),
    });
    expect(classifyArticle(ad, NOW).priority).toBe("low");
  });

  it("a long rule touching many CFR parts is broad, so high; a short one-part amendment is not", () => {
    const broad = classifyArticle(register({ ...proposal, pageLength: 142, cfrReferences: ["40 CFR 85", "40 CFR 86", "40 CFR 1036", "40 CFR 1037"] }), NOW);
    expect(broad.priority).toBe("high");
    expect(broad.reason.priority).toBe("high: broad proposed rule, 142 pages touching 4 CFR parts");
    const manyParts = ["29 CFR 1910", "29 CFR 1915", "29 CFR 1917", "29 CFR 1918", "29 CFR 1926"];
    expect(classifyArticle(register({ ...proposal, cfrReferences: manyParts }), NOW).priority).toBe("high");
    expect(classifyArticle(register({ ...proposal, pageLength: 3, cfrReferences: ["40 CFR 86"] }), NOW).priority).toBe("medium");
  });

  it("an interim final rule known only by its action line is medium", () => {
    const got = classifyArticle(register({ title: "Temporary Changes to Visa Interview Requirements", action: "Interim final rule." }), NOW);
    expect(got.reason.priority).toBe("medium: interim final rule, in force before comment");
  });
});

describe("confidence", () => {
  it("says whether a rule decided, or how sure the word model is", () => {
    const ruled = classifyArticle({ title: "H.R. 1234 - Regulatory Relief Act", sourceCategory: "news" }, NOW);
    expect(ruled.confidence).toEqual({ decidedBy: "rule", probability: 1 });
    const unruled = classifyArticle({ title: "Agency officials outline plans for the coming year", sourceCategory: "news" }, NOW);
    expect(unruled.confidence.decidedBy).not.toBe("rule");
    expect(unruled.confidence.probability).toBeGreaterThan(0);
    expect(unruled.confidence.probability).toBeLessThanOrEqual(1);
  });
});
