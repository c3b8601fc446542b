// What a rule says and what it changes, with JavaScript on and off: the article page quotes the document's
// statements with a link to the Federal Register, says where the document and the Unified Agenda disagree, and shows
// the redline (struck and inserted text, unchanged paragraphs folded, sections linking to eCFR, restriction counts)
// and the line of a part eCFR has not published yet; the rulemaking page shows its final rules' redlines, folded per
// document. Rows are written into the test server's database for this spec and removed afterwards.
import { gzipSync } from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { EO_SENTENCE as EO, EO_STATEMENT, REDLINE_990 } from "../fixtures/ecfr/redline-part-990";
import { hydrated, openDatabase, pageErrors, removeArticles, seedArticles } from "./e2e";
import { markupErrors } from "./markup-rules";

const SOURCE = "Rule text E2E";
const DAY = 86_400_000;
const FR_URL = (project: string) => `https://www.federalregister.gov/d/e2e-rule-text-${project}`;

let rin: string;
let ruleId: number;
let olderId: number;

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  rin = project === "js" ? "2060-ZX01" : "2060-ZX02";
  // Years back: they never top the feed that other spec files read.
  const published = Date.now() - 700 * DAY;
  const rule = (title: string, url: string, publishDate: number, number: string, effectiveOn: string) => ({
    title,
    summary: "The agency rescinds reporting requirements.",
    category: "regulatory-rollbacks",
    sourceName: SOURCE,
    originalUrl: url,
    publishDate: new Date(publishDate),
    documentNumber: number,
    documentType: "Rule",
    registerAction: "Final rule.",
    agencies: ["Environmental Protection Agency"],
    regulationIdNumbers: [rin],
    effectiveOn,
    significant: false,
    // The compared part's counts, as the redline's store writes them with it.
    restrictionsRemoved: effectiveOn === "2025-04-01" ? 2 : 0,
  });
  [olderId, ruleId] = await seedArticles([
    rule(`Widget plant records, first rule (${project})`, `${FR_URL(project)}-1`, published, `E2E-RT-${project}-1`, "2023-06-01"),
    rule(`Widget plant records rescission (${project})`, FR_URL(project), published + 100 * DAY, `E2E-RT-${project}-2`, "2025-04-01"),
  ]);
  const database = openDatabase();
  database.transaction(() => {
    database
      .prepare(
        `INSERT INTO agenda_entries (rin, publication_id, designation, stage, priority, major, timetable, title, agency, parent_agency, updated_at)
         VALUES (?, '202504', 'Regulatory', 'Final Rule Stage', 'Other Significant', 0, '[]', 'Widget plant records', 'EPA', NULL, ?)`,
      )
      .run(rin, Date.now());
    const statements = [
      EO_STATEMENT,
      { kind: "significance", significant: true, section3f1: null, sentence: "This rule is a significant regulatory action under E.O. 12866." },
    ];
    database
      .prepare(
        `INSERT INTO rule_texts (article_id, status, attempts, read_at, statements, amends, warnings, designation, designation_sentence)
         VALUES (?, 'read', 1, ?, ?, '[{"title":40,"part":63},{"title":40,"part":990}]', '[]', 'deregulatory', ?)`,
      )
      .run(ruleId, Date.now(), JSON.stringify(statements), EO);
    const redline = database.prepare(
      `INSERT INTO cfr_redlines (article_id, title, part, status, effective_on, before_date, after_date, redline, restrictions_removed, restrictions_added, attempts)
       VALUES (?, 40, ?, ?, ?, ?, ?, ?, ?, 0, 1)`,
    );
    redline.run(ruleId, 63, "pending", "2025-04-01", null, null, null, null);
    redline.run(ruleId, 990, "compared", "2025-04-01", "2025-03-31", "2025-04-01", gzipSync(JSON.stringify(REDLINE_990)), 2);
    redline.run(olderId, 990, "pending", "2023-06-01", null, null, null, null);
  })();
  database.close();
});

test.afterAll(() => {
  // The rule texts and redlines go with their articles (ON DELETE CASCADE).
  removeArticles(SOURCE);
  const database = openDatabase();
  database.prepare("DELETE FROM agenda_entries WHERE rin IN ('2060-ZX01', '2060-ZX02')").run();
  database.close();
});

/** The redline of 40 CFR 990 as both pages show it: struck and inserted words, folded context, the eCFR link. */
async function checkRedline(page: Page, scope: ReturnType<Page["locator"]>) {
  const part = scope.locator('[data-part="40-990"]');
  await expect(part.getByText("−2 restrictions in 40 CFR 990")).toBeVisible();
  const heading = part.getByRole("link", { name: /§ 990\.2 Records\./ });
  await expect(heading).toHaveAttribute("href", "https://www.ecfr.gov/on/2025-04-01/title-40/section-990.2");
  const struck = part.locator("del", { hasText: "shall" });
  await expect(struck).toBeVisible();
  expect(await struck.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain("line-through");
  const inserted = part.locator("ins", { hasText: "may" }).first();
  await expect(inserted).toBeVisible();
  expect(await inserted.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain("underline");
  await expect(part.locator("del", { hasText: "The operator must report every quarter." })).toBeVisible();
  await expect(part.locator("ins", { hasText: "The operator may report once a year." })).toBeVisible();
  // The unchanged paragraphs are folded until the reader opens them: <details> needs no script.
  const context = part.getByText("Plant means a widget plant.");
  await expect(context).toBeHidden();
  await part.locator("summary", { hasText: "2 unchanged paragraphs" }).click();
  await expect(context).toBeVisible();
  await expect(part.locator("details.redline-same")).toHaveAttribute("open", "");
}

test("the article page quotes the document, says where the sources disagree, and shows the redline", async ({ page, javaScriptEnabled }, testInfo) => {
  const project = testInfo.project.name;
  const errors = pageErrors(page);
  await page.goto(`/articles/${ruleId}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  await expect(page.getByRole("heading", { level: 2, name: `Widget plant records rescission (${project})` })).toBeVisible();

  const says = page.getByRole("region", { name: "What the document says" });
  await expect(says.getByText("E.O. 14192: deregulatory action", { exact: true })).toBeVisible();
  await expect(says.locator("blockquote", { hasText: EO })).toHaveAttribute("cite", FR_URL(project));
  await expect(says.getByRole("link", { name: `Federal Register document E2E-RT-${project}-2` }).first()).toHaveAttribute("href", FR_URL(project));
  const notice = says.getByRole("note");
  await expect(notice).toContainText("The sources disagree");
  await expect(notice).toContainText(
    "The document states it is an E.O. 14192 deregulatory action; the Unified Agenda (Spring 2025) designates the rulemaking Regulatory.",
  );
  await expect(notice).toContainText("The document states it is significant under E.O. 12866; the Federal Register does not mark it significant.");
  // Neither side is hidden: the agenda's own panel still says Regulatory.
  await expect(page.getByRole("region", { name: "Unified Agenda, Spring 2025" })).toContainText("Regulatory");

  const changes = page.getByRole("region", { name: "What the rule changes in the CFR" });
  await expect(changes.locator('[data-part="40-63"]')).toContainText("Redline once eCFR publishes the amended text (effective Apr 1, 2025)");
  await expect(changes.getByRole("link", { name: /40 CFR 63/ })).toHaveAttribute("href", "https://www.ecfr.gov/current/title-40/part-63");
  await checkRedline(page, changes);
  expect(errors).toEqual([]);
});

test("the rulemaking page shows its final rules' redlines, one document at a time", async ({ page, javaScriptEnabled }, testInfo) => {
  const project = testInfo.project.name;
  await page.goto(`/rulemakings/${rin}`);
  await hydrated(page, Boolean(javaScriptEnabled));
  const changes = page.getByRole("region", { name: "What its rules change in the CFR" });
  const newest = changes.locator(`details[data-article="${ruleId}"]`);
  const older = changes.locator(`details[data-article="${olderId}"]`);
  // The newest rule comes first and open; the older one folded until opened.
  await expect(changes.locator("details.redline-document").first()).toHaveAttribute("data-article", String(ruleId));
  await expect(newest).toHaveAttribute("open", "");
  await checkRedline(page, newest);
  const pending = older.getByText("Redline once eCFR publishes the amended text (effective Jun 1, 2023)");
  await expect(pending).toBeHidden();
  await older.locator("summary", { hasText: `Widget plant records, first rule (${project})` }).click();
  await expect(pending).toBeVisible();
});

test("the full redline of a part is a page of its own, linked to the article", async ({ page, javaScriptEnabled }, testInfo) => {
  const errors = pageErrors(page);
  await page.goto(`/articles/${ruleId}/redline?part=40-990`);
  await hydrated(page, Boolean(javaScriptEnabled));
  await expect(page.getByRole("heading", { level: 2, name: `What document E2E-RT-${testInfo.project.name}-2 changes in 40 CFR 990` })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Parts the rule amends" }).getByRole("link", { name: "40 CFR 63" })).toBeVisible();
  await checkRedline(page, page.getByRole("region", { name: "Redline of 40 CFR 990" }));
  await page.getByRole("link", { name: "← Back to the article" }).click();
  await expect(page.getByRole("region", { name: "What the document says" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the three pages' markup validates", async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the served HTML is the same with JavaScript on or off");
  for (const path of [`/articles/${ruleId}`, `/articles/${ruleId}/redline?part=40-990`]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(await markupErrors(await answer.text()), path).toEqual([]);
  }
  // The rulemaking page's own lists are markup.spec.ts's business: here, the panel of redlines.
  await page.goto(`/rulemakings/${rin}`);
  const panel = await page.locator('section[aria-labelledby="redlines-title"]').evaluate((element) => element.outerHTML);
  expect(await markupErrors(panel), "the rulemaking page's redlines").toEqual([]);
});
