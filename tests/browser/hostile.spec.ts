// The hostile feed corpus, scraped into the browser tests' database through the real scrape path, shown in
// a real browser: no injected script may run on any page. A payload that ran would set window.__pwned or
// open a dialog; markup that reached the page as HTML would at least trip the Content-Security-Policy.
import { execFileSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { CORPUS_TAG, PWNED_MARKER } from "../hardening/feeds/corpus";

const port = process.env.E2E_PORT ?? "3210";
const databaseFile = path.resolve("tests/.tmp", `e2e-${port}`, "app.db");
let sourceIds: number[] = [];

test.beforeAll(() => {
  const output = execFileSync(path.resolve("node_modules/.bin/tsx"), ["tests/hardening/feeds/scrape-corpus.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseFile,
      SESSION_SECRET: "e2e-session-secret-at-least-32-characters",
      ALLOW_PRIVATE_NETWORKS: "true",
    },
    encoding: "utf8",
  });
  sourceIds = JSON.parse(output.trim().split("\n").at(-1)!).sourceIds;
});

test.afterAll(() => {
  const database = new Database(databaseFile);
  const ids = JSON.stringify(sourceIds);
  database.prepare("DELETE FROM articles WHERE source_id IN (SELECT value FROM json_each(?))").run(ids);
  database.prepare("DELETE FROM sources WHERE id IN (SELECT value FROM json_each(?))").run(ids);
  database.close();
});

type Watch = { dialogs: string[]; cspReports: string[] };

/** Records dialogs and CSP violations (events where scripts run, console reports either way). */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], cspReports: [] };
  page.on("dialog", (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.cspReports.push(message.text());
  });
  await page.addInitScript(() => {
    const reports: string[] = [];
    Object.defineProperty(window, "__cspViolations", { value: reports });
    document.addEventListener("securitypolicyviolation", (event) =>
      reports.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`),
    );
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: Watch, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    expect(await page.evaluate((marker) => (window as unknown as Record<string, unknown>)[marker], PWNED_MARKER)).toBeUndefined();
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  }
  expect(seen.dialogs).toEqual([]);
  expect(seen.cspReports).toEqual([]);
  // No link or embedded resource on the page points at a script or data URL.
  const dangerous = await page
    .locator('[href^="javascript:" i], [src^="javascript:" i], [href^="data:" i], [href^="vbscript:" i], iframe, object, embed')
    .count();
  expect(dangerous).toBe(0);
}

const SEARCH = `/?q=${encodeURIComponent(`"${CORPUS_TAG}"`)}`;

test("scraped payloads show as text and never run on the feed, its search and pages", async ({ page, javaScriptEnabled }) => {
  const seen = await watch(page);
  const titles: string[] = [];
  for (let pageNumber = 1; pageNumber <= 4; pageNumber++) {
    await page.goto(`${SEARCH}&page=${pageNumber}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    titles.push(...(await page.locator("article.article-card h3").allTextContents()));
    await expectNothingRan(page, seen, javaScriptEnabled);
  }
  // The payload-bearing items are on these pages, as plain text.
  for (const title of [
    `${CORPUS_TAG} double 0`,
    `${CORPUS_TAG} cdata 1`,
    `${CORPUS_TAG} escaped 3 ">`,
    `${CORPUS_TAG} atom html`,
    `${CORPUS_TAG} federal register 1`,
  ])
    expect(titles).toContain(title);

  for (const url of ["/", "/?page=2", "/?page=3"]) {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNothingRan(page, seen, javaScriptEnabled);
  }
  // The newest items are the corpus's, and every Read Original link is http(s).
  await page.goto("/");
  await expect(page.getByRole("heading", { name: new RegExp(CORPUS_TAG) }).first()).toBeVisible();
  for (const href of await page.locator("article.article-card a[target=_blank]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? "")))
    expect(href).toMatch(/^(https?:\/\/|\/)/);
  await expectNothingRan(page, seen, javaScriptEnabled);
});

test("source names with payloads never run on /about", async ({ page, javaScriptEnabled }) => {
  const seen = await watch(page);
  await page.goto("/about");
  await expect(page.getByText(/Hostile \/injection\.rss <script>/).first()).toBeAttached();
  await expectNothingRan(page, seen, javaScriptEnabled);
});
