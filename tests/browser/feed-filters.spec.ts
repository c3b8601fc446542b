// The feed's agency and document-type pickers, with JavaScript on (a change applies at once) and off (the form's
// Apply button): the page narrows to the agency, then to one type, and the address stays tidy. Rows are written
// into the test server's database for this spec and removed afterwards.
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { E2E_DATABASE, hydrated, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Feed filters E2E";
const AGENCY = "Office of Quillwort Standards";

test.beforeAll(async ({}, testInfo) => {
  expect(fs.existsSync(E2E_DATABASE)).toBe(true);
  const project = testInfo.project.name;
  // Two years back: these never top the feed that other spec files read.
  const publishDate = new Date(Date.now() - 730 * 86_400_000);
  const rows = [
    { key: "rule", title: `Quillwort labelling rule (${project})`, type: "Rule", agencies: [AGENCY] },
    { key: "notice", title: `Quillwort advisory notice (${project})`, type: "Notice", agencies: [AGENCY, "Department of Agriculture"] },
    { key: "other", title: `Unrelated milkweed rule (${project})`, type: "Rule", agencies: ["Department of Agriculture"] },
  ];
  await seedArticles(
    rows.map((row) => ({
      title: row.title,
      summary: "A document of the filter test.",
      priority: "low",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/d/e2e-filters-${project}-${row.key}`,
      publishDate,
      documentNumber: `E2E-FF-${project}-${row.key}`,
      documentType: row.type,
      agencies: row.agencies,
    })),
  );
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

test("the agency and type pickers narrow the feed and keep the address tidy", async ({ page, javaScriptEnabled }, testInfo) => {
  const project = testInfo.project.name;
  await page.goto("/");
  await hydrated(page, javaScriptEnabled);
  const agency = page.getByLabel("Agency", { exact: true });
  // Each agency is offered with its count of articles.
  await expect(agency.locator("option", { hasText: AGENCY })).toHaveText(new RegExp(`^${AGENCY} \\(\\d+\\)$`));
  await agency.selectOption(AGENCY);
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?agency=${AGENCY.replaceAll(" ", "\\+")}$`));
  const cards = page.locator("article.article-card");
  // This project's cards, by their own heading (a card's related list may name the other project's articles).
  const mine = cards.filter({ has: page.getByRole("heading", { name: new RegExp(`\\(${project}\\)$`) }) });
  await expect(mine).toHaveCount(2);
  // (It may still be listed under a card as a related article: only its own card must be gone.)
  await expect(page.getByRole("heading", { name: `Unrelated milkweed rule (${project})` })).toHaveCount(0);

  await page.getByLabel("Document type", { exact: true }).selectOption("rule");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?agency=${AGENCY.replaceAll(" ", "\\+")}&type=rule$`));
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(`Quillwort labelling rule (${project})`);
  await expect(page.getByLabel("Agency", { exact: true })).toHaveValue(AGENCY);
  await expect(page.getByLabel("Document type", { exact: true })).toHaveValue("rule");

  // The view can be followed: feeds announced in the head and offered beside the list, with the view's filters.
  const query = `agency=${AGENCY.replaceAll(" ", "+")}&type=rule`;
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", `/feed.atom?${query}`);
  await expect(page.locator('head link[rel="alternate"][type="application/feed+json"]')).toHaveAttribute("href", `/feed.json?${query}`);
  await expect(page.getByRole("link", { name: "CSV" })).toHaveAttribute("href", `/export.csv?${query}`);
  const atom = await page.request.get(`/feed.atom?${query}`);
  expect(atom.headers()["content-type"]).toBe("application/atom+xml; charset=utf-8");
  expect(await atom.text()).toContain(`<title>Quillwort labelling rule (${project})</title>`);

  // Back to every agency: the parameter leaves the address.
  await page.getByLabel("Agency", { exact: true }).selectOption("");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/\?type=rule$/);
});
