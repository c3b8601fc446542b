// Pages opened directly, as a reader's link opens them: the browser's render agrees with the server's, so React
// hydrates the page without an error and nothing shown changes. A value a component imports from a `.server`
// module is undefined in the browser, so the server says one thing and the browser another.
import { expect, test } from "@playwright/test";
import { firstArticlePath, hydrated, pageErrors } from "./e2e";

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

/**
 * The browser's Intl loads its formatting data on first use, 40-85 ms of one task, so the pages a reader opens most
 * write their dates and counts without it (docs/decisions/067-dates-and-counts-without-intl-in-the-browser.md).
 * Each way into Intl is wrapped before the page's scripts run, and every use up to the settled page is named.
 */
test("the feed and an article page hydrate without the browser's Intl", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript the browser formats nothing");
  const articlePath = await firstArticlePath(page);
  await page.addInitScript(() => {
    const used: string[] = [];
    (window as unknown as { __intlUsed: string[] }).__intlUsed = used;
    const note = (name: string) => used.push(`${name} ${new Error().stack?.split("\n")[3]?.trim() ?? ""}`);
    for (const name of ["DateTimeFormat", "NumberFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      if (!Original) continue;
      const Wrapped = function (this: unknown, ...args: unknown[]) {
        note(`Intl.${name}`);
        return new Original(...args);
      } as unknown as typeof Original;
      Object.defineProperty(Intl, name, { value: Wrapped, configurable: true, writable: true });
    }
    const methods: [object, string][] = [
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
      [String.prototype, "localeCompare"],
    ];
    for (const [prototype, name] of methods) {
      const original = (prototype as Record<string, (...args: unknown[]) => unknown>)[name];
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          note(name);
          return original.apply(this, args);
        },
      });
    }
  });
  for (const path of ["/", articlePath, "/?page=2"]) {
    await page.goto(path);
    await hydrated(page, true);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { __intlUsed: string[] }).__intlUsed), path).toEqual([]);
  }
});
