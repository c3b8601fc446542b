// What a final rule's CFR redlines changed and what its full text states, on the feed, with JavaScript on (a picker
// applies at once) and off (the form's Apply button): the restriction badge and the stated designation on the card,
// the "Removes restrictions" filter and the sort by restrictions removed. Rows are written into the test server's
// database for this spec (the articles through the test builder, with the sums the redline's store keeps) and removed
// afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, openDatabase, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Restrictions E2E";
const SENTENCE = "This final rule is an E.O. 14192 deregulatory action.";
const titles = { removes: "", removesLess: "", adds: "" };

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  titles.removes = `Quillwort emission standards repealed (${project})`;
  titles.removesLess = `Quillwort reporting streamlined (${project})`;
  titles.adds = `Quillwort labelling tightened (${project})`;
  // Two years back, the newest first in this order: they never top the feed that other spec files read.
  const publishDate = Date.now() - 730 * 86_400_000;
  // Each article's parts: [title, part, removed, added]; its row carries their sums, as the redline's store writes them.
  const parts: Record<keyof typeof titles, [number, number, number, number][]> = {
    removes: [[40, 63, 40, 3]],
    removesLess: [
      [40, 60, 5, 1],
      [40, 61, 2, 0],
    ],
    adds: [[29, 1910, 1, 4]],
  };
  const daysBack = { removes: 2, removesLess: 0, adds: 1 };
  const keys = Object.keys(titles) as (keyof typeof titles)[];
  const ids = await seedArticles(
    keys.map((key) => {
      const url = `https://www.federalregister.gov/d/e2e-restrictions-${project}-${key}`;
      return {
        title: titles[key],
        summary: "A final rule of the restrictions test.",
        category: "regulatory-rollbacks",
        sourceName: SOURCE,
        originalUrl: url,
        publishDate: new Date(publishDate - daysBack[key] * 86_400_000),
        documentNumber: `E2E-RX-${project}-${key}`,
        documentType: "Rule",
        agencies: ["Environmental Protection Agency"],
        effectiveOn: "2025-03-01",
        restrictionsRemoved: parts[key].reduce((sum, part) => sum + part[2], 0),
        restrictionsAdded: parts[key].reduce((sum, part) => sum + part[3], 0),
      };
    }),
  );
  const database = openDatabase();
  const redline = database.prepare(
    `INSERT INTO cfr_redlines (article_id, title, part, status, effective_on, restrictions_removed, restrictions_added) VALUES (?, ?, ?, 'compared', '2025-03-01', ?, ?)`,
  );
  const ruleText = database.prepare(
    `INSERT INTO rule_texts (article_id, status, read_at, statements, designation, designation_sentence) VALUES (?, 'read', ?, ?, ?, ?)`,
  );
  database.transaction(() => {
    keys.forEach((key, index) => {
      for (const [title, part, removed, added] of parts[key]) redline.run(ids[index], title, part, removed, added);
    });
    const stated = { kind: "executive-order", order: "14192", designation: "deregulatory", expected: false, sentence: SENTENCE };
    ruleText.run(ids[0], Date.now(), JSON.stringify([stated]), "deregulatory", SENTENCE);
  })();
  database.close();
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

test("the cards show restriction badges and the stated designation, and the feed filters and sorts by restrictions removed", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?q=quillwort");
  await hydrated(page, Boolean(javaScriptEnabled));
  const card = (title: string) => page.locator("article.article-card", { has: page.getByRole("heading", { name: title }) });
  const removes = card(titles.removes);
  const badge = removes.getByText("\u221237 restrictions in 40 CFR 63", { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("title", /^Removes 40 and adds 3 restriction words .* in 40 CFR 63/);
  const stated = removes.getByText("States: E.O. 14192 deregulatory", { exact: true });
  await expect(stated).toBeVisible();
  await expect(stated).toHaveAttribute("title", `In the document's own words: \u201c${SENTENCE}\u201d`);
  await expect(card(titles.removesLess).getByText("\u22126 restrictions in 2 CFR parts", { exact: true })).toBeVisible();
  await expect(card(titles.adds).getByText("+3 restrictions in 29 CFR 1910", { exact: true })).toBeVisible();

  // Only the rules whose redlines remove more than they add, the newest first.
  await page.getByLabel("Restrictions", { exact: true }).selectOption("removes");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/\?q=quillwort&restrictions=removes$/);
  const headings = page.locator("article.article-card h3.card-title").filter({ hasText: /^Quillwort/ });
  const project = titles.removes.match(/\((.+)\)$/)![1];
  const mine = headings.filter({ hasText: `(${project})` });
  await expect(mine).toHaveText([titles.removesLess, titles.removes]);
  await expect(card(titles.adds)).toHaveCount(0);

  // Then the most restrictions removed first.
  await page.getByLabel("Sort", { exact: true }).selectOption("restrictions-removed");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/\?q=quillwort&restrictions=removes&sort=restrictions-removed$/);
  await expect(mine).toHaveText([titles.removes, titles.removesLess]);
  await expect(page.getByLabel("Restrictions", { exact: true })).toHaveValue("removes");
  await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("restrictions-removed");
});
