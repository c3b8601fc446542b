// What the article, redline and rulemaking pages show of a rule's stored text and redlines: the statements with
// their labels, where the document, the Unified Agenda and the Federal Register disagree, each part's redline (or
// the line saying eCFR has not published it yet), and the budget that keeps a huge redline off the article page
// while its pages, walked one after the other, still show every changed paragraph once.
import { beforeAll, describe, expect, it } from "vitest";
import { saveAgendaBatch } from "~/agenda/store.server";
import { articlePath } from "~/articles/article-page";
import { rejudgeArticlesCiting } from "~/classify/reclassify.server";
import { ARTICLE_REDLINE_BUDGET, articleRedline, articleRuleText, FULL_REDLINE_BUDGET, getArticleDetail } from "~/feed/article-page.server";
import { feedRevision } from "~/feed/shared-feed.server";
import { loader as articleLoader } from "~/routes/articles.$slug";
import { loader as redlineLoader } from "~/routes/articles.$slug_.redline";
import { loader as rulemakingLoader } from "~/routes/rulemakings.$key";
import type { RedlinePosition } from "~/rule-text/page-view";
import type { Redline, RedlineParagraph } from "~/rule-text/redline";
import { redlineRestrictions } from "~/rule-text/restrictions";
import type { RuleStatement } from "~/rule-text/statements";
import { saveRedline, saveRuleText } from "~/rule-text/store.server";
import { getRulemaking, rulemakingRedlines } from "~/rulemakings/page.server";
import { EO_SENTENCE as EO, EO_STATEMENT, REDLINE_990 } from "../fixtures/ecfr/redline-part-990";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";

const RIN = "2060-ZZ77";
const TITLE = "Reporting requirements for widget plants; rescission";
const NOW = new Date("2025-05-01T12:00:00Z");

const STATEMENTS: RuleStatement[] = [
  EO_STATEMENT,
  { kind: "significance", significant: true, section3f1: true, sentence: "This rule is a significant regulatory action under section 3(f)(1) of E.O. 12866." },
  { kind: "major-rule", major: false, sentence: "This rule is not a major rule as defined by 5 U.S.C. 804(2)." },
  {
    kind: "cost",
    direction: "savings",
    amountMillions: 4.6,
    discountRate: 7,
    baseYear: 2024,
    sentence: "Annualized cost savings are $4.6 million (2024$, 7 percent).",
  },
];

// The part the browser spec shows too, with a section removed and an appendix added.
const SMALL: Redline = {
  ...REDLINE_990,
  sections: [
    ...REDLINE_990.sections,
    {
      number: "990.3",
      heading: "Reports.",
      status: "removed",
      paragraphs: [{ status: "removed", text: "Reports are required; late reports are prohibited." }],
    },
    { number: "Appendix A to Part 990", heading: "Forms", status: "added", paragraphs: [{ status: "added", text: "Form 1." }] },
  ],
};

/** A part with `sections` changed sections of `paragraphs` paragraphs of 1,000 characters each. */
function bigRedline(sections: number, paragraphs: number): Redline {
  return {
    complete: true,
    warnings: [],
    sections: Array.from({ length: sections }, (_, s) => ({
      number: `63.${s + 1}`,
      heading: `Section ${s + 1}.`,
      status: "changed" as const,
      paragraphs: Array.from({ length: paragraphs }, (_, p): RedlineParagraph => ({ status: "removed", text: `${s}/${p} ${"x".repeat(990)} shall.` })),
    })),
  };
}

let rule: number;
let bigRule: number;
let plain: number;

async function compare(articleId: number, part: number, redline: Redline) {
  const { total } = redlineRestrictions(redline);
  await saveRedline({ articleId, title: 40, part }, { status: "compared", beforeDate: "2025-03-31", afterDate: "2025-04-01", redline, ...total }, NOW);
}

beforeAll(async () => {
  await saveAgendaBatch(
    [
      {
        rin: RIN,
        publicationId: "202504",
        designation: "Regulatory",
        stage: "Final Rule Stage",
        priority: "Economically Significant",
        major: true,
        timetable: [],
        title: TITLE,
        agency: "Environmental Protection Agency",
        parentAgency: null,
      },
    ],
    NOW,
    rejudgeArticlesCiting,
  );
  const fields = { documentType: "Rule", effectiveOn: "2025-04-01", regulationIdNumbers: [RIN], significant: false };
  rule = await addArticle({
    ...fields,
    title: TITLE,
    documentNumber: "2025-07001",
    originalUrl: "https://www.federalregister.gov/d/2025-07001",
    publishDate: new Date("2025-04-01T12:00:00Z"),
  });
  bigRule = await addArticle({
    ...fields,
    title: "Widget plant emission standards",
    documentNumber: "2025-07002",
    publishDate: new Date("2025-03-01T12:00:00Z"),
  });
  plain = await addArticle({ title: "A news story about widgets" });
  const text = { statements: STATEMENTS, amends: [], warnings: [], designation: "deregulatory", designationSentence: EO };
  await saveRuleText(
    rule,
    {
      ...text,
      amends: [
        { title: 40, part: 63 },
        { title: 40, part: 990 },
      ],
    },
    { effectiveOn: "2025-04-01" },
    NOW,
  );
  await compare(rule, 990, SMALL);
  await saveRuleText(bigRule, { ...text, amends: [{ title: 40, part: 63 }] }, { effectiveOn: "2025-04-01" }, NOW);
  await compare(bigRule, 63, bigRedline(300, 3));
});

describe("the article page's rule text", () => {
  it("labels each statement in plain words, with its sentence", async () => {
    const shown = (await articleRuleText((await getArticleDetail(rule))!))!;
    expect(shown.statements).toEqual([
      { kind: "executive-order", label: "E.O. 14192: deregulatory action", sentence: EO },
      { kind: "significance", label: "Significant under E.O. 12866, section 3(f)(1)", sentence: STATEMENTS[1].sentence },
      { kind: "major-rule", label: "Not a major rule (5 U.S.C. 804(2))", sentence: STATEMENTS[2].sentence },
      { kind: "cost", label: "Annualized cost savings: $4.6 million (7% discount rate, 2024 dollars)", sentence: STATEMENTS[3].sentence },
    ]);
  });

  it("says where the document, the agenda and the Federal Register disagree, naming both sides", async () => {
    const shown = (await articleRuleText((await getArticleDetail(rule))!))!;
    expect(shown.disagreements).toEqual([
      {
        topic: "designation",
        text: "The document states it is an E.O. 14192 deregulatory action; the Unified Agenda (Spring 2025) designates the rulemaking Regulatory.",
      },
      { topic: "significance", text: "The document states it is significant under E.O. 12866; the Federal Register does not mark it significant." },
      { topic: "major-rule", text: "The document states it is not a major rule; the Unified Agenda (Spring 2025) lists it as a major rule." },
    ]);
  });

  it("shows a compared part's changed sections with eCFR links and restriction counts, and a pending part's line", async () => {
    const [pending, compared] = (await articleRuleText((await getArticleDetail(rule))!))!.parts;
    expect(pending).toMatchObject({ label: "40 CFR 63", status: "pending", effectiveOn: "2025-04-01", sections: [], restrictions: null, next: null });
    expect(compared).toMatchObject({ label: "40 CFR 990", status: "compared", changedSections: 3, unchangedSections: 1, next: null });
    expect(compared.restrictions).toEqual({ removed: 4, added: 0 });
    expect(compared.url).toBe("https://www.ecfr.gov/on/2025-04-01/title-40/part-990");
    expect(compared.sections.map((section) => [section.number, section.url, section.restrictions])).toEqual([
      ["990.2", "https://www.ecfr.gov/on/2025-04-01/title-40/section-990.2", { removed: 2, added: 0 }],
      // A removed section is linked in the version that still had it; an appendix through its part.
      ["990.3", "https://www.ecfr.gov/on/2025-03-31/title-40/section-990.3", { removed: 2, added: 0 }],
      ["Appendix A to Part 990", "https://www.ecfr.gov/on/2025-04-01/title-40/part-990", { removed: 0, added: 0 }],
    ]);
    expect(compared.sections[0].paragraphs).toEqual(SMALL.sections[1].paragraphs);
  });

  it("the loader sends it, and nothing for an article without a rule text", async () => {
    const path = articlePath({ id: rule, title: TITLE });
    const response = await callRoute(articleLoader, path, { headers: { Accept: "text/html" } }, { slug: path.split("/").pop()! });
    const data = (await response.json()) as { ruleText: { statements: unknown[]; parts: unknown[] } };
    expect(data.ruleText.statements).toHaveLength(4);
    expect(data.ruleText.parts).toHaveLength(2);
    expect(await articleRuleText((await getArticleDetail(plain))!)).toBeNull();
  });

  it("compares the Federal Register's flag only for its documents", async () => {
    const detail = (await getArticleDetail(rule))!;
    const notRegister = (await articleRuleText({ ...detail, documentType: null }))!;
    expect(notRegister.disagreements.map((disagreement) => disagreement.topic)).toEqual(["designation", "major-rule"]);
    const agreeing = (await articleRuleText({ ...detail, significant: true, officialDesignation: null }))!;
    expect(agreeing.disagreements).toEqual([]);
  });
});

describe("a redline too big for one page", () => {
  const textOf = (sections: { number: string; paragraphs: RedlineParagraph[] }[]) =>
    sections.flatMap((section) => section.paragraphs.map((paragraph) => (paragraph.status === "changed" ? "" : paragraph.text)));

  it("the article page shows its first sections within the budget and says where the rest begins", async () => {
    const [part] = (await articleRuleText((await getArticleDetail(bigRule))!))!.parts;
    expect(part.changedSections).toBe(300);
    expect(part.sections.length).toBeLessThanOrEqual(ARTICLE_REDLINE_BUDGET.sections);
    expect(textOf(part.sections).join("").length).toBeLessThanOrEqual(ARTICLE_REDLINE_BUDGET.chars + 1_000);
    expect(part.next).toEqual({ section: part.sections.length - (part.sections.at(-1)!.cut ? 1 : 0), paragraph: expect.any(Number) });
    expect(part.restrictions).toEqual({ removed: 900, added: 0 });
    const path = articlePath({ id: bigRule, title: "Widget plant emission standards" });
    const response = await callRoute(articleLoader, path, { headers: { Accept: "text/html" } }, { slug: path.split("/").pop()! });
    expect((await response.text()).length).toBeLessThan(80_000);
  });

  it("its full redline, page after page, shows every changed paragraph exactly once", async () => {
    const seen: string[] = [];
    let at: RedlinePosition | null = { section: 0, paragraph: 0 };
    let pages = 0;
    while (at) {
      const page: Awaited<ReturnType<typeof articleRedline>> = (await articleRedline(bigRule, { title: 40, part: 63 }, at))!;
      expect(page.part.sections.length).toBeGreaterThan(0);
      expect(textOf(page.part.sections).join("").length).toBeLessThanOrEqual(FULL_REDLINE_BUDGET.chars + 1_000);
      seen.push(...textOf(page.part.sections));
      at = page.part.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(textOf(bigRedline(300, 3).sections));
  });

  it("a single section larger than a page is continued paragraph by paragraph", async () => {
    const huge = await addArticle({ documentType: "Rule", title: "One enormous appendix", effectiveOn: "2025-04-01" });
    await saveRuleText(
      huge,
      { statements: [], amends: [{ title: 40, part: 60 }], warnings: [], designation: null, designationSentence: null },
      { effectiveOn: "2025-04-01" },
      NOW,
    );
    const redline = bigRedline(1, 900);
    await saveRedline(
      { articleId: huge, title: 40, part: 60 },
      { status: "compared", beforeDate: "2025-03-31", afterDate: "2025-04-01", redline, removed: 900, added: 0 },
      NOW,
    );
    let at: RedlinePosition | null = { section: 0, paragraph: 0 };
    const pieces: { continuedFrom: number; paragraphs: number; cut: boolean }[] = [];
    while (at) {
      const page: Awaited<ReturnType<typeof articleRedline>> = (await articleRedline(huge, null, at))!;
      const [section] = page.part.sections;
      pieces.push({ continuedFrom: section.continuedFrom, paragraphs: section.paragraphs.length, cut: section.cut });
      at = page.part.next;
    }
    // 900 paragraphs of 1,000 characters: three pages, each starting where the one before stopped.
    expect(pieces).toHaveLength(3);
    expect(pieces.map((piece) => piece.cut)).toEqual([true, true, false]);
    pieces.forEach((piece, i) => expect(piece.continuedFrom).toBe(i ? pieces[i - 1].continuedFrom + pieces[i - 1].paragraphs : 0));
    expect(pieces[2].continuedFrom + pieces[2].paragraphs).toBe(900);
  });
});

describe("the full redline route", () => {
  const path = () => articlePath({ id: bigRule, title: "Widget plant emission standards" });
  const call = (url: string) => callRoute(redlineLoader, url, { headers: { Accept: "text/html" } }, { slug: url.split("/")[2] });

  it("answers a part's page, 301 to the canonical address with the query kept, and 404 for a part it lacks", async () => {
    const ok = await call(`${path()}/redline?part=40-63&from=20`);
    expect(ok.status).toBe(200);
    const data = (await ok.json()) as { part: { start: RedlinePosition; label: string } };
    expect(data.part).toMatchObject({ label: "40 CFR 63", start: { section: 20, paragraph: 0 } });
    const moved = await call(`/articles/${bigRule}/redline?part=40-63&from=20`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`${path()}/redline?part=40-63&from=20`);
    expect((await call(`${path()}/redline?part=40-1`)).status).toBe(404);
    expect((await call(`${path()}/redline?part=nonsense`)).status).toBe(404);
    expect((await call(`/articles/${plain}-a-news-story-about-widgets/redline`)).status).toBe(404);
  });
});

describe("the rulemaking page", () => {
  it("shows its final rules' redlines, newest first, within one budget", async () => {
    const rulemaking = (await getRulemaking(RIN))!;
    const redlines = await rulemakingRedlines(rulemaking);
    expect(redlines.map((document) => document.articleId)).toEqual([rule, bigRule]);
    expect(redlines[0].parts.map((part) => [part.label, part.status])).toEqual([
      ["40 CFR 63", "pending"],
      ["40 CFR 990", "compared"],
    ]);
    const sectionsShown = redlines.flatMap((document) => document.parts.flatMap((part) => part.sections)).length;
    expect(sectionsShown).toBeLessThanOrEqual(20);
    expect(redlines[1].parts[0].next).not.toBeNull();
    const response = await callRoute(rulemakingLoader, `/rulemakings/${RIN}`, { headers: { Accept: "text/html" } }, { key: RIN });
    expect(((await response.json()) as { redlines: unknown[] }).redlines).toHaveLength(2);
  });
});

describe("the shared pages' revision", () => {
  it("moves when a redline is stored, so a cached article page is rendered anew", async () => {
    const before = await feedRevision(NOW);
    const { total } = redlineRestrictions(SMALL);
    const later = new Date(NOW.getTime() + 60_000);
    await saveRedline(
      { articleId: rule, title: 40, part: 990 },
      { status: "compared", beforeDate: "2025-03-31", afterDate: "2025-04-01", redline: SMALL, ...total },
      later,
    );
    expect(await feedRevision(NOW)).not.toBe(before);
  });
});
