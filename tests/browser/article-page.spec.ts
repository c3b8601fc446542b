// The article page and the open comment periods, with JavaScript on and off: from a feed card's title to the
// article's page (details, docket link, calendar file, JSON-LD, bookmarking), and from the header to the list
// of open comment periods, soonest first, and on to an article. Rows are written into the test server's
// database for this spec and removed afterwards.
import fs from "node:fs";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { E2E_DATABASE, hydrated, removeArticles, seedArticles } from "./e2e";

const SOURCE = "Article page E2E";
let addressCounter = 0;
let titles: { soon: string; today: string; later: string; plain: string };

/** A day (YYYY-MM-DD) `offset` days from today in the server's time zone (APP_TIMEZONE's default). */
function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10);
}

test.beforeAll(async ({}, testInfo) => {
  expect(fs.existsSync(E2E_DATABASE)).toBe(true);
  const project = testInfo.project.name;
  titles = {
    soon: `Zephyrine pipeline safety standards proposal (${project})`,
    today: `Zephyrine emissions notice closing today (${project})`,
    later: `Zephyrine forestry plan amendment (${project})`,
    plain: `Zephyrine guidance without comments (${project})`,
  };
  // A year back: these never top the feed that other spec files read.
  const publishDate = new Date(Date.now() - 365 * 86_400_000);
  const row = (key: keyof typeof titles, closes: string | null, dockets: string[]) => ({
    title: titles[key],
    summary: `Summary of ${titles[key]}.`,
    categoryReason: "a proposed rule",
    priorityReason: "asks for comments",
    tags: ["pipelines"],
    sourceName: SOURCE,
    originalUrl: `https://www.federalregister.gov/d/e2e-${project}-${key}`,
    publishDate,
    documentNumber: `E2E-AP-${project}-${key}`,
    documentType: "Proposed Rule",
    agencies: ["Pipeline and Hazardous Materials Safety Administration"],
    commentsCloseOn: closes,
    docketIds: dockets,
    cfrReferences: ["49 CFR 192"],
  });
  await seedArticles([
    row("later", dayFromToday(20), []),
    row("soon", dayFromToday(3), [`PHMSA-2099-${project}`]),
    row("today", dayFromToday(0), []),
    row("plain", null, []),
  ]);
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

test("a feed card's title opens the article's page, which shows its details and can be bookmarked", async ({ browser, javaScriptEnabled }, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `10.62.${testInfo.project.name === "js" ? 1 : 2}.${++addressCounter}` },
  });
  const page = await context.newPage();
  await page.goto("/?q=zephyrine");
  await hydrated(page, javaScriptEnabled);
  const card = page.locator("article.article-card", { has: page.getByRole("heading", { name: titles.soon }) });
  await expect(card.getByText("Comments close in 3 days")).toBeVisible();
  await expect(
    page.locator("article.article-card", { has: page.getByRole("heading", { name: titles.today }) }).getByText("Comments close today"),
  ).toBeVisible();
  await card.getByRole("link", { name: titles.soon }).click();

  await expect(page).toHaveURL(/\/articles\/\d+-zephyrine-pipeline-safety-standards-proposal-/);
  await expect(page.getByRole("heading", { level: 2, name: titles.soon })).toBeVisible();
  await expect(page).toHaveTitle(`${titles.soon}: Federal Deregulation Tracker`);
  const details = page.getByRole("region", { name: "Details" });
  await expect(details).toContainText("Pipeline and Hazardous Materials Safety Administration");
  await expect(details).toContainText("49 CFR 192");
  await expect(details).toContainText("3 days left");
  await expect(details).toContainText("asks for comments");
  await expect(details.getByRole("link", { name: new RegExp(`PHMSA-2099-${testInfo.project.name}`) })).toHaveAttribute(
    "href",
    `https://www.regulations.gov/docket/PHMSA-2099-${testInfo.project.name}`,
  );
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "");
  expect(ld).toMatchObject({ "@type": "NewsArticle", headline: titles.soon, url: page.url() });

  // The calendar file downloads.
  const [download] = await Promise.all([page.waitForEvent("download"), details.getByRole("link", { name: "add to calendar" }).click()]);
  const calendar = fs.readFileSync((await download.path())!, "utf8");
  expect(calendar).toContain(`DTSTART;VALUE=DATE:${dayFromToday(3).replaceAll("-", "")}`);

  // The bookmark form works here as on the feed.
  await page.getByRole("button", { name: "Bookmark" }).click();
  await expect(page.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/articles\/\d+-zephyrine-pipeline/);
  await context.close();
});

test("the header leads to the open comment periods, soonest first, and on to an article", async ({ page, javaScriptEnabled }, testInfo) => {
  await page.goto("/about");
  await hydrated(page, javaScriptEnabled);
  await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Open comment periods" }).click();
  await expect(page).toHaveURL(/\/comment-periods$/);
  await expect(page.getByRole("heading", { level: 2, name: "Open comment periods" })).toBeVisible();
  const items = page.getByRole("list", { name: "Documents taking comments" }).getByRole("listitem");
  const mine = items.filter({ hasText: `(${testInfo.project.name})` });
  await expect(mine).toHaveCount(3);
  await expect(mine.nth(0)).toContainText(titles.today);
  await expect(mine.nth(0)).toContainText("closes today");
  await expect(mine.nth(1)).toContainText(titles.soon);
  await expect(mine.nth(1)).toContainText("3 days left");
  await expect(mine.nth(1).getByRole("link", { name: `Docket PHMSA-2099-${testInfo.project.name} on regulations.gov (opens in a new tab)` })).toBeVisible();
  await expect(mine.nth(2)).toContainText("20 days left");
  await expect(page.getByText(titles.plain)).toHaveCount(0);
  await expect(page.getByRole("link", { name: "All deadlines as a calendar (.ics)" })).toHaveAttribute("href", "/comment-periods.ics");

  await mine
    .nth(2)
    .getByRole("link", { name: `Details for ${titles.later}` })
    .click();
  await expect(page).toHaveURL(/\/articles\/\d+-zephyrine-forestry-plan-amendment-/);
  await expect(page.getByRole("heading", { level: 2, name: titles.later })).toBeVisible();
});

test("a bare article id redirects to the page's address, and a missing article shows the 404 page", async ({ page }) => {
  const database = new Database(E2E_DATABASE, { readonly: true });
  const { id } = database.prepare("SELECT id FROM articles WHERE title = ?").get(titles.plain) as { id: number };
  database.close();
  await page.goto(`/articles/${id}`);
  await expect(page).toHaveURL(new RegExp(`/articles/${id}-zephyrine-guidance-without-comments-`));
  await expect(page.getByRole("heading", { level: 2, name: titles.plain })).toBeVisible();
  const missing = await page.goto("/articles/987654321-nothing");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});
