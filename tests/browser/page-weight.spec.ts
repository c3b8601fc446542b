// The pages' static parts come from files, not from markup per page: the theme's colours, font and radius from
// a stylesheet (no inline <style> of CSS variables), the icons from one sprite that the browser loads and
// draws (its CSP allows it), and no style attribute on the parts drawn with plain elements.
import { expect, test, type Page, type Response } from "@playwright/test";
import { COMPILE_HINT } from "../../scripts/compile-hints";
import { firstArticlePath } from "./e2e";

test("the theme's values reach the page from its stylesheets", async ({ page }) => {
  await page.goto("/");
  expect(await page.locator("style[data-mantine-styles]").count()).toBe(0);
  const styles = await page.evaluate(() => {
    const css = (selector: string, property: string) => getComputedStyle(document.querySelector(selector)!).getPropertyValue(property);
    return {
      // primaryShade 9 of blue, the theme's filled colour.
      currentPage: css('nav[aria-label="Pagination"] [aria-current="page"]', "background-color"),
      subscribe: css('#newsletter button[type="submit"]', "background-color"),
      dimmed: css('section[aria-labelledby="articles-title"] [aria-live="polite"]', "color"),
      bodyFont: css("body", "font-family"),
      cardRadius: css(".article-card", "border-top-left-radius"),
      link: css('footer a[href="/about"]', "color"),
    };
  });
  expect(styles).toEqual({
    currentPage: "rgb(24, 100, 171)",
    subscribe: "rgb(24, 100, 171)",
    dimmed: "rgb(95, 103, 110)",
    bodyFont: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    cardRadius: "8px",
    link: "rgb(24, 100, 171)",
  });
});

/** The scripts a page loads, from its first byte until the network is quiet: each one's address, and its text when it loaded. */
async function scriptsLoaded(page: Page, path: string) {
  const scripts: { path: string; text?: Promise<string> }[] = [];
  const listen = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push({ path: new URL(response.url()).pathname, text: response.ok() ? response.text() : undefined });
  };
  page.on("response", listen);
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  page.off("response", listen);
  return scripts;
}

/** Whether any script the page loads carries Mantine's components (their display names stay in the build). */
async function loadsMantineScript(page: Page, path: string) {
  const texts = await Promise.all((await scriptsLoaded(page, path)).flatMap(({ text }) => (text ? [text] : [])));
  return texts.some((text) => text.includes("@mantine/core/"));
}

test("the public pages load none of Mantine's script; the dashboard does", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scripts are what this counts");
  // Mantine's component code is 40-45 KB of a first load (docs/decisions/055-public-pages-without-mantine.md).
  for (const path of ["/", "/about", "/no-such-page"]) expect(await loadsMantineScript(page, path), path).toBe(false);
  expect(await loadsMantineScript(page, await firstArticlePath(page)), "an article page").toBe(false);
  expect(await loadsMantineScript(page, "/admin")).toBe(true);
});

test("the public pages load their script in a few files, not one per set of routes sharing a module", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scripts are what this counts");
  // The browser entry, the layout, the chunk every page shares (app/shared-chunk.ts, decision 065) and the page's
  // own module; an article page adds the one of its stylesheet's address. Before decision 065, `/` loaded 35.
  const article = await firstArticlePath(page);
  for (const [path, most] of [
    ["/", 4],
    ["/about", 4],
    [article, 5],
  ] as const) {
    const scripts = [...new Set((await scriptsLoaded(page, path)).map((script) => script.path))];
    expect(scripts.length, `${path} loads ${scripts.join(", ")}: a module it imports is missing from app/shared-chunk.ts`).toBeLessThanOrEqual(most);
    expect(scripts.filter((script) => script.startsWith("/build/_shared/")).length, path).toBeGreaterThanOrEqual(1);
  }
});

test("the scripts every page starts with are compiled while they download; a page's own module is not", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "scripts are what this checks");
  // V8's compile hint (scripts/compile-hints.ts, decision 068) on the entry and the chunk it imports, as served.
  const scripts = await scriptsLoaded(page, "/");
  const hinted = await Promise.all(scripts.map(async ({ path, text }) => [path, (await text)?.startsWith(COMPILE_HINT)] as const));
  const startup = hinted.filter(([path]) => /^\/build\/(entry\.client-|_shared\/)/.test(path));
  expect(startup.length).toBeGreaterThanOrEqual(2);
  for (const [path, marked] of startup) expect(marked, path).toBe(true);
  const routeModules = hinted.filter(([path]) => /^\/build\/(root|routes\/)/.test(path));
  expect(routeModules.length).toBeGreaterThanOrEqual(2);
  for (const [path, marked] of routeModules) expect(marked, path).toBe(false);
});

test("the feed's cards off screen are skipped until scrolled near, then drawn", async ({ page }) => {
  // content-visibility in app/styles/app.css (docs/benchmarks.md, "Cards off screen"): a phone's first screen
  // holds the header and filters, so the last card is skipped at load and drawn once scrolled to.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/");
  const last = page.locator(".feed-cards > article.article-card").last();
  // The card's box stays; what it holds is what is skipped.
  const skipped = () => last.locator("h3").evaluate((title) => !title.checkVisibility({ contentVisibilityAuto: true }));
  expect(await skipped()).toBe(true);
  await last.scrollIntoViewIfNeeded();
  await expect.poll(skipped).toBe(false);
  await expect(last.locator("h3")).toBeVisible();
});

test("icons are drawn from one sprite", async ({ page }) => {
  const sprites = new Set<string>();
  page.on("response", (response) => {
    if (/\/icons-[^/]+\.svg$/.test(new URL(response.url()).pathname) && response.ok()) sprites.add(response.url());
  });
  await page.goto("/");
  const icons = page.locator("svg.icon");
  expect(await icons.count()).toBeGreaterThan(20);
  expect(await page.locator("svg.icon :is(path, circle, rect)").count(), "no icon carries its own shapes").toBe(0);
  // A <use> whose symbol did not load has an empty box (counted among the icons laid out, not those in closed <details>).
  await expect
    .poll(() =>
      page.locator("svg.icon use").evaluateAll((uses) => {
        const shown = uses.filter((use) => use.parentElement!.getBoundingClientRect().width > 0);
        return { shown: shown.length > 10, empty: shown.filter((use) => (use as SVGGraphicsElement).getBBox().width === 0).length };
      }),
    )
    .toEqual({ shown: true, empty: 0 });
  expect(await icons.evaluateAll((svgs) => svgs.every((svg) => svg.getAttribute("aria-hidden") === "true"))).toBe(true);
  expect(sprites.size).toBe(1);
});

test("the static parts and the feed's cards carry no style attributes", async ({ page }) => {
  for (const path of ["/", "/about"]) {
    await page.goto(path);
    const styled = await page
      .locator(
        'header.site-header[style], .header-brand [style], footer [style], nav[aria-label="Pagination"] [style], section[aria-labelledby="faq-title"] [style], .related-block [style], main > section.panel:not(#newsletter) [style], #newsletter > :not(form) [style], article.article-card [style], nav[aria-label="Categories"] [style]',
      )
      .count();
    expect(styled, path).toBe(0);
  }
});
