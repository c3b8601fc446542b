// The deregulation ledger (/ledger) with JavaScript on and off: reached from the header, a fiscal year picked with
// the form, the agencies' table sorted by a column heading, the month chart (SVG with its title) and its table, and
// a count opening exactly the documents it counts in the feed. Rows are written into the test server's database for
// this spec (through the test builder, with the official designation its store writes) and removed afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Ledger E2E";
let agency = "";

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  agency = `Bureau of Ledger Tests (${project})`;
  const rule = (key: string, day: string, fields: Record<string, unknown>) => ({
    title: `Ledger test rule ${key} (${project})`,
    summary: "A final rule of the ledger test.",
    sourceName: SOURCE,
    originalUrl: `https://www.federalregister.gov/d/e2e-ledger-${project}-${key}`,
    documentNumber: `E2E-LG-${project}-${key}`,
    documentType: "Rule",
    agencies: [agency],
    publishDate: new Date(`${day}T12:00:00Z`),
    category: "policy-analysis",
    ...fields,
  });
  // FY2011: far from the other specs' articles.
  await seedArticles([
    rule("a", "2010-11-04", { designation: "deregulatory", designationBasis: "statement" }),
    rule("b", "2010-11-18", { designation: "deregulatory", designationBasis: "agenda" }),
    rule("c", "2011-03-02", { designation: "regulatory", designationBasis: "agenda" }),
    // Only the product judges it a rollback: counted apart.
    rule("d", "2011-03-09", { category: "regulatory-rollbacks" }),
  ]);
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

test("the ledger picks a fiscal year, sorts, charts without script, and each count opens its documents", async ({ page, javaScriptEnabled }) => {
  await page.goto("/comment-periods");
  await hydrated(page, Boolean(javaScriptEnabled));
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Deregulation ledger" }).click();
  await expect(page).toHaveURL(/\/ledger$/);
  await expect(page.getByRole("heading", { name: /^Deregulation ledger, FY\d{4}$/ })).toBeVisible();

  await page.getByLabel("Federal fiscal year").fill("2011");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/ledger\?fy=2011&sort=deregulatory&dir=desc$/);
  await expect(page.getByRole("heading", { name: "Deregulation ledger, FY2011" })).toBeVisible();
  await expect(page.getByText("FY2011 runs 2010-10-01 to 2011-09-30")).toBeVisible();

  // The chart is there without script: an SVG with its title and description, and its numbers in a table beside it.
  const chart = page.getByTestId("ledger-chart");
  await expect(chart).toBeVisible();
  await expect(chart.locator("title").first()).toHaveText("Official final actions per month, FY2011");
  await expect(chart.locator("desc")).toContainText("deregulatory action");
  const months = page.getByTestId("ledger-months");
  const november = months.getByRole("row", { name: /^Nov 2010/ });
  await expect(november.getByRole("cell")).toHaveText(["2", "0"]);
  await expect(months.getByRole("row", { name: /^Mar 2011/ }).getByRole("cell")).toHaveText(["0", "1"]);

  const row = page.getByTestId("ledger-table").getByRole("row", { name: new RegExp(`^${agency.replace(/[()]/g, "\\$&")}`) });
  await expect(row.getByRole("link", { name: `2 deregulatory final actions, ${agency}` })).toBeVisible();
  await expect(row.getByText("1 stated · 1 agenda").first()).toBeVisible();
  await expect(row.getByRole("link", { name: `1 deregulatory final action by the product's judgement, ${agency}` })).toBeVisible();

  // Sorted by a column heading, a plain link.
  await page.getByRole("link", { name: "Regulatory final actions", exact: true }).click();
  await expect(page).toHaveURL(/\/ledger\?fy=2011&sort=regulatory&dir=desc$/);
  await expect(page.getByRole("columnheader", { name: /Regulatory final actions ▼/ })).toHaveAttribute("aria-sort", "descending");

  // The count opens exactly its documents in the feed.
  await page
    .getByTestId("ledger-table")
    .getByRole("row", { name: new RegExp(`^${agency.replace(/[()]/g, "\\$&")}`) })
    .getByRole("link", { name: `2 deregulatory final actions, ${agency}` })
    .click();
  await expect(page).toHaveURL(/\/\?agency=.+&type=rule&designation=deregulatory&fy=2011$/);
  const headings = page.locator("article.article-card h3.card-title").filter({ hasText: /^Ledger test rule/ });
  await expect(headings).toHaveCount(2);
  await expect(page.getByText("Deregulatory (official)")).toBeVisible();
});

test("a bad fiscal year is named, kept as typed, and the page still works", async ({ page }) => {
  await page.goto("/ledger?fy=20x1");
  await expect(page.getByRole("alert")).toContainText("“20x1” is not a fiscal year");
  await expect(page.getByLabel("Federal fiscal year")).toHaveValue("20x1");
  await expect(page.getByTestId("ledger-table")).toBeVisible();
});
