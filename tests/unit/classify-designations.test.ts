// The order in which what the government says decides a category (app/classify/designations.ts, read first by
// app/classify/classifier.ts): the document's own statement, then the Unified Agenda's designation, then the rules.
import { describe, expect, it } from "vitest";
import { classifyArticle } from "~/classify/classifier";

const rule = {
  title: "Widget Emission Standards",
  summary: "The agency sets new limits for widget emissions.",
  documentType: "Rule",
  sourceCategory: "government",
};
const agenda = (designation: string) => ({ designation, edition: "Spring 2025" });
const stated = (designation: string) => ({ designation, sentence: `This final rule is an E.O. 14192 ${designation} action.` });

describe("the designations that decide a category", () => {
  it("takes the document's own deregulatory statement over the agenda's and the rules', quoting it", () => {
    const judged = classifyArticle({ ...rule, officialDesignation: agenda("Regulatory"), statedDesignation: stated("deregulatory") });
    expect(judged.category).toBe("regulatory-rollbacks");
    expect(judged.reason.category).toBe('rollback: the document states "This final rule is an E.O. 14192 deregulatory action."');
  });

  it("files a document that states it is a regulatory action as a new regulation, whatever the agenda says", () => {
    const judged = classifyArticle({
      ...rule,
      title: "Rescission of Widget Reporting",
      officialDesignation: agenda("Deregulatory"),
      statedDesignation: stated("regulatory"),
    });
    expect(judged.category).toBe("new-regulations");
    expect(judged.reason.category).toMatch(/^new regulation: the document states/);
  });

  it("lets the agenda decide when the document says only that it is not subject to the order", () => {
    const judged = classifyArticle({
      ...rule,
      officialDesignation: agenda("Deregulatory"),
      statedDesignation: { designation: "not-subject", sentence: "This rule is not subject to E.O. 14192." },
    });
    expect(judged.category).toBe("regulatory-rollbacks");
    expect(judged.reason.category).toMatch(/Unified Agenda Spring 2025/);
  });

  it("shortens a long sentence in the reason", () => {
    const long = `This final rule is an E.O. 14192 deregulatory action ${"because it removes reporting requirements ".repeat(20)}.`;
    const judged = classifyArticle({ ...rule, statedDesignation: { designation: "deregulatory", sentence: long } });
    expect(judged.reason.category.length).toBeLessThan(300);
    expect(judged.reason.category).toMatch(/…"$/);
  });
});
