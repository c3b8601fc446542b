// What a rule says about itself, read from its Federal Register XML: every wording variant, final and proposed,
// the negations that must not flip, the sentences that are no statement, the fixtures in GPO's shape and the rule
// that picks one designation. The reading itself (bounds, streaming, markup) is tests/unit/rule-text/reading.test.ts.
import { describe, expect, it } from "vitest";
import { type RuleStatement, readRuleStatements, statedDesignation } from "~/rule-text/statements";
import { documentWith, fixture } from "./documents";

const withoutSentences = (statements: RuleStatement[]) => statements.map(({ sentence: _sentence, ...statement }) => statement);

const order = (order: "13771" | "14192", designation: "deregulatory" | "regulatory" | "not-subject", expected = false) =>
  ({ kind: "executive-order", order, designation, expected }) as const;
const significance = (significant: boolean, section3f1: boolean | null) => ({ kind: "significance", significant, section3f1 }) as const;
const major = (isMajor: boolean) => ({ kind: "major-rule", major: isMajor }) as const;
const cost = (direction: "savings" | "costs", amountMillions: number, discountRate: number | null, baseYear: number | null) =>
  ({ kind: "cost", direction, amountMillions, discountRate, baseYear }) as const;

type Variant = [root: "RULE" | "PRORULE", sentence: string, statements: Omit<RuleStatement, "sentence">[]];

const VARIANTS: Record<string, Variant[]> = {
  "E.O. 14192 and E.O. 13771 designations": [
    ["RULE", "This rule is an E.O. 14192 deregulatory action.", [order("14192", "deregulatory")]],
    ["PRORULE", "This proposed rule, if finalized, is expected to be an E.O. 14192 deregulatory action.", [order("14192", "deregulatory", true)]],
    ["RULE", "This final rule is an Executive Order 14192 regulatory action.", [order("14192", "regulatory")]],
    ["PRORULE", "This proposed rule is expected to be an Executive Order 14192 regulatory action.", [order("14192", "regulatory", true)]],
    [
      "RULE",
      "This rule is not subject to the requirements of E.O. 14192 because it is not significant.",
      [order("14192", "not-subject"), significance(false, false)],
    ],
    [
      "PRORULE",
      "This proposed rule would not be subject to the requirements of E.O. 14192 because it is not significant.",
      [order("14192", "not-subject", true), significance(false, false)],
    ],
    [
      "RULE",
      "This final rule is not an E.O. 14192 regulatory action because it is not significant under E.O. 12866.",
      [order("14192", "not-subject"), significance(false, false)],
    ],
    [
      "PRORULE",
      "This proposed rule, if finalized, would not be an E.O. 14192 regulatory action because it is not significant under E.O. 12866.",
      [order("14192", "not-subject", true), significance(false, false)],
    ],
    ["RULE", "This final rule is considered an E.O. 13771 deregulatory action.", [order("13771", "deregulatory")]],
    ["PRORULE", "This proposed rule, if finalized, would be considered an E.O. 13771 deregulatory action.", [order("13771", "deregulatory", true)]],
    ["RULE", "This final rule is not an E.O. 13771 regulatory action.", [order("13771", "not-subject")]],
    ["PRORULE", "This proposed rule is not expected to be an E.O. 13771 regulatory action.", [order("13771", "not-subject", true)]],
    ["RULE", "This action is exempt from the requirements of Executive Order (E.O.) 14192.", [order("14192", "not-subject")]],
    ["RULE", "The Executive Order 14192 designation for this final rule is deregulatory.", [order("14192", "deregulatory")]],
    ["PRORULE", "The Executive Order 14192 designation for this proposed rule is expected to be deregulatory.", [order("14192", "deregulatory", true)]],
  ],
  "E.O. 12866 significance": [
    ["RULE", "This final rule is a \u201csignificant regulatory action\u201d as defined in section 3(f)(1) of E.O. 12866.", [significance(true, true)]],
    ["PRORULE", 'This proposed rule is a "significant regulatory action" as defined in section 3(f)(1) of E.O. 12866.', [significance(true, true)]],
    ["RULE", "This rule is not a significant regulatory action under E.O. 12866.", [significance(false, false)]],
    ["PRORULE", "This proposed rule would not be a significant regulatory action under E.O. 12866.", [significance(false, false)]],
    ["RULE", "This rule has been determined to be significant for purposes of E.O. 12866.", [significance(true, null)]],
    ["PRORULE", "This proposed rule has been determined to be significant for purposes of E.O. 12866.", [significance(true, null)]],
    ["RULE", "This rule was not reviewed by OMB.", [significance(false, false)]],
    ["PRORULE", "This proposed rule was not reviewed by the Office of Management and Budget.", [significance(false, false)]],
    ["RULE", "This final rule has been designated as not significant.", [significance(false, false)]],
    ["PRORULE", "This proposed rule has been designated as not significant.", [significance(false, false)]],
    [
      "RULE",
      "OMB has determined that this final rule is a significant regulatory action, although not economically significant, under section 3(f) of E.O. 12866.",
      [significance(true, false)],
    ],
    ["PRORULE", "This proposed rule is a significant regulatory action under section 3(f)(4) of E.O. 12866.", [significance(true, false)]],
  ],
  "Congressional Review Act major rules": [
    ["RULE", "This rule is not a 'major rule' as defined by 5 U.S.C. 804(2).", [major(false)]],
    ["PRORULE", "This proposed rule, if finalized, would not be a \u201cmajor rule\u201d as defined by 5 U.S.C. 804(2).", [major(false)]],
    ["RULE", "OIRA has determined that this rule meets the criteria set forth in 5 U.S.C. 804(2).", [major(true)]],
    ["PRORULE", "OIRA has determined that this proposed rule, if finalized, would meet the criteria set forth in 5 U.S.C. 804(2).", [major(true)]],
    ["RULE", "OIRA has determined that this rule does not meet the criteria set forth in 5 U.S.C. 804(2).", [major(false)]],
    ["RULE", "This rule is a major rule.", [major(true)]],
    ["PRORULE", "This proposed rule would be a major rule.", [major(true)]],
  ],
  "annualized costs and cost savings": [
    [
      "RULE",
      "This rule is an E.O. 14192 deregulatory action with annualized cost savings of $4.6 million at a 7 percent discount rate, discounted relative to 2024.",
      [order("14192", "deregulatory"), cost("savings", 4.6, 7, 2024)],
    ],
    [
      "PRORULE",
      "This proposed rule, if finalized, is expected to be an E.O. 14192 deregulatory action with annualized cost savings of $4.6 million at a 7 percent discount rate, discounted relative to 2024.",
      [order("14192", "deregulatory", true), cost("savings", 4.6, 7, 2024)],
    ],
    ["RULE", "This final rule will result in $1.2 billion in annualized costs (2023$, 3 percent discount rate).", [cost("costs", 1200, 3, 2023)]],
    [
      "PRORULE",
      "We estimate that this proposed rule would result in $1.2 billion in annualized costs (2023$, 3 percent discount rate).",
      [cost("costs", 1200, 3, 2023)],
    ],
    ["RULE", "The annualized cost savings of this final rule are $450,000 in 2016 dollars.", [cost("savings", 0.45, null, 2016)]],
    [
      "RULE",
      "The annualized cost savings of this final rule are $12.3 million at a 7 percent discount rate and $11.8 million at a 3 percent discount rate.",
      [cost("savings", 12.3, 7, null), cost("savings", 11.8, 3, null)],
    ],
    ["PRORULE", "This proposed rule would have annualized costs of $2.5 million at 3 and 7 percent discount rates.", [cost("costs", 2.5, null, null)]],
  ],
};

describe("wording variants", () => {
  for (const [group, variants] of Object.entries(VARIANTS)) {
    it.each(variants)(`${group}: %s «%s»`, async (root, sentence, statements) => {
      const read = await readRuleStatements(documentWith(root, sentence));
      expect(withoutSentences(read.statements)).toEqual(statements);
      for (const statement of read.statements) expect(statement.sentence).toBe(sentence);
    });
  }
});

const NOT_STATEMENTS: [root: "RULE" | "PRORULE", sentence: string][] = [
  // What the orders and the Acts say, not what the document is.
  ["RULE", "E.O. 14192 requires agencies to identify at least ten existing regulations to be repealed for each new regulation."],
  ["RULE", "Under E.O. 14192, a deregulatory action is one whose total costs are less than zero."],
  ["RULE", "E.O. 12866 defines a \u201csignificant regulatory action\u201d as one that may have an annual effect on the economy of $100 million or more."],
  ["RULE", "If a rule is deemed a \u201cmajor rule\u201d by OMB, the rule may not take effect until 60 days after its publication."],
  ["RULE", "OMB will determine whether this rule is a major rule."],
  ["RULE", "This rule will not have a significant economic impact on a substantial number of small entities."],
  ["RULE", "This rule will not result in an annual effect on the economy of $100 million or more."],
  // Other rules: an earlier proposal (in a final rule), an earlier rule.
  ["RULE", "The proposed rule was expected to be an E.O. 14192 regulatory action."],
  ["RULE", "The 2020 final rule was an E.O. 13771 deregulatory action."],
  ["RULE", "The 2019 final rule that this document corrects was an E.O. 13771 deregulatory action."],
  // Denials that leave the answer open.
  ["RULE", "This rule is not an E.O. 14192 deregulatory action."],
  ["RULE", "This rule is not economically significant under E.O. 12866."],
  ["RULE", "This rule is not a significant regulatory action under section 3(f)(1) of E.O. 12866."],
  // Figures that cannot be read with confidence.
  ["PRORULE", "Annualized costs for this proposed rule range from $0.9 billion to $1.5 billion."],
  ["RULE", "This final rule will result in annualized costs of $1.2 to 3.4 million at a 7 percent discount rate."],
  ["RULE", "This final rule has annualized cost savings of $1.2\u20133.4 million (2024$)."],
  ["RULE", "This rule has annualized costs of less than $1 million."],
  ["RULE", "This rule has annualized costs of up to $3 million."],
  ["RULE", "The annualized costs of this rule will be $100 million or more."],
  ["RULE", "Compared with the existing rule, this rule has annualized cost savings of $2 million."],
  ["RULE", "This rule results in annualized costs of $3 million and annualized benefits of $9 million."],
  ["RULE", "This rule has annualized cost savings of $12.3 million and $11.8 million."],
  ["RULE", "This rule's annualized costs are $500 per facility."],
  ["RULE", "This rule has annualized net costs of -$2 million."],
  ["RULE", "This final rule will result in annualized cost savings of $5M."],
  ["RULE", "The annualized cost savings of the proposed rule were $4 million at a 7 percent discount rate."],
];

describe("sentences that state nothing about the document", () => {
  it.each(NOT_STATEMENTS)("%s «%s»", async (root, sentence) => {
    expect((await readRuleStatements(documentWith(root, sentence))).statements).toEqual([]);
  });
});

describe("the fixtures", () => {
  it("reads a final deregulatory rule's statements, in document order, with the parts it amends", async () => {
    const read = await readRuleStatements(fixture("rule-2025-deregulatory-savings.xml"));
    expect(read).toEqual({
      documentType: "RULE",
      statements: [
        {
          ...significance(true, true),
          sentence:
            "The Office of Information and Regulatory Affairs (OIRA) has determined that this final rule is a \u201csignificant regulatory action\u201d as defined in section 3(f)(1) of E.O. 12866.",
        },
        { ...order("14192", "deregulatory"), sentence: "This final rule is an E.O. 14192 deregulatory action." },
        {
          ...cost("savings", 14.2, 7, 2024),
          sentence:
            "PHMSA estimates that this final rule will result in annualized cost savings of $14.2 million at a 7 percent discount rate, discounted relative to 2024, over a perpetual time horizon.",
        },
        {
          ...major(true),
          sentence:
            "Pursuant to the Congressional Review Act (5 U.S.C. 801 et seq.), OIRA has determined that this rule meets the criteria set forth in 5 U.S.C. 804(2).",
        },
      ],
      amends: [
        { title: 49, part: 171 },
        { title: 49, part: 174 },
      ],
      amendatoryInstructions: 4,
      warnings: [],
    });
    expect(statedDesignation(read.statements)).toEqual({
      designation: "deregulatory",
      order: "14192",
      expected: false,
      sentence: "This final rule is an E.O. 14192 deregulatory action.",
      conflicting: [],
    });
  });

  it.each([
    [
      "prorule-2025-regulatory-costs.xml",
      [cost("costs", 1200, 3, 2023), significance(true, true), order("14192", "regulatory", true), major(true)],
      [
        { title: 40, part: 60 },
        { title: 40, part: 63 },
      ],
    ],
    [
      "rule-2025-not-significant.xml",
      [significance(false, false), order("14192", "not-subject"), significance(false, false), major(false)],
      [
        { title: 29, part: 95 },
        { title: 29, part: 97 },
      ],
    ],
    [
      "prorule-2025-not-significant.xml",
      [significance(false, false), order("14192", "not-subject"), significance(false, false), major(false)],
      [{ title: 30, part: 75 }],
    ],
    [
      "rule-2019-deregulatory-13771.xml",
      [significance(true, null), order("13771", "deregulatory"), cost("savings", 3.1, 7, 2016), major(false)],
      [{ title: 21, part: 101 }],
    ],
    [
      "prorule-2019-not-subject-13771.xml",
      [order("13771", "not-subject", true), significance(false, false), significance(false, false), major(false)],
      [{ title: 7, part: 205 }],
    ],
    ["rule-2025-no-statement.xml", [], [{ title: 10, part: 430 }]],
  ])("%s", async (name, statements, amends) => {
    const read = await readRuleStatements(fixture(name));
    expect(withoutSentences(read.statements)).toEqual(statements);
    expect(read.amends).toEqual(amends);
    expect(read.warnings).toEqual([]);
  });

  it("gives the designation a proposed rule expects, and none for a document that states none", async () => {
    const proposed = await readRuleStatements(fixture("prorule-2025-regulatory-costs.xml"));
    expect(statedDesignation(proposed.statements)).toMatchObject({ designation: "regulatory", order: "14192", expected: true });
    const silent = await readRuleStatements(fixture("rule-2025-no-statement.xml"));
    expect(statedDesignation(silent.statements)).toEqual({ designation: null, order: null, expected: null, sentence: null, conflicting: [] });
  });

  it("gives no designation to a document that states both deregulatory and regulatory, and says which sentences disagree", async () => {
    const read = await readRuleStatements(fixture("rule-2025-conflicting.xml"));
    expect(statedDesignation(read.statements)).toEqual({
      designation: null,
      order: "14192",
      expected: null,
      sentence: null,
      conflicting: [
        "For FSIS, this final rule is an E.O. 14192 deregulatory action: it replaces two label formats with one.",
        "For FDA, this final rule is considered an E.O. 14192 regulatory action, because relabeling costs exceed the savings for the foods FDA regulates.",
      ],
    });
  });
});

describe("statedDesignation", () => {
  const stated = (statement: ReturnType<typeof order>, sentence: string): RuleStatement => ({ ...statement, sentence });

  it("prefers an E.O. 14192 statement to an E.O. 13771 one, wherever it comes", () => {
    const statements = [stated(order("13771", "deregulatory"), "old"), stated(order("14192", "regulatory"), "new")];
    expect(statedDesignation(statements)).toMatchObject({ designation: "regulatory", order: "14192", sentence: "new" });
  });

  it("prefers a stated designation to not-subject, and a finding to a projection", () => {
    const statements = [
      stated(order("14192", "not-subject"), "not subject"),
      stated(order("14192", "deregulatory", true), "expected deregulatory"),
      stated(order("14192", "regulatory"), "found regulatory"),
    ];
    expect(statedDesignation(statements)).toMatchObject({ designation: "regulatory", expected: false, sentence: "found regulatory" });
    expect(statedDesignation(statements.slice(0, 2))).toMatchObject({ designation: "deregulatory", expected: true });
    expect(statedDesignation(statements.slice(0, 1))).toMatchObject({ designation: "not-subject" });
  });

  it("ignores statements of other kinds", () => {
    expect(statedDesignation([{ ...major(true), sentence: "This rule is a major rule." }]).designation).toBeNull();
  });
});
