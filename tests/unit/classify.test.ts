// The classification rules on real text: a labelled table of at least 150 titles, with its accuracy reported.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyArticle, type ClassifyInput } from "../../app/articles/classify";
import { TAG_VOCABULARY } from "../../app/articles/vocabulary";
import type { FederalRegisterPage } from "../../app/ingest/federal-register";
import { LABELLED_TABLE } from "../fixtures/classification-table";

const sample = JSON.parse(fs.readFileSync("db/demo/federal-register-2025-sample.json", "utf8")) as FederalRegisterPage;
const byNumber = new Map((sample.results ?? []).map((doc) => [doc.document_number, doc]));

function inputOf(row: (typeof LABELLED_TABLE)[number]): ClassifyInput {
  if ("doc" in row) {
    const doc = byNumber.get(row.doc);
    if (!doc) throw new Error(`document ${row.doc} is not in the sample`);
    return { title: doc.title, summary: doc.abstract ?? "", sourceCategory: "government" };
  }
  return { title: row.title, summary: row.summary, sourceCategory: row.sourceCategory, sourceName: row.sourceName, documentType: row.documentType };
}

describe("classifyArticle on the labelled table", () => {
  it(`has at least 150 labelled real titles, each listed once`, () => {
    expect(LABELLED_TABLE.length).toBeGreaterThanOrEqual(150);
    const keys = LABELLED_TABLE.map((row) => ("doc" in row ? row.doc : row.title));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gets at least 90% of categories right (accuracy printed below)", () => {
    const misses: string[] = [];
    const perCategory = new Map<string, { right: number; total: number }>();
    for (const row of LABELLED_TABLE) {
      const input = inputOf(row);
      const got = classifyArticle(input).category;
      const tally = perCategory.get(row.category) ?? { right: 0, total: 0 };
      tally.total++;
      if (got === row.category) tally.right++;
      else misses.push(`  expected ${row.category}, got ${got}: ${input.title.slice(0, 110)}`);
      perCategory.set(row.category, tally);
    }
    const right = LABELLED_TABLE.length - misses.length;
    const accuracy = right / LABELLED_TABLE.length;
    console.log(
      [
        `Classification accuracy: ${right}/${LABELLED_TABLE.length} = ${(accuracy * 100).toFixed(1)}%`,
        ...[...perCategory].map(([category, t]) => `  ${category}: ${t.right}/${t.total}`),
        ...(misses.length ? ["Misclassified:", ...misses] : []),
      ].join("\n"),
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
  });
});

describe("classifyArticle rules", () => {
  const now = new Date("2025-06-01T12:00:00Z");

  it("makes executive orders, significant rules, Supreme Court rulings and close comment deadlines high priority", () => {
    expect(classifyArticle({ title: "Restoring Gold Standard Science", documentType: "Presidential Document" }, now).priority).toBe("high");
    expect(classifyArticle({ title: "Energy Conservation Program: Standards for Furnaces", documentType: "Rule", significant: true }, now).priority).toBe("high");
    expect(classifyArticle({ title: "Trump v. CASA, Inc.", sourceCategory: "legal", sourceName: "Supreme Court Slip Opinions" }, now).priority).toBe("high");
    const closing = { title: "Pipeline Safety: Gas Gathering Lines", documentType: "Proposed Rule", commentsCloseOn: "2025-06-05" };
    expect(classifyArticle(closing, now)).toMatchObject({ priority: "high" });
    expect(classifyArticle(closing, now).tags).toContain("urgent");
    expect(classifyArticle({ ...closing, commentsCloseOn: "2025-06-30" }, now).priority).toBe("medium");
    expect(classifyArticle({ ...closing, commentsCloseOn: "2025-05-30" }, now).priority).toBe("medium");
  });

  it("makes routine notices low priority", () => {
    for (const title of [
      "Agency Information Collection Activities; Submission for OMB Review; Comment Request",
      "Center for Scientific Review; Notice of Closed Meetings",
      "Airworthiness Directives; The Boeing Company Airplanes",
    ])
      expect(classifyArticle({ title, sourceCategory: "government", documentType: "Notice" }, now).priority, title).toBe("low");
  });

  it("only uses tags from the vocabulary", () => {
    const vocabulary = new Set<string>(TAG_VOCABULARY);
    for (const row of LABELLED_TABLE) for (const tag of classifyArticle(inputOf(row), now).tags) expect(vocabulary.has(tag), tag).toBe(true);
    expect(classifyArticle({ title: "SEC Votes to End Defense of Climate Disclosure Rules" }).tags).toEqual(
      expect.arrayContaining(["sec", "environmental"]),
    );
    expect(classifyArticle({ title: "Rescinding Obsolete Financial Assistance Rules", documentType: "Rule" }).tags).toEqual(
      expect.arrayContaining(["rule-rescission", "financial", "agency-rules"]),
    );
  });
});
