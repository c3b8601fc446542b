// Comment counts in the browser, with JavaScript on (a picker applies at once) and off (the form's Apply button, plain
// links): the count and the week's growth on the cards and the article page, the "Most commented" sort, and the open
// comment periods ordered by comments. The articles and their count history are written into the test server's
// database through the test builder, as the comment counts' store writes them, and removed afterwards.
import { expect, test } from "@playwright/test";
import { hydrated, removeArticles, seedArticles, seedCommentCounts } from "./e2e";

const SOURCE = "Comments E2E";
const DAY = 86_400_000;
const titles = { busy: "", single: "", uncounted: "" };

/** A calendar day `days` from now (UTC): weeks from either edge of the day in the server's time zone. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  titles.busy = `Bladderwort discharge limits reconsidered (${project})`;
  titles.single = `Bladderwort survey methods (${project})`;
  titles.uncounted = `Bladderwort permit fees (${project})`;
  const now = Date.now();
  // Two years back, and the newest of them uncounted: the sort, not the date, puts the most commented first.
  const publishDate = now - 730 * DAY;
  const keys = Object.keys(titles) as (keyof typeof titles)[];
  const counts = { busy: 1204, single: 1, uncounted: null };
  const ids = await seedArticles(
    keys.map((key, index) => ({
      title: titles[key],
      summary: "A proposed rule of the comments test.",
      sourceName: SOURCE,
      originalUrl: `https://www.federalregister.gov/d/e2e-comments-${project}-${key}`,
      publishDate: new Date(publishDate + index * DAY),
      documentNumber: `E2E-CM-${project}-${key}`,
      documentType: "Proposed Rule",
      agencies: ["Environmental Protection Agency"],
      commentsCloseOn: dayFromNow(20 + index),
      commentsCount: counts[key],
      commentsDocketId: counts[key] === null ? null : `EPA-HQ-OW-2025-${index}`,
      commentsReadAt: counts[key] === null ? null : new Date(now - 3_600_000),
    })),
  );
  // The busy document had 892 comments eight days ago: 312 more this week. The single one was first read today.
  await seedCommentCounts([
    { articleId: ids[0], readAt: new Date(now - 8 * DAY), count: 892 },
    { articleId: ids[0], readAt: new Date(now - 3_600_000), count: 1204 },
    { articleId: ids[1], readAt: new Date(now - 3_600_000), count: 1 },
  ]);
});

test.afterAll(() => {
  removeArticles(SOURCE);
});

test("the cards show the comment count and the week's growth, and the feed sorts by comments", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?q=bladderwort");
  await hydrated(page, Boolean(javaScriptEnabled));
  const card = (title: string) => page.locator("article.article-card", { has: page.getByRole("heading", { name: title }) });
  const badge = card(titles.busy).getByText("1,204 comments", { exact: true });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveAttribute("title", /^Comments posted on regulations\.gov in docket EPA-HQ-OW-2025-0, as the Federal Register counted them on /);
  await expect(card(titles.busy).getByText("+312 this week", { exact: true })).toBeVisible();
  await expect(card(titles.single).getByText("1 comment", { exact: true })).toBeVisible();
  await expect(card(titles.uncounted).getByText(/comments?$/)).toHaveCount(0);

  const project = titles.busy.match(/\((.+)\)$/)![1];
  const mine = page.locator("article.article-card h3.card-title").filter({ hasText: `(${project})` });
  await expect(mine).toHaveText([titles.uncounted, titles.single, titles.busy]);
  await page.getByLabel("Sort", { exact: true }).selectOption("most-commented");
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/\?q=bladderwort&sort=most-commented$/);
  await expect(mine).toHaveText([titles.busy, titles.single, titles.uncounted]);
  await expect(page.getByLabel("Sort", { exact: true })).toHaveValue("most-commented");

  // The article page says it in full.
  await page.getByRole("link", { name: titles.busy, exact: true }).click();
  await expect(page.getByRole("heading", { name: titles.busy })).toBeVisible();
  await expect(
    page.getByText(/^1,204 comments \(\+312 this week\) on regulations\.gov, docket EPA-HQ-OW-2025-0, counted by the Federal Register on /),
  ).toBeVisible();
});

test("the open comment periods are ordered by comments through a plain link", async ({ page, javaScriptEnabled }) => {
  await page.goto("/comment-periods");
  await hydrated(page, Boolean(javaScriptEnabled));
  const project = titles.busy.match(/\((.+)\)$/)![1];
  const mine = page.locator("li.period-item h3").filter({ hasText: `(${project})` });
  await expect(page.getByText("Soonest deadline first", { exact: true })).toHaveAttribute("aria-current", "page");
  await expect(mine).toHaveText([titles.busy, titles.single, titles.uncounted]);
  await page.getByRole("link", { name: "Most comments first" }).click();
  await expect(page).toHaveURL(/\/comment-periods\?order=comments$/);
  await expect(page.getByText("Most comments first", { exact: true })).toHaveAttribute("aria-current", "page");
  await expect(mine.first()).toHaveText(titles.busy);
  const busy = page.locator("li.period-item", { has: page.getByRole("heading", { name: titles.busy }) });
  await expect(busy.locator(".period-comments")).toHaveText("1,204 comments · +312 this week");
});
