// What a public visitor does beyond reading, with JavaScript on and off: bookmarks and the Saved filter,
// counted Read Original, related articles, feedback and the newsletter signup.
import { expect, test, type Locator, type Page } from "@playwright/test";

function cards(page: Page) {
  return page.locator("article.article-card");
}

/** With JavaScript, waits until React has taken over the feed (the no-JS "Apply filters" button goes away). */
async function ready(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Apply filters" })).toHaveCount(0);
}

async function viewCount(card: Locator) {
  const words = await card.locator("span.inline-icon", { hasText: / views$/ }).textContent();
  return Number(words!.trim().split(" ")[0]);
}

test("bookmarks belong to the visitor, and Saved shows them", async ({ page, browser, javaScriptEnabled, baseURL }) => {
  await page.goto("/");
  await ready(page, javaScriptEnabled);
  const title = await cards(page).nth(1).locator("h3").textContent();
  const toggle = () => cards(page).nth(1).getByRole("button", { name: "Bookmark" });
  await expect(toggle()).toHaveAttribute("aria-pressed", "false");
  // With JavaScript the toggle shows the new state while its request is on its way: the reload below waits for
  // the server's answer, or it would cancel the request it means to check.
  const answered = javaScriptEnabled ? page.waitForResponse((r) => r.request().method() === "PATCH" && new URL(r.url()).pathname.endsWith("/bookmark")) : null;
  await toggle().click();
  await expect(toggle()).toHaveAttribute("aria-pressed", "true");
  await expect(toggle()).toHaveText("Saved");
  if (javaScriptEnabled) {
    expect((await answered)?.ok()).toBe(true);
    // The page is the same for every reader; the card learns after load that this reader saved it.
    await page.reload();
    await ready(page, javaScriptEnabled);
    await expect(toggle()).toHaveAttribute("aria-pressed", "true");
  }

  await page.getByRole("link", { name: "Saved", exact: true }).click();
  await expect(page).toHaveURL(/[?&]saved=1/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().locator("h3")).toHaveText(title!);

  const other = await browser.newContext({ baseURL, javaScriptEnabled });
  const otherPage = await other.newPage();
  await otherPage.goto("/?saved=1");
  await expect(otherPage.getByRole("heading", { name: "No articles found" })).toBeVisible();
  await otherPage.goto("/");
  await expect(cards(otherPage).nth(1).getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "false");
  await other.close();

  await cards(page).first().getByRole("button", { name: "Bookmark" }).click();
  if (javaScriptEnabled) await expect(cards(page)).toHaveCount(0);
  else await page.goto("/?saved=1");
  await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
});

test("Read Original counts one view and leads to the stored original", async ({ page, javaScriptEnabled, request }) => {
  // A view also counts against the reader's address (a reader without a cookie could otherwise count again
  // and again): each mode's reader comes from its own address, as two readers would.
  await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": javaScriptEnabled ? "10.60.0.1" : "10.60.0.2" });
  await page.goto("/");
  await ready(page, javaScriptEnabled);
  const card = () => cards(page).nth(2);
  const id = (await card().getAttribute("id"))!.replace("article-", "");
  // The stored count; the shared page may show one up to a minute old (docs/decisions/013-shared-feed-page.md),
  // and with JavaScript the card shows the stored one once the page has asked for it.
  const storedViews = async () => ((await (await request.get(`/api/feed-state?ids=${id}`)).json()) as { views: Record<string, number> }).views[id];
  const before = await storedViews();
  const link = card().getByRole("link", { name: /Read Original/ });
  if (javaScriptEnabled) await expect(link).toHaveAttribute("href", /^https:\/\/www\.federalregister\.gov\//);
  else await expect(link).toHaveAttribute("href", `/articles/${id}/open`);
  // The sandbox has no internet: the original cannot load, the click and the count are what matter.
  const opened = page.waitForEvent("popup");
  await link.click();
  await (await opened).close();
  await expect.poll(storedViews).toBe(before + 1);
  const shownAfterReload = async () => {
    await page.reload();
    await ready(page, javaScriptEnabled);
    await expect.poll(() => viewCount(card())).toBe(before + 1);
  };
  if (javaScriptEnabled) await shownAfterReload();
  // Opening it again the same day does not count twice.
  const again = page.waitForEvent("popup");
  await card()
    .getByRole("link", { name: /Read Original/ })
    .click();
  await (await again).close();
  await page.waitForTimeout(300);
  expect(await storedViews()).toBe(before + 1);
  if (javaScriptEnabled) await shownAfterReload();
  // The redirect goes to the article's stored address only (checked by a separate visitor).
  const redirect = await request.get(`/articles/${id}/open`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const listed = (await (await request.get("/api/articles?limit=100")).json()) as { id: number; originalUrl: string }[];
  expect(redirect.headers()["location"]).toBe(listed.find((article) => String(article.id) === id)?.originalUrl);
});

test("a related article link goes to its page and highlights it", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?category=new-regulations");
  await ready(page, javaScriptEnabled);
  const feedUrl = page.url();
  const onPage = new Set(await Promise.all((await cards(page).all()).map((c) => c.getAttribute("id"))));
  // The page carries each block's count; the entries come when the block is opened: with JavaScript in place, without
  // it from the article's related page, whose links keep the feed's view.
  let target: { link: Locator; id: string } | undefined;
  for (let i = 0; i < (await cards(page).count()) && !target; i++) {
    const block = cards(page).nth(i).locator("details.related-block");
    if (!(await block.count())) continue;
    const count = Number(/\((\d)\)$/.exec((await block.locator("summary").textContent()) ?? "")?.[1]);
    await block.locator("summary").click();
    if (!javaScriptEnabled) {
      await block.getByRole("link", { name: "Show the related articles" }).click();
      await expect(page).toHaveURL(/\/articles\/\d+\/related\?category=new-regulations$/);
    }
    const links = (javaScriptEnabled ? block : page.getByRole("main")).locator("a.related-link");
    await expect(links).toHaveCount(count);
    for (const link of await links.all()) {
      const id = /\/articles\/(\d+)\/locate\?category=new-regulations$/.exec((await link.getAttribute("href")) ?? "")?.[1];
      if (id && !onPage.has(`article-${id}`)) target = { link, id };
      if (target) break;
    }
    if (!target && !javaScriptEnabled) {
      await page.goto(feedUrl);
    }
  }
  expect(target, "a related article on another page").toBeDefined();
  await target!.link.click();
  await expect(page).toHaveURL(new RegExp(`category=new-regulations.*page=\\d+#article-${target!.id}$`));
  const card = page.locator(`#article-${target!.id}`);
  await expect(card).toBeInViewport();
  if (javaScriptEnabled) {
    await expect(card).toHaveClass(/is-highlighted/);
    await expect(card).not.toHaveClass(/is-highlighted/, { timeout: 4_000 });
  } else {
    await expect(page.locator("article:target")).toHaveAttribute("id", `article-${target!.id}`);
  }
});

test("an article's related page: its list, the way back to the feed, and a 404 for an unknown article", async ({ page }) => {
  const missing = await page.goto("/articles/987654321/related");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  expect((await page.goto("/articles/1-some-slug/related"))?.status()).toBe(404);

  await page.goto("/?category=new-regulations");
  const card = cards(page)
    .filter({ has: page.locator("details.related-block") })
    .first();
  const id = (await card.getAttribute("id"))!.replace("article-", "");
  const title = (await card.locator("h3").textContent())!;
  await page.goto(`/articles/${id}/related?category=new-regulations`);
  await expect(page.getByRole("heading", { name: `Related to "${title}"` })).toBeVisible();
  expect(await page.getByRole("main").locator("a.related-link").count()).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Back to the feed" }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?category=new-regulations#article-${id}$`));
});

test("feedback: each validation message, then success", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await ready(page, javaScriptEnabled);
  await page
    .getByRole("banner")
    .getByRole("button", { name: "Feedback" })
    .or(page.getByRole("link", { name: "Feedback" }))
    .click();
  const form = javaScriptEnabled ? page.getByRole("dialog", { name: "Share Your Feedback" }) : page.locator("main");
  if (!javaScriptEnabled) await expect(page.getByRole("heading", { name: "Share Your Feedback" })).toBeVisible();
  await expect(form.getByLabel("Details *")).toHaveAttribute("rows", "4");
  const submit = () => form.getByRole("button", { name: "Submit Feedback" }).click();

  await submit();
  await expect(page.getByText("Missing Information").last()).toBeVisible();
  await expect(page.getByText("Please fill in all required fields.").last()).toBeVisible();

  await form.getByLabel("Feedback Type *").selectOption("bug");
  await expect(form.getByLabel("Subject *")).toHaveAttribute("placeholder", javaScriptEnabled ? "Brief description of the problem" : "Subject");
  await form.getByLabel("Subject *").fill("Filters reset");
  await submit();
  await expect(page.getByText("Please fill in all required fields.").last()).toBeVisible();
  await expect(form.getByLabel("Subject *")).toHaveValue("Filters reset");

  await form.getByLabel("Details *").fill("Changing the time filter resets the category.");
  await form.getByLabel("Email (optional)").fill("not-an-email");
  await submit();
  await expect(page.getByText("Invalid Email").last()).toBeVisible();
  await expect(page.getByText("Please enter a valid email address.").last()).toBeVisible();
  await expect(form.getByLabel("Details *")).toHaveValue("Changing the time filter resets the category.");

  await form.getByLabel("Email (optional)").fill("reader@example.com");
  await submit();
  await expect(page.getByText("Feedback Submitted").last()).toBeVisible();
  await expect(page.getByText("Thank you for your feedback! We'll review it and get back to you if needed.").last()).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("button", { name: "Feedback" }).click();
    await expect(page.getByRole("dialog").getByLabel("Subject *")).toHaveValue("");
  } else {
    await expect(page).toHaveURL(/\/$/);
  }
});

test("newsletter: invalid email, then subscribed", async ({ page, javaScriptEnabled }, testInfo) => {
  await page.goto("/#newsletter");
  await ready(page, javaScriptEnabled);
  const section = () => page.locator("#newsletter");
  const email = () => page.getByRole("textbox", { name: "Email address" });
  await email().fill("reader-at-example.com");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Please enter a valid email address.").last()).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByText("Invalid Email").last()).toBeVisible();
  await expect(email()).toHaveValue("reader-at-example.com");

  await email().fill(`reader-${testInfo.project.name}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Successfully Subscribed!").last()).toBeVisible();
  await expect(page.getByText(/Check your inbox/).last()).toBeVisible();
  if (!javaScriptEnabled) await expect(section()).toBeVisible();
});
