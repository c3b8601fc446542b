// The main pages' markup, as the production build serves them, checked by the rules of tests/browser/markup-rules.ts:
// no errors.
import { expect, test } from "@playwright/test";
import { markupErrors } from "./markup-rules";

/** The pages every visitor and the admin's login reach, one of each kind. */
const PAGES = [
  "/",
  "/?category=regulatory-rollbacks",
  "/?q=methane",
  "/about",
  "/subscribe",
  "/alerts",
  "/feedback",
  "/admin",
  "/comment-periods",
  "/api/docs",
];

test("the main pages validate", async ({ request }, testInfo) => {
  // The served HTML is the same with JavaScript on or off: one project checks it.
  test.skip(testInfo.project.name !== "js", "the markup does not depend on the browser's JavaScript");
  const [newest] = (await (await request.get("/api/articles?limit=1")).json()) as { id: number }[];
  const articlePage = await request.get(`/articles/${newest.id}`);
  expect(articlePage.url()).toMatch(/\/articles\/\d+-/);
  const pages = await Promise.all(PAGES.map(async (path) => ({ path, answer: await request.get(path) })));
  pages.push({ path: new URL(articlePage.url()).pathname, answer: articlePage });
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  pages.push({ path: "/no-such-page (404)", answer: missing });
  for (const { path, answer } of pages) {
    if (path !== "/no-such-page (404)") expect(answer.status(), path).toBe(200);
    expect(await markupErrors(await answer.text()), path).toEqual([]);
  }
});

test("the header's search form has a submit button on every page that is not the feed", async ({ page, javaScriptEnabled }) => {
  await page.goto("/about");
  const search = page.getByRole("search");
  const button = search.getByRole("button", { name: "Search" });
  await expect(button).toHaveCount(1);
  await search.getByRole("searchbox", { name: "Search articles" }).fill("methane");
  // Reached from the keyboard, it shows while it has the focus, and submits the search.
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.width).toBeGreaterThan(10);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/\?q=methane$/);
  if (javaScriptEnabled) await expect(page.getByRole("searchbox", { name: "Search articles" })).toHaveValue("methane");
});

test("a card's view count is said in words", async ({ page }) => {
  await page.goto("/");
  const count = page
    .locator("article.article-card")
    .first()
    .locator("span.inline-icon", { hasText: / views$/ });
  await expect(count).toHaveText(/^\s*\d+ views$/);
  expect(await count.getAttribute("aria-label")).toBeNull();
});
