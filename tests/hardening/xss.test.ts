// Script injection: articles and sources whose every text field carries a payload, written straight into
// the database (as if an older version or a hand edit had let them through), opened in real Chromium.
// Any CSP violation, any payload marker on `window`, or any non-web link on the page fails the test.
import { chromium, type Browser, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, t } from "../../app/db.server";
import { CHROMIUM_ARGS, chromiumExecutable } from "../browser/chromium.mjs";
import type { ProductionServer } from "../support/prod-server";
import { serveTestDatabase } from "./harness";

/** Each payload, if it ever ran, would set window.__pwned to its own number. */
const TEXT_PAYLOADS = [
  `<script>window.__pwned=1</script>`,
  `<img src=x onerror="window.__pwned=2">`,
  `"><svg onload=window.__pwned=3>`,
  `</script><script>window.__pwned=4</script>`,
  `&lt;script&gt;window.__pwned=5&lt;/script&gt;`,
  `<iframe srcdoc="<script>parent.__pwned=6</script>"></iframe>`,
  `\u2028\u2029<!--<script>window.__pwned=7</script>-->`,
  `{{constructor.constructor('window.__pwned=8')()}}`,
  `<a href="javascript:window.__pwned=9">click</a>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=window.__pwned=10>`,
];

const URL_PAYLOADS = [
  "javascript:window.__pwned=20",
  "JaVaScRiPt:window.__pwned=21",
  " \tjava\nscript:window.__pwned=22",
  "data:text/html,<script>window.__pwned=23</script>",
  "vbscript:msgbox(24)",
];

/** The pages a visitor can open. Routes built elsewhere (article pages, admin screens) are added here. */
export const XSS_PAGES = ["/", "/?q=script", "/?q=pwned", `/?q=${encodeURIComponent("<script>window.__pwned=30</script>")}`, "/about", "/no-such-page"];

let server: ProductionServer;
let browser: Browser;

function seedHostileRows() {
  const now = Date.now();
  const sources = db()
    .insert(t.sources)
    .values(
      TEXT_PAYLOADS.slice(0, 4).map((payload, i) => ({
        name: `Source ${payload}`,
        url: URL_PAYLOADS[i % URL_PAYLOADS.length],
        category: "government",
        keywords: [payload],
      })),
    )
    .returning({ id: t.sources.id })
    .all();
  db()
    .insert(t.articles)
    .values(
      TEXT_PAYLOADS.map((payload, i) => ({
        title: `Pwned script ${payload}`,
        summary: `Script ${payload} ${"padding words to pass the card limit ".repeat(i % 2 ? 8 : 0)}${payload}`,
        category: "new-regulations",
        priority: "high",
        tags: [payload, `script-${i}`],
        sourceId: sources[i % sources.length].id,
        sourceName: `Source ${payload}`,
        originalUrl: URL_PAYLOADS[i % URL_PAYLOADS.length],
        canonicalUrl: `https://hostile.test/${i}`,
        publishDate: new Date(now - i * 60_000),
        aiSummary: payload,
        aiSummaryProvider: "local",
      })),
    )
    .run();
}

beforeAll(async () => {
  seedHostileRows();
  server = await serveTestDatabase("xss");
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Findings = { violations: string[]; console: string[] };

/** Opens a page with CSP-violation and console listeners installed before any of its scripts run. */
async function openWatched(page: Page, path: string): Promise<Findings> {
  const findings: Findings = { violations: [], console: [] };
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) findings.console.push(message.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { __cspViolations: string[] }).__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`);
    });
  });
  await page.goto(server.url + path, { waitUntil: "networkidle" });
  // Hover and open everything a visitor could: details, "Read more".
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  await page.waitForTimeout(100);
  findings.violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
  return findings;
}

describe("script injection in stored articles and sources", () => {
  it.each(XSS_PAGES)("%s runs no injected script and has no CSP violation", async (path) => {
    const page = await browser.newPage();
    const findings = await openWatched(page, path);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(findings.violations).toEqual([]);
    expect(findings.console).toEqual([]);
    // The app itself hydrated: the nonce'd scripts ran, so the absence of violations means something.
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __remixContext?: unknown }).__remixContext))).toBe(true);
    await page.close();
  });

  it("shows the payloads as plain text", async () => {
    const page = await browser.newPage();
    await page.goto(server.url + "/?q=pwned");
    await expect.poll(() => page.locator("article").count()).toBeGreaterThan(0);
    const text = await page.locator("main").innerText();
    expect(text).toContain("<script>window.__pwned=1</script>");
    expect(text).toContain(`<img src=x onerror="window.__pwned=2">`);
    expect(await page.locator("main img, main iframe, main svg[onload], main script").count()).toBe(0);
    await page.close();
  });

  it("never renders a non-web address as a link, with or without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      for (const path of ["/", "/about"]) {
        await page.goto(server.url + path);
        const hrefs = await page.$$eval("a[href]", (links) => links.map((link) => (link as HTMLAnchorElement).href));
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) expect(href, `${path}: ${href}`).toMatch(/^(https?:|mailto:)/);
      }
      await context.close();
    }
  });

  it("catches a script that does get injected (the detector works)", async () => {
    const page = await browser.newPage();
    await openWatched(page, "/about");
    await page.evaluate(() => {
      const img = document.createElement("img");
      img.setAttribute("src", "data:,");
      img.setAttribute("onerror", "window.__pwned = 99");
      img.setAttribute("onload", "window.__pwned = 99");
      document.body.append(img);
    });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length))
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });
});
