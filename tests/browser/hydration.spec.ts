// Pages opened directly, as a reader's link opens them: the browser's render agrees with the server's, so React
// hydrates the page without an error and nothing shown changes. A value a component imports from a `.server`
// module is undefined in the browser, so the server says one thing and the browser another.
import { expect, test } from "@playwright/test";
import { hydrated, pageErrors } from "./e2e";

/**
 * The pages a reader reaches without an account, with a text each shows that the server and the browser must agree
 * on, and the status each answers (a link whose token was never sent is not found).
 */
const PAGES: { path: string; shows: string | RegExp; status?: number }[] = [
  { path: "/", shows: "Latest articles" },
  { path: "/?q=rule", shows: /rule/i },
  { path: "/about", shows: /About/ },
  { path: "/ledger", shows: "Ratio (goal 10 : 1)" },
  { path: "/comment-periods", shows: /Open comment periods/ },
  { path: "/subscribe", shows: /Subscribe/ },
  { path: "/alerts", shows: /alert/i },
  { path: "/feedback", shows: /Feedback/ },
  { path: "/confirm-subscription?token=not-a-sent-token", shows: "older than 48 hours", status: 404 },
  { path: "/alerts/confirm?token=not-a-sent-token", shows: "older than 48 hours", status: 404 },
];

for (const { path, shows, status = 200 } of PAGES) {
  test(`${path} opens without a hydration error and shows what the server rendered`, async ({ page, javaScriptEnabled }) => {
    const errors = pageErrors(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await hydrated(page, Boolean(javaScriptEnabled));
    await expect(page.locator("main").getByText(shows).first()).toBeVisible();
    // React reports a mismatch once the page has hydrated; the router being initialized comes after it.
    await page.waitForLoadState("networkidle");
    // The browser logs the document's own status when it is an error; that one is the page's answer, not a fault.
    const ownStatus = `Failed to load resource: the server responded with a status of ${status}`;
    expect(errors.filter((error) => status === 200 || !error.startsWith(ownStatus))).toEqual([]);
  });
}
