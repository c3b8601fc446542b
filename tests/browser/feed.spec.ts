import { expect, test, type Page } from "@playwright/test";

const PLACEHOLDER = "Search federal regulations, agencies, executive orders, or policy changes...";

function cards(page: Page) {
  return page.locator("article.article-card");
}

/** Applies the select filters: on change with JavaScript, with the submit button without. */
async function applyFilters(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
}

test("the feed shows the header, 12 cards, trends state, sources and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Federal Deregulation Tracker");
  await expect(page.getByText("PRO", { exact: true })).toBeVisible();
  await expect(page.getByText("LIVE", { exact: true })).toBeVisible();
  await expect(page.getByText("Monitoring 20+ News Sources")).toBeVisible();
  await expect(page.getByPlaceholder(PLACEHOLDER)).toBeVisible();
  for (const name of ["All News", "New Regulations", "Regulatory Rollbacks", "Policy Analysis", "Legal Decisions", "Legislative Action"])
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(12);
  // No analysis in the test database; on the demo data alone the card says its articles are older than 30 days.
  await expect(page.getByRole("region", { name: "30-Day Policy Trends Analysis" })).toContainText(/No analysis yet|more than 30 days ago/);
  await expect(page.getByRole("heading", { name: /Our sources \(\d+\)/ })).toBeVisible();
  const footer = page.getByRole("navigation", { name: "Footer" });
  for (const href of ["/", "/about", "/admin", "/#newsletter"]) await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  const read = cards(page)
    .first()
    .getByRole("link", { name: /Read Original/ });
  await expect(read).toHaveAttribute("target", "_blank");
  await expect(read).toHaveAttribute("rel", "noopener noreferrer");
});

test("category buttons filter and reset to page 1", async ({ page }) => {
  await page.goto("/?page=3");
  await page.getByRole("link", { name: "Regulatory Rollbacks", exact: true }).click();
  await expect(page).toHaveURL(/\?category=regulatory-rollbacks$/);
  await expect(page.getByRole("link", { name: "Regulatory Rollbacks", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(cards(page).first().getByText("Regulatory Rollbacks", { exact: true }).first()).toBeVisible();
  const categoryBadges = await cards(page).locator(".card-top .card-badge").allTextContents();
  expect(categoryBadges.length).toBeGreaterThan(0);
  expect(categoryBadges.every((b) => b === "Regulatory Rollbacks")).toBe(true);
  await page.getByRole("link", { name: "All News", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("priority and time selects filter, keeping the category", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?category=new-regulations&page=2");
  await page.getByLabel("Priority").selectOption("high");
  await applyFilters(page, javaScriptEnabled);
  await expect(page).toHaveURL(/category=new-regulations/);
  await expect(page).toHaveURL(/priority=high/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards(page).first().getByText("High priority")).toBeVisible();
  await page.getByLabel("Time").selectOption("today");
  await applyFilters(page, javaScriptEnabled);
  await expect(page).toHaveURL(/time=today/);
  // The sample documents are from 2025: nothing was published today; the hint says when the newest match was.
  await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
  await expect(page.getByText(/No matching articles today\. The newest match is from [A-Z][a-z]{2} \d{1,2}, 2025/)).toBeVisible();
});

test("search finds and highlights words; the empty state says so", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const search = page.getByPlaceholder(PLACEHOLDER);
  await search.fill("medicaid");
  if (!javaScriptEnabled) await search.press("Enter");
  await expect(page).toHaveURL(/q=medicaid/);
  await expect(cards(page).first().locator("mark").first()).toHaveText(/medicaid/i);
  await search.fill('zzqx "unbalanced (');
  if (!javaScriptEnabled) await search.press("Enter");
  await expect(page.getByRole("heading", { name: "No articles found" })).toBeVisible();
  await expect(page.getByText(/No articles match your search/)).toBeVisible();
});

test("pagination moves between pages as links", async ({ page }) => {
  await page.goto("/");
  const firstTitle = await cards(page).first().locator("h3").textContent();
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(cards(page).first().locator("h3")).not.toHaveText(firstTitle!);
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("long summaries expand with Read more and collapse with Show less", async ({ page }) => {
  await page.goto("/");
  const card = cards(page)
    .filter({ has: page.locator(".summary-block details summary") })
    .first();
  const toggle = card.locator(".summary-block summary");
  const full = card.locator(".summary-block details > :not(summary)");
  await expect(toggle).toHaveAccessibleName("Read more");
  await expect(full).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAccessibleName("Show less");
  await expect(full).toBeVisible();
  // The text is written once: opened, the first part stays and the ellipsis after it goes.
  await expect(card.locator(".summary-block > .summary-short")).toBeVisible();
  await expect(card.locator(".summary-block .summary-cut")).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAccessibleName("Read more");
  await expect(full).toBeHidden();
  await expect(card.locator(".summary-block .summary-cut")).toBeVisible();
});

test("filters work from the keyboard", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  const legal = page.getByRole("link", { name: "Legislative Action", exact: true });
  await legal.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/category=legislative-action/);
  const priority = page.getByLabel("Priority");
  await priority.focus();
  await expect(priority).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Time")).toBeFocused();
  if (!javaScriptEnabled) {
    // On through the other pickers (agency and type show when there are Federal Register documents) to Apply.
    const apply = page.getByRole("button", { name: "Apply filters" });
    for (let presses = 0; presses < 3 && !(await apply.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press("Tab");
    await expect(apply).toBeFocused();
  }
});

test("browser back and forward restore filters", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Legal Decisions", exact: true }).click();
  await expect(page).toHaveURL(/category=legal-decisions/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "All News", exact: true })).toHaveAttribute("aria-current", "page");
  await page.goForward();
  await expect(page.getByRole("link", { name: "Legal Decisions", exact: true })).toHaveAttribute("aria-current", "page");
});

test("about page and 404 page", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { name: "Our mission" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Disclaimer" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Our sources/ })).toBeVisible();
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
