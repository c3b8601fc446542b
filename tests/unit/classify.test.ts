// The classifier (docs/classification.md): its figures on the DEVELOPMENT part of the labelled set (the test
// part is measured only by npm run eval:classify), the codebook's rule signals one by one, and the model file.
// The development figures are in-sample (the rules were written and the model trained on that part), so the
// thresholds guard against regressions; they say nothing about generalisation, which the test part measures.
import { describe, expect, it } from "vitest";
import { splitOf } from "~/classify/split";
import { classifyArticle, tagRuleMatches } from "~/classify/classifier";
import { TAG_RULES } from "~/classify/rules";
import { TAG_VOCABULARY } from "~/articles/vocabulary";
import { figuresOf, inputOf, readLabelled } from "../eval/classify";

const NOW = new Date("2026-11-23T12:00:00Z");
const development = readLabelled().filter((item) => splitOf(item.id) === "development");

describe("classifyArticle on the development part of the labelled set", () => {
  const results = development.map((item) => ({ item, got: classifyArticle(inputOf(item), NOW) }));
  const { category, priority } = figuresOf(results);

  it("gets at least 90% of categories right, and finds rollbacks with recall and precision of at least 85%", () => {
    const rollbacks = category.perClass["regulatory-rollbacks"];
    console.log(
      `Development part (${development.length} items): category ${(category.accuracy * 100).toFixed(1)}%, macro F1 ${category.macroF1.toFixed(3)}, ` +
        `rollbacks recall ${(rollbacks.recall * 100).toFixed(1)}% precision ${(rollbacks.precision * 100).toFixed(1)}%; ` +
        `priority ${(priority.accuracy * 100).toFixed(1)}% (always "low": ${(priority.majority.accuracy * 100).toFixed(1)}%)`,
    );
    expect(category.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(rollbacks.recall).toBeGreaterThanOrEqual(0.85);
    expect(rollbacks.precision).toBeGreaterThanOrEqual(0.85);
  });

  it("beats always answering low on priority, and is right when it says high at least 80% of the time", () => {
    expect(priority.accuracy).toBeGreaterThanOrEqual(priority.majority.accuracy + 0.05);
    expect(priority.perClass.high.precision).toBeGreaterThanOrEqual(0.8);
  });

  it("gives a reason for every category and priority, and only uses tags from the vocabulary", () => {
    const vocabulary = new Set<string>(TAG_VOCABULARY);
    for (const { item, got } of results) {
      expect(got.reason.category, item.id).not.toBe("");
      expect(got.reason.priority, item.id).toMatch(/^(high|medium|low):/);
      for (const tag of got.tags) expect(vocabulary.has(tag), tag).toBe(true);
    }
  });
});

describe("classifyArticle rule signals", () => {
  const now = new Date("2025-06-01T12:00:00Z");
  const fr = (title: string, summary = "") => classifyArticle({ title, summary, sourceCategory: "government" }, now);

  it("makes executive orders, significant rules, Supreme Court rulings and close comment deadlines high priority", () => {
    expect(classifyArticle({ title: "Restoring Gold Standard Science", documentType: "Presidential Document" }, now).priority).toBe("high");
    expect(classifyArticle({ title: "Energy Conservation Program: Standards for Furnaces", documentType: "Rule", significant: true }, now).priority).toBe(
      "high",
    );
    expect(classifyArticle({ title: "Trump v. CASA, Inc.", sourceCategory: "legal", sourceName: "Supreme Court Slip Opinions" }, now).priority).toBe("high");
    const closing = { title: "Pipeline Safety: Gas Gathering Lines", documentType: "Proposed Rule", commentsCloseOn: "2025-06-05" };
    expect(classifyArticle(closing, now)).toMatchObject({ priority: "high" });
    expect(classifyArticle(closing, now).tags).toContain("urgent");
    expect(classifyArticle({ ...closing, commentsCloseOn: "2025-06-30" }, now).priority).toBe("medium");
    expect(classifyArticle({ ...closing, commentsCloseOn: "2025-05-30" }, now).priority).toBe("medium");
    expect(fr("Some Rule", "This action is a significant regulatory action under Executive Order 12866.").priority).toBe("high");
  });

  it("makes routine notices low priority, and says why", () => {
    for (const title of [
      "Agency Information Collection Activities; Submission for OMB Review; Comment Request",
      "Center for Scientific Review; Notice of Closed Meetings",
      "Airworthiness Directives; The Boeing Company Airplanes",
    ]) {
      const got = classifyArticle({ title, sourceCategory: "government", documentType: "Notice" }, now);
      expect(got.priority, title).toBe("low");
      expect(got.reason.priority, title).toMatch(/^low: routine/);
    }
    // No signal at all: low, not medium.
    expect(fr("Notice of Availability of Funds for Grants").priority).toBe("low");
    expect(fr("Financial Crimes Enforcement Network; Inflation Adjustment of Civil Monetary Penalties", "FinCEN is publishing this final rule.").priority).toBe(
      "low",
    );
  });

  it("makes real rules medium however the abstract says so", () => {
    const late = `EPCA requires the Department to periodically review its existing standards. ${"It sets out the history. ".repeat(20)}In this final rule, DOE is adopting new and amended energy conservation standards.`;
    expect(late.indexOf("this final rule")).toBeGreaterThan(400);
    expect(fr("Energy Conservation Standards for Commercial Refrigerators", late)).toMatchObject({ priority: "medium" });
    expect(
      fr(
        "Residential Mortgage-Backed Securities",
        "The Commission is publishing this concept release to solicit comments on whether to amend disclosure requirements.",
      ).priority,
    ).toBe("medium");
    expect(fr("Unsafe or Unsound Practices", "The OCC and the FDIC propose to define the term unsafe or unsound practice.").priority).toBe("medium");
    expect(fr("Draft Regulatory Guide: Emergency Response Planning", "The NRC is issuing for public comment a draft regulatory guide.").priority).toBe(
      "medium",
    );
  });

  it("files delays, withdrawals and rescissions of requirements as rollbacks, with the words that decided", () => {
    const delay = fr(
      "Federal Motor Vehicle Safety Standards; Occupant Crash Protection",
      "This document delays until March 20, 2025, the effective date of the January 3, 2025, final rule.",
    );
    expect(delay.category).toBe("regulatory-rollbacks");
    expect(delay.reason.category).toMatch(/^rollback: abstract says 'delays until/);
    expect(fr("Affirmatively Furthering Fair Housing; Withdrawal").category).toBe("regulatory-rollbacks");
    expect(fr("Extension of Postponement of Effectiveness for Certain Provisions of Trichloroethylene (TCE)").category).toBe("regulatory-rollbacks");
    expect(
      classifyArticle({ title: "Additional Rescissions of Harmful Executive Orders and Actions", documentType: "Presidential Document" }, now),
    ).toMatchObject({
      category: "regulatory-rollbacks",
      priority: "high",
    });
  });

  it("does not file routine withdrawals, comment-period extensions or kept requirements as rollbacks", () => {
    expect(fr("Protecting Americans From Harmful Data Broker Practices (Regulation V); Extension of Comment Period").category).toBe("new-regulations");
    expect(fr("Self-Regulatory Organizations; Nasdaq PHLX LLC; Notice of Withdrawal of Proposed Rule Change").category).toBe("new-regulations");
    expect(fr("Melamine From the People's Republic of China: Rescission of Countervailing Duty Administrative Review; 2023")).toMatchObject({
      category: "new-regulations",
      priority: "low",
    });
    const kept = fr(
      "Hazardous and Solid Waste Management System: Disposal of Coal Combustion Residuals From Electric Utilities; CCR Management Unit Deadline Extension Rule",
      "Due to the receipt of adverse comment, the Environmental Protection Agency (EPA) is withdrawing the direct final rule.",
    );
    expect(kept.category).toBe("new-regulations");
    expect(fr("Self-Regulatory Organization; NYSE National, Inc.; Order Approving a Proposed Rule Change")).toMatchObject({
      category: "new-regulations",
      priority: "low",
    });
    expect(fr("Request for Information Regarding Diagnostic Excellence Measurement; Reopening of Comment Period").priority).toBe("low");
  });

  it("reads the direction of an action in the abstract: relief and moved deadlines are rollbacks, a reinstated rule is not", () => {
    expect(
      fr(
        "Qualification and Certification of Locomotive Engineers",
        "FRA proposes to amend its regulations to codify longstanding waivers that have granted relief from certain certification requirements.",
      ).category,
    ).toBe("regulatory-rollbacks");
    expect(fr("Coal Combustion Residuals; Deadline Rule", "The Agency is proposing to modify compliance deadlines for select provisions.").category).toBe(
      "regulatory-rollbacks",
    );
    // Other alternatives allowed, deadlines revised, provisions eliminated, language declared unenforceable.
    for (const [title, summary] of [
      [
        "Coke Oven Emissions",
        "This proposed rule would revise some substance-specific respirator requirements to allow different types of respirators to be used.",
      ],
      ["Brake System Training", "FRA proposes to allow railroads to use virtual simulation to satisfy the hands-on portion of refresher training."],
      [
        "Iron and Steel Manufacturing: Interim Final Rule",
        "The EPA is taking interim final action to revise certain compliance deadlines for standards finalized in 2024.",
      ],
      [
        "Supervisory Committee Audits",
        "The Board is proposing to amend its regulations to eliminate unnecessary, redundant, and overly prescriptive provisions.",
      ],
      [
        "Nondiscrimination on the Basis of Disability; Clarification",
        "The Department is issuing this document to clarify the non-enforceability of certain language in the preamble.",
      ],
    ])
      expect(fr(title, summary).category, title).toBe("regulatory-rollbacks");
    const reinstated = classifyArticle({
      title: "EPA Reinstates Ohio Air Nuisance Rule in State Implementation Plan",
      summary: "A rulemaking that removed the rule is corrected.",
    });
    expect(reinstated.category).toBe("new-regulations");
    expect(reinstated.reason.category).toMatch(/comes back/);
  });

  it("files courts, Congress and analysis by their signals", () => {
    expect(fr("Mariste Pharmacy; Decision and Order")).toMatchObject({ category: "legal-decisions", priority: "low" });
    expect(fr("Public Law 119-1 - Laken Riley Act")).toMatchObject({ category: "legislative-action", priority: "high" });
    // A program named after a law is not Congress acting.
    expect(fr("Increase in Maximum Tuition and Fee Amounts Payable Under the Post-9/11 GI Bill").category).toBe("new-regulations");
    expect(fr("Vinyl Chloride; Draft Scope of the Risk Evaluation Under the Toxic Substances Control Act (TSCA)")).toMatchObject({
      category: "policy-analysis",
      priority: "medium",
    });
    expect(fr("Northern States Power Company; Notice of Availability of Environmental Assessment")).toMatchObject({
      category: "policy-analysis",
      priority: "low",
    });
    expect(classifyArticle({ title: "What Loper Bright Means for Agency Rulemaking", sourceCategory: "think-tank" }, now).category).toBe("policy-analysis");
  });

  it("finds the same tags as testing every tag rule over the whole text", () => {
    for (const item of readLabelled()) {
      const text = `${item.title} ${item.summary} Securities and Exchange Commission`;
      expect(tagRuleMatches(text), item.id).toEqual(TAG_RULES.filter(([, pattern]) => pattern.test(text)).map(([tag]) => tag));
    }
  });

  it("keeps tags from the vocabulary on hand-written titles", () => {
    expect(classifyArticle({ title: "SEC Votes to End Defense of Climate Disclosure Rules" }).tags).toEqual(expect.arrayContaining(["sec", "environmental"]));
    expect(classifyArticle({ title: "Rescinding Obsolete Financial Assistance Rules", documentType: "Rule" }).tags).toEqual(
      expect.arrayContaining(["rule-rescission", "financial", "agency-rules"]),
    );
  });
});
