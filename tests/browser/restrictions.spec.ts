// What a final rule's CFR redlines changed and what its full text states, on the feed, with JavaScript on (a picker
// applies at once) and off (the form's Apply button): the restriction badge and the stated designation on the card,
// the "Removes restrictions" filter and the sort by restrictions removed. Rows are written into the test server's
// database for this spec (the triggers keep the articles' counts) and removed afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, openDatabase } from "./e2e";

const SOURCE = "Restrictions E2E";
const SENTENCE = "This final rule is an E.O. 14192 deregulatory action.";
const titles = { removes: "", removesLess: "", adds: "" };

test.beforeAll(({}, testInfo) => {
  const project = testInfo.project.name;
  titles.removes = `Quillwort emission standards repealed (${project})`;
  titles.removesLess = `Quillwort reporting streamlined (${project})`;
  titles.adds = `Quillwort labelling tightened (${project})`;
  const database = openDatabase();
  const article = database.prepare(
    `INSERT INTO articles (title, summary, category, priority, tags, source_name, original_url, canonical_url, publish_date, document_number, document_type, agencies, effective_on)
     VALUES (?, 'A final rule of the restrictions test.', 'regulatory-rollbacks', 'medium', '[]', '${SOURCE}', ?, ?, ?, ?, 'Rule', '["Environmental Protection Agency"]', '2025-03-01')`,
  );
  const redline = database.prepare(
    `INSERT INTO cfr_redlines (article_id, title, part, status, effective_on, restrictions_removed, restrictions_added) VALUES (?, ?, ?, 'compared', '2025-03-01', ?, ?)`,
  );
  const ruleText = database.prepare(
    `INSERT INTO rule_texts (article_id, status, read_at, statements, designation, designation_sentence) VALUES (?, 'read', ?, ?, ?, ?)`,
  );
  // Two years back, the newest first in this order: they never top the feed that other spec files read.
  const publishDate = Date.now() - 730 * 86_400_000;
  database.transaction(() => {
    const add = (key: keyof typeof titles, daysBack: number) => {
      const url = `https://www.federalregister.gov/d/e2e-restrictions-${project}-${key}`;
      return article.run(titles[key], url, url, publishDate - daysBack * 86_400_000, `E2E-RX-${project}-${key}`).lastInsertRowid;
    };
    const removes = add("removes", 2);
    redline.run(removes, 40, 63, 40, 3);
    const stated = { kind: "executive-order", order: "14192", designation: "deregulatory", expected: false, sentence: SENTENCE };
    ruleText.run(removes, Date.now(), JSON.stringify([stated]), "deregulatory", SENTENCE);
    const removesLess = add("removesLess", 0);
    redline.run(removesLess, 40, 60, 5, 1);
    redline.run(removesLess, 40, 61, 2, 0);
    redline.run(add("adds", 1), 29, 1910, 1, 4);
  })();
  database.close();
});

test.afterAll(() => {
  const database = openDatabase();
  database.prepare("DELETE FROM articles WHERE source_name = ?").run(SOURCE);
  database.close();
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
