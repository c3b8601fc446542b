// AI summaries and the trends card in a real browser, with JavaScript on and off. Articles are written
// into the test server's database for this spec (and removed afterwards, so other specs see the demo
// data alone); their pages are served by a local web server.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { servePages, startServer, type TestServer } from "../support/http-server";
import { E2E_DATABASE, removeArticles, seed, seedArticles } from "./e2e";

/** The fallback on a card without a summary of its own (the SPEC's words point at a summary above it). */
const FALLBACK = "AI summarization is currently unavailable, and this article has no summary of its own: please read the original article.";
const DAY = 86_400_000;

let pageServer: TestServer;
let origin = "";
let titles: { summarizable: string; unavailable: string };

function card(page: Page, title: string) {
  return page.locator("article.article-card", { has: page.getByRole("heading", { name: title, exact: true }) });
}

test.beforeAll(async ({}, testInfo) => {
  const release = fs.readFileSync("tests/fixtures/ai/news-release.html", "utf8");
  // A short pause keeps the loading state visible long enough to see.
  pageServer = await startServer(servePages({ "/release": { contentType: "text/html", body: release, delayMs: 600 } }));
  origin = pageServer.origin;

  const project = testInfo.project.name;
  titles = {
    summarizable: `EPA reinstates Ohio Air Nuisance Rule (${project})`,
    unavailable: `Agency notice with no text (${project})`,
  };
  const now = Date.now();
  const categories = ["regulatory-rollbacks", "new-regulations", "legal-decisions", "legislative-action", "policy-analysis"];
  const article = { sourceName: "E2E source", isDemo: false };
  await seedArticles([
    {
      ...article,
      title: titles.summarizable,
      summary: "EPA acts on the Ohio plan.",
      category: "new-regulations",
      priority: "medium",
      tags: ["epa"],
      originalUrl: `${origin}/release`,
      publishDate: new Date(now),
    },
    {
      ...article,
      title: titles.unavailable,
      summary: "",
      category: "new-regulations",
      priority: "low",
      tags: [],
      originalUrl: `${origin}/missing`,
      publishDate: new Date(now - 60_000),
    },
    ...Array.from({ length: 12 }, (_, i) => ({
      ...article,
      title: `E2E trend article ${i} (${project})`,
      summary: "",
      category: categories[i % categories.length],
      priority: i % 4 === 0 ? "high" : "medium",
      tags: ["energy"],
      originalUrl: `${origin}/trend-${project}-${i}`,
      publishDate: new Date(now - (i + 1) * 2 * DAY),
    })),
  ]);
  // The operator's command: the same job the 09:00 schedule runs.
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["jobs/cli.ts", "trends"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: E2E_DATABASE, SESSION_SECRET: "e2e-session-secret-at-least-32-characters" },
    stdio: "ignore",
  });
});

test.afterAll(async () => {
  removeArticles("E2E source");
  seed("DELETE FROM trends");
  await pageServer.close();
});

test("generate, hide and show an AI summary", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const article = card(page, titles.summarizable);
  const generate = article.getByRole("button", { name: /Generate AI Summary/ });
  await generate.click();
  if (javaScriptEnabled) await expect(generate).toHaveAttribute("data-loading", "true");
  else await expect(page).toHaveURL(/aiSummary=\d+/);
  const text = article.locator(".ai-summary-text");
  await expect(text).toBeVisible();
  await expect(text).toContainText("The Environmental Protection Agency (EPA) is taking final action");
  // A web page has no document fields, so no key facts are stated beside its own sentences.
  await expect(text).not.toContainText("Key facts");
  await expect(article.getByText("Automatic summary · extractive")).toBeVisible();

  await article.getByText("Hide AI Summary").click();
  await expect(text).toBeHidden();
  await article.getByText("Show AI Summary").click();
  await expect(text).toBeVisible();

  // Cached: a fresh visit offers Show, not Generate.
  await page.goto("/");
  await expect(article.getByRole("button", { name: /Generate AI Summary/ })).toHaveCount(0);
  await expect(article.locator(".ai-summary-text")).toBeHidden();
  await article.getByText("Show AI Summary").click();
  await expect(article.locator(".ai-summary-text")).toContainText("Ohio");
});

test("the unavailable panel explains why and points back to the article", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const article = card(page, titles.unavailable);
  const generate = article.getByRole("button", { name: /Generate AI Summary/ });
  await generate.click();
  const panel = article.getByRole("alert");
  await expect(panel).toContainText("AI Summary Unavailable");
  await expect(panel).toContainText("There is no article text to summarize");
  await expect(panel).toContainText("Open the full text with Read Original.");
  await expect(panel).toContainText(FALLBACK);
  await expect(generate).toBeVisible();

  if (javaScriptEnabled) {
    // A reply whose body cannot be parsed (a proxy's error page) still ends in the panel with the fallback text.
    await page.route("**/api/articles/*/ai-summary", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
    );
    await generate.click();
    await expect(panel).toContainText("could not be read");
    await expect(panel).toContainText(FALLBACK);
  }
});

test("the trends card shows the analysis and a chart of articles per day by category", async ({ page }) => {
  await page.goto("/");
  const trends = page.getByRole("region", { name: "30-Day Policy Trends Analysis" });
  await expect(trends).toContainText(/\d+ articles? (?:was|were) collected in the 30 days from/);
  await expect(trends).toContainText("Automatic analysis · statistical");
  await expect(trends.getByRole("heading", { name: "Key insights" })).toBeVisible();
  await expect(trends.getByRole("listitem").first()).toContainText(/is the largest category/);
  const chart = trends.getByRole("img", { name: /Articles per day by category/ });
  await expect(chart).toBeVisible();
  expect(await chart.locator("rect").count()).toBeGreaterThanOrEqual(12);
  await trends.getByText("Show the numbers as a table").click();
  const table = trends.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.locator("tbody tr")).toHaveCount(30);
  await expect(table.getByRole("columnheader", { name: "Regulatory Rollbacks" })).toBeVisible();
});
