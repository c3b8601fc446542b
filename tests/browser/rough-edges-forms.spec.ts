// Forms a new user meets: a post's outcome (or the panel it opens) is in view next to the control that
// caused it, with JavaScript (toasts, modals) and without (the page returns to an anchor); the filters
// keep the address tidy; the search box follows the URL; sources are edited in place.
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { hydrated, readRow, seed, signIn as signInFrom, seedArticle, seedArticles } from "./e2e";

let loginAddress = 0;

/** A per-project word, so the two projects' data never collide in the shared server. */
const tag = (info: TestInfo) => (info.project.name === "js" ? "pelican" : "wombat");

const signIn = (page: Page) => signInFrom(page, `10.11.${++loginAddress}.1`);

/** A dialog's trigger: a button with JavaScript, a link to ?dialog=… without. */
function trigger(scope: Page | Locator, name: string, javaScriptEnabled: boolean) {
  return scope.getByRole(javaScriptEnabled ? "button" : "link", { name, exact: true });
}

/** A source that has been checked and is failing: its health history must survive an edit. */
function seedSource(name: string, url: string) {
  const { lastInsertRowid } = seed(
    `INSERT INTO sources (name, url, type, category, keywords, status, consecutive_failures, error_message)
     VALUES (?, ?, 'rss', 'news', '["epa"]', 'error', 4, 'HTTP 503 from the feed')`,
    name,
    url,
  );
  return Number(lastInsertRowid);
}

/** Asserts the element lies wholly inside the viewport, as measured in the page. */
async function expectInView(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const height = await locator.page().evaluate(() => window.innerHeight);
      // Within a pixel: layout positions are fractional.
      return box ? { top: box.y >= -1, bottom: box.y + box.height <= height + 1 } : null;
    })
    .toEqual({ top: true, bottom: true });
}

// The wide screen and a phone's: the anchors work whatever the layout puts above them.
for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 400 ? 720 : 844 } });

    test("a delete confirmation and the tag editor open in view, far down the dashboard", async ({ page, javaScriptEnabled }, info) => {
      const word = `${tag(info)}-panels-${width}`;
      const name = `Panel source ${word}`;
      seedSource(name, `https://${word}.example.gov/feed.xml`);
      const title = `The ${word} habitat rule is proposed`;
      await seedArticle(title, `https://example.gov/${word}`, Date.now() - 200 * 86_400_000);
      await signIn(page);
      await page.goto("/admin");
      await trigger(page, `Delete ${name}`, javaScriptEnabled).click();
      const confirm = page.getByRole("dialog", { name: "Delete source" });
      await expectInView(confirm);
      await expectInView(confirm.getByRole("button", { name: "Delete source" }));

      await page.goto(`/admin?q=${word}`);
      const card = page.locator("article.article-card", { hasText: title });
      await trigger(card, "Edit tags", javaScriptEnabled).click();
      const editor = page.getByRole("dialog", { name: `Edit tags: ${title}` });
      await expectInView(editor.getByText(`Edit tags: ${title}`));
      await expectInView(editor.getByText("Common tags"));
    });

    test("a dashboard post's outcome is announced in view, next to its control", async ({ page, javaScriptEnabled }, info) => {
      const word = `${tag(info)}-outcome-${width}`;
      const name = `Outcome source ${word}`;
      const id = seedSource(name, `https://${word}.example.gov/feed.xml`);
      await signIn(page);
      await page.goto("/admin");
      const row = page.locator(`#source-${id}`);
      await row.getByRole("button", { name: `Disable ${name}` }).click();
      await expect(row.getByRole("button", { name: `Enable ${name}` })).toBeVisible();
      // With JavaScript the outcome is a toast; without, a status banner in the row itself.
      const outcome = javaScriptEnabled ? page.getByText("Source disabled").first() : row.getByRole("status");
      await expect(outcome).toContainText("Source disabled");
      await expectInView(outcome);

      // A failure: the message stands by the form, in view, with what was typed.
      const form = page.getByRole("form", { name: "Add New Source" });
      await form.getByLabel("Name").fill(`Unfinished ${word}`);
      await form.getByRole("button", { name: "Add source" }).click();
      await expectInView(form.getByRole("alert"));
      await expect(form.getByRole("alert")).toContainText("Please fill all required fields");
      await expect(form.getByLabel("Name")).toHaveValue(`Unfinished ${word}`);

      // Deleting removes the row: the outcome shows at the top of the source list instead.
      await trigger(page, `Delete ${name}`, javaScriptEnabled).click();
      await page.getByRole("dialog", { name: "Delete source" }).getByRole("button", { name: "Delete source" }).click();
      await expect(page.locator(`#source-${id}`)).toHaveCount(0);
      const deleted = page.getByText(`Source deleted: ${name}`).first();
      await expectInView(deleted);
    });
  });
}

test("a job poll that comes round while a post is on its way never takes the post's outcome with it", async ({ page, javaScriptEnabled }, info) => {
  test.skip(!javaScriptEnabled, "without JavaScript the page does not poll");
  const word = `${tag(info)}-poll`;
  const name = `Poll source ${word}`;
  seedSource(name, `https://${word}.example.gov/feed.xml`);
  // A queued job keeps the dashboard polling; no runner serves the browser tests, so it stays queued.
  const job = readRow<{ id: number }>("INSERT INTO jobs (kind, status, requested_by) VALUES ('trends', 'queued', 'e2e') RETURNING id");
  try {
    await page.clock.install();
    await signIn(page);
    await page.goto("/admin");
    await hydrated(page, true);
    // The reload after the post reaches the server (which hands over the toast), and its answer is held
    // while the page's clock runs through a whole polling interval.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered = () => {};
    const reachedServer = new Promise<void>((resolve) => (answered = resolve));
    await page.route(
      (url) => url.searchParams.get("_data") === "root",
      async (route) => {
        const response = await route.fetch();
        answered();
        await held;
        // The page may have given up on this load (the old behaviour): nothing is left to answer.
        await route.fulfill({ response }).catch(() => undefined);
      },
    );
    await page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
    await page.getByRole("dialog", { name: "Delete source" }).getByRole("button", { name: "Delete source" }).click();
    await reachedServer;
    await page.clock.runFor(10_000);
    release();
    await expect(page.getByText(`Source deleted: ${name}`).first()).toBeVisible();
  } finally {
    seed("DELETE FROM jobs WHERE id = ?", job.id);
  }
});

test("a form's outcome whose reload ends after a later post never replaces that post's outcome", async ({ page, javaScriptEnabled }, info) => {
  test.skip(!javaScriptEnabled, "without JavaScript each post is a page of its own");
  const word = `${tag(info)}-late`;
  const name = `Late source ${word}`;
  const id = seedSource(name, `https://${word}.example.gov/feed.xml`);
  await signIn(page);
  await page.goto("/admin");
  await hydrated(page, true);
  // The reload after the failed add is held until the delete (a page navigation with its own toast) has landed.
  let holding = true;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.searchParams.has("_data"),
    async (route) => {
      if (route.request().method() !== "GET" || !holding) return route.continue();
      const response = await route.fetch();
      await held;
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
  const form = page.getByRole("form", { name: "Add New Source" });
  await form.getByLabel("Name").fill(`Unfinished ${word}`);
  await form.getByRole("button", { name: "Add source" }).click();
  await expect(form.getByRole("alert")).toContainText("Please fill all required fields");
  holding = false;
  await page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
  await page.getByRole("dialog", { name: "Delete source" }).getByRole("button", { name: "Delete source" }).click();
  await expect(page.locator(`#source-${id}`)).toHaveCount(0);
  release();
  await expect(page.getByText(`Source deleted: ${name}`).first()).toBeVisible();
});

test("saved tags are announced in view by their article", async ({ page, javaScriptEnabled }, info) => {
  const word = `${tag(info)}-tagsaved`;
  const title = `The ${word} fisheries rule is withdrawn`;
  await seedArticles([
    {
      title,
      summary: "A summary.",
      category: "regulatory-rollbacks",
      sourceName: "E2E",
      originalUrl: `https://example.gov/${word}`,
      publishDate: new Date(Date.now() - 200 * 86_400_000),
    },
  ]);
  await signIn(page);
  await page.goto(`/admin?q=${word}`);
  const card = page.locator("article.article-card", { hasText: title });
  await trigger(card, "Edit tags", javaScriptEnabled).click();
  const editor = page.getByRole("dialog", { name: `Edit tags: ${title}` });
  await editor.getByLabel("urgent", { exact: true }).check();
  await editor.getByRole("button", { name: "Save tags" }).click();
  const outcome = javaScriptEnabled ? page.getByText("Tags updated").first() : card.getByRole("status");
  await expect(outcome).toContainText("Tags updated");
  await expectInView(outcome);
  await expect(card.getByText("urgent", { exact: true })).toBeVisible();
});

test("a successful subscription is announced in view, by the newsletter form", async ({ page }, info) => {
  await page.goto("/");
  const section = page.locator("#newsletter");
  await section.getByLabel("Email address").fill(`anchor-${tag(info)}-${Date.now()}@example.com`);
  await section.getByRole("button", { name: "Subscribe" }).click();
  const outcome = page.getByText("Successfully Subscribed!").first();
  await expectInView(outcome);
});

test("edit a source in place: validation keeps what was typed, the health history stays", async ({ page, javaScriptEnabled }, info) => {
  const word = `${tag(info)}-edit`;
  const name = `Editable source ${word}`;
  const id = seedSource(name, `https://${word}.example.gov/feed.xml`);
  await signIn(page);
  await page.goto("/admin");
  await trigger(page, `Edit ${name}`, javaScriptEnabled).click();
  const dialog = page.getByRole("dialog", { name: `Edit source: ${name}` });
  await expectInView(dialog.getByLabel("Name"));
  await expect(dialog.getByLabel("Feed URL")).toHaveValue(`https://${word}.example.gov/feed.xml`);
  await expect(dialog.getByLabel("Keywords")).toHaveValue("epa");

  await dialog.getByLabel("Name").fill(`Renamed ${word}`);
  await dialog.getByLabel("Feed URL").fill(`ftp://${word}.example.gov/feed.xml`);
  await dialog.getByRole("button", { name: "Save source" }).click();
  const error = dialog.getByRole("alert");
  await expect(error).toContainText("'url' must be an http(s) URL");
  await expectInView(error);
  await expect(dialog.getByLabel("Name")).toHaveValue(`Renamed ${word}`);
  await expect(dialog.getByLabel("Feed URL")).toHaveValue(`ftp://${word}.example.gov/feed.xml`);

  await dialog.getByLabel("Feed URL").fill(`https://${word}.example.gov/moved.xml`);
  await dialog.getByLabel("Category").selectOption("legal");
  await dialog.getByLabel("Keywords").fill("epa, wetlands");
  await dialog.getByRole("button", { name: "Save source" }).click();
  const row = page.locator(`#source-${id}`);
  await expect(row).toContainText(`Renamed ${word}`);
  await expect(row).toContainText(`https://${word}.example.gov/moved.xml`);
  await expect(row).toContainText("Keywords: epa, wetlands");
  await expect(row).toContainText("legal");
  await expect(row).toContainText("HTTP 503 from the feed");
  const outcome = javaScriptEnabled ? page.getByText("Source updated").first() : row.getByRole("status");
  await expect(outcome).toContainText("Source updated");
  await expectInView(outcome);
  expect(readRow("SELECT consecutive_failures AS failures, type FROM sources WHERE id = ?", id)).toEqual({ failures: 4, type: null });
});

test("filters never put empty or default parameters in the address", async ({ page, javaScriptEnabled }, info) => {
  await page.goto("/");
  const filters = page.getByRole("form", { name: "Filter articles" });
  await filters.getByLabel("Priority").selectOption("high");
  if (!javaScriptEnabled) await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/\?priority=high$/);

  await filters.getByLabel("Priority").selectOption("");
  if (!javaScriptEnabled) await filters.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/\/$/);

  const word = `${tag(info)}-tidy`;
  await page.getByLabel("Search articles").fill(word);
  await page.getByLabel("Search articles").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/\\?q=${word}$`));

  // A hand-written untidy address is answered with its tidy form.
  await page.goto(`/?q=&priority=&time=all&category=legal-decisions&page=1`);
  await expect(page).toHaveURL(/\/\?category=legal-decisions$/);

  await signIn(page);
  await page.goto("/admin");
  const adminFilters = page.getByRole("form", { name: "Filter managed articles" });
  await adminFilters.getByLabel("Search").fill(word);
  await adminFilters.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?q=${word}$`));
});

test("back after a search shows the previous address's words in the search box", async ({ page, javaScriptEnabled }, info) => {
  // Without JavaScript each search is a page of its own, rendered with its own words.
  test.skip(!javaScriptEnabled, "the box is refilled by the page's script");
  const first = `${tag(info)}-first`;
  const second = `${tag(info)}-second`;
  const box = page.getByLabel("Search articles");
  await page.goto("/");
  await box.fill(first);
  await expect(page).toHaveURL(new RegExp(`\\?q=${first}$`));
  await page.getByRole("link", { name: "Legal Decisions" }).click();
  await expect(page).toHaveURL(/category=legal-decisions/);
  await box.fill(second);
  await expect(page).toHaveURL(new RegExp(`q=${second}`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/\\?q=${first}$`));
  await expect(box).toHaveValue(first);
  await page.goForward();
  await expect(box).toHaveValue(second);
});
