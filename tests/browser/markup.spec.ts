// The main pages' markup, as the production build serves them, checked by html-validate's recommended rules
// (HTML content models, accessibility such as WCAG H32 and aria-label misuse, forms, ids): no errors.
import { HtmlValidate, type Message } from "html-validate";
import { expect, test } from "@playwright/test";

/**
 * The recommended rules, less those about how HTML is spelled rather than what it says: the pages are React's
 * serialization, which writes attribute names as React spells them (`charSet`, `maxLength`: HTML names are
 * case-insensitive), closes void elements (`<input/>`) and gives boolean attributes an empty value
 * (`selected=""`), all valid HTML.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": "off",
    "void-style": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // Mantine's components pass their CSS variables in style attributes; page-weight.spec.ts bounds where they appear.
    "no-inline-style": "off",
    // Mantine's PasswordInput names its root's class twice; a repeated class changes nothing.
    "no-dup-class": "off",
    // An article page's title is the document's official title, whole: Federal Register titles run long.
    "long-title": "off",
  },
});

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

const described = (messages: Message[]) => messages.map((m) => `${m.ruleId} at ${m.selector ?? `${m.line}:${m.column}`}: ${m.message}`);

async function errorsOf(html: string) {
  const report = await validator.validateString(html);
  return described(report.results.flatMap((result) => result.messages));
}

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
    expect(await errorsOf(await answer.text()), path).toEqual([]);
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
