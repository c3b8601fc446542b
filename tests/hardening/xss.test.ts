// Script injection: articles, sources, feedback, subscribers, jobs, accounts and invitations whose every text
// field carries a payload, written straight into the database (as if an older version or a hand edit had let
// them through), opened in real Chromium by a visitor and by a signed-in admin; and payloads typed into every
// form, whose values a failed post renders back. Any CSP violation, any payload marker on `window`, any
// dialog or any non-web link on the page fails the test.
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "~/auth/account.server";
import { db, t } from "~/db.server";
import { CHROMIUM_ARGS, chromiumExecutable } from "../browser/chromium.mjs";
import { writeArticleRows } from "../support/article-rows";
import { makeUser, type TestUser } from "../support/auth";
import type { ProductionServer } from "../support/prod-server";
import { insertInvitation, insertSubscriber } from "./fixtures";
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

const REFLECTED = encodeURIComponent(`"><img src=x onerror="window.__pwned=31"></script><script>window.__pwned=32</script>`);

/**
 * The pages a visitor can open (`{invitation}` and `{unsubscribe}` become real tokens of rows whose email is
 * a payload). Routes built elsewhere are added here.
 */
export const XSS_PAGES = [
  "/",
  "/?q=script",
  "/?q=pwned",
  `/?q=${encodeURIComponent("<script>window.__pwned=30</script>")}`,
  "/about",
  "/no-such-page",
  "/feedback",
  "/subscribe",
  "/forgot-password",
  `/reset-password?token=${REFLECTED}`,
  `/invite/${REFLECTED}`,
  "/invite/{invitation}",
  `/unsubscribe?token=${REFLECTED}`,
  "/unsubscribe?token={unsubscribe}",
  "/admin",
];

/** The dashboard and its dialogs, opened signed in as an admin (`{article}`, `{source}`: payload rows). */
export const XSS_ADMIN_PAGES = [
  "/admin",
  "/admin?dialog=account",
  "/admin?dialog=invite",
  "/admin?dialog=tags-{article}",
  "/admin?dialog=delete-source-{source}",
  `/admin?q=${REFLECTED}&feedback=all`,
];

let server: ProductionServer;
let browser: Browser;
let admin: TestUser;
const rows: Record<string, string> = {};

async function seedHostileRows() {
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
  const articles = await writeArticleRows(
    db().$client,
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
  );
  rows.article = String(articles[0]);
  rows.source = String(sources[0].id);
}

/**
 * What the dashboard shows an admin, written by the public (feedback, subscriptions) or by a scrape (source
 * errors, job errors), each field a payload; and the admin's own email and token names.
 */
async function seedAdminRows() {
  db().update(t.sources).set({ status: "error", errorMessage: TEXT_PAYLOADS[1], consecutiveFailures: 3 }).run();
  db()
    .insert(t.feedback)
    .values(
      TEXT_PAYLOADS.map((payload, i) => ({
        type: ["bug", "feature", "source", "other"][i % 4],
        subject: `Pwned subject ${payload}`,
        message: `Pwned message ${payload}`,
        email: `${payload}@example.com`,
        status: i % 3 ? "open" : "resolved",
      })),
    )
    .run();
  db()
    .insert(t.subscribers)
    .values(TEXT_PAYLOADS.map((payload, i) => ({ email: `reader${i}${payload}@example.com`, source: payload, isActive: i % 2 === 0 })))
    .run();
  db()
    .insert(t.jobs)
    .values(
      ["scrape", "backfill", "recategorize", "trends"].map((kind, i) => ({
        kind,
        status: "failed",
        params: { note: TEXT_PAYLOADS[i] },
        error: TEXT_PAYLOADS[i + 4],
        requestedBy: TEXT_PAYLOADS[i + 2],
        finishedAt: new Date(),
      })),
    )
    .run();
  admin = await makeUser("admin");
  db()
    .update(t.users)
    .set({ email: `admin${TEXT_PAYLOADS[3]}@example.com` })
    .where(eq(t.users.id, admin.id))
    .run();
  await createApiToken(admin.id, TEXT_PAYLOADS[0]);
  await createApiToken(admin.id, TEXT_PAYLOADS[9]);
  rows.invitation = insertInvitation(`invitee${TEXT_PAYLOADS[0]}@example.com`, "editor");
  rows.unsubscribe = encodeURIComponent(insertSubscriber(`leaving${TEXT_PAYLOADS[2]}@example.com`, TEXT_PAYLOADS[5]).token);
}

/** A path with its `{row}` placeholders filled in. */
function resolve(path: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => rows[name]);
}

/** A browser context signed in as the admin (its session cookie). */
async function adminContext(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  const [name, value] = [admin.cookie.slice(0, admin.cookie.indexOf("=")), admin.cookie.slice(admin.cookie.indexOf("=") + 1)];
  await context.addCookies([{ name, value, url: server.url }]);
  return context;
}

beforeAll(async () => {
  await seedHostileRows();
  await seedAdminRows();
  server = await serveTestDatabase("xss");
  browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Findings = { violations: string[]; console: string[]; dialogs: string[] };

/** Listens on a page for what an injected script would cause, installed before any of the page's scripts run. */
async function watch(page: Page): Promise<Findings> {
  const findings: Findings = { violations: [], console: [], dialogs: [] };
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) findings.console.push(message.text());
  });
  page.on("dialog", (dialog) => {
    findings.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __cspViolations: string[] }).__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __cspViolations: string[] }).__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`);
    });
  });
  return findings;
}

/** Opens everything a visitor could (details, dialogs are opened by their URL) and collects the violations. */
async function settle(page: Page, findings: Findings) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((details) => (details.open = true)));
  await page.waitForTimeout(100);
  findings.violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

/** Opens a page with CSP-violation, console and dialog listeners installed before any of its scripts run. */
async function openWatched(page: Page, path: string): Promise<Findings> {
  const findings = await watch(page);
  await page.goto(server.url + resolve(path), { waitUntil: "networkidle" });
  await settle(page, findings);
  return findings;
}

/** Nothing injected ran, and the app's own nonce'd scripts did (so the absence of violations means something). */
async function expectNothingInjectedRan(page: Page, findings: Findings) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(findings.violations).toEqual([]);
  expect(findings.console).toEqual([]);
  expect(findings.dialogs).toEqual([]);
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __remixContext?: unknown }).__remixContext))).toBe(true);
}

/** Every link and every src on the page is a web address (or mailto: for links). */
async function expectOnlyWebAddresses(page: Page, label: string) {
  const hrefs = await page.$$eval("a[href]", (links) => links.map((link) => (link as HTMLAnchorElement).href));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) expect(href, `${label}: ${href}`).toMatch(/^(https?:|mailto:)/);
  const sources = await page.$$eval("[src]", (elements) => elements.map((element) => (element as HTMLImageElement).src));
  for (const src of sources) expect(src, `${label}: ${src}`).toMatch(/^https?:/);
  expect(await page.locator("iframe, object, embed").count(), label).toBe(0);
}

describe("script injection in stored articles and sources", () => {
  it.each(XSS_PAGES)("%s runs no injected script and has no CSP violation", async (path) => {
    const page = await browser.newPage();
    await expectNothingInjectedRan(page, await openWatched(page, path));
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
      for (const path of ["/", "/about", "/invite/{invitation}", "/unsubscribe?token={unsubscribe}"]) {
        await page.goto(server.url + resolve(path));
        await expectOnlyWebAddresses(page, `${path} (JavaScript ${javaScriptEnabled ? "on" : "off"})`);
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
    await expect.poll(() => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.length)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });
});

describe("stored script injection against a signed-in admin", () => {
  it.each(XSS_ADMIN_PAGES)("%s runs no injected script and has no CSP violation", async (path) => {
    const context = await adminContext();
    const page = await context.newPage();
    await expectNothingInjectedRan(page, await openWatched(page, path));
    // Signed in: the dashboard itself rendered, not the sign-in form.
    await expect.poll(() => page.getByRole("region", { name: "Admin dashboard" }).count()).toBe(1);
    await context.close();
  });

  it("shows what the public and the feeds wrote as plain text on the dashboard", async () => {
    const context = await adminContext();
    const page = await context.newPage();
    await page.goto(server.url + "/admin?feedback=all");
    const text = await page.locator("main").innerText();
    for (const expected of [
      "Pwned subject <script>window.__pwned=1</script>", // feedback subject
      `Pwned message <img src=x onerror="window.__pwned=2">`, // feedback message
      `"><svg onload=window.__pwned=3>@example.com`, // feedback email
      "reader3</script><script>window.__pwned=4</script>@example.com", // subscriber email
      "Source <script>window.__pwned=1</script>", // source name
      `<img src=x onerror="window.__pwned=2">`, // source error
      "javascript:window.__pwned=20", // source address, not a link
      "&lt;script&gt;window.__pwned=5&lt;/script&gt;", // job error
      "Pwned script <script>window.__pwned=1</script>", // article title
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(await page.locator("main img, main iframe, main svg[onload], main script, main object, main embed").count()).toBe(0);
    await context.close();
  });

  it("never renders a non-web address as a link on the dashboard, with or without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await adminContext({ javaScriptEnabled });
      const page = await context.newPage();
      for (const path of ["/admin", "/admin?dialog=account", "/admin?dialog=tags-{article}"]) {
        await page.goto(server.url + resolve(path));
        await expectOnlyWebAddresses(page, `${path} (JavaScript ${javaScriptEnabled ? "on" : "off"})`);
      }
      await context.close();
    }
  });
});

/**
 * Fields a visitor or an admin types into each form; a failed post renders what was typed back (`echoed`
 * names a field whose value the form shows again; passwords and tokens are not shown again).
 */
const TYPED = `"><img src=x onerror="window.__pwned=40"></textarea></script><script>window.__pwned=41</script>`;
const REFLECTING_FORMS: { path: string; fields: Record<string, string>; echoed?: string; as?: "admin" }[] = [
  { path: "/feedback", fields: { type: "bug", subject: TYPED, message: "short", email: `${TYPED}@example.com` }, echoed: "subject" },
  { path: "/subscribe", fields: { email: TYPED, source: TYPED }, echoed: "email" },
  { path: "/forgot-password", fields: { email: TYPED }, echoed: "email" },
  { path: "/reset-password?token=abc", fields: { token: TYPED, newPassword: "short", confirmPassword: TYPED } },
  { path: "/invite/{invitation}", fields: { password: TYPED, confirmPassword: "other" } },
  { path: "/admin", fields: { intent: "login", email: TYPED, password: TYPED }, echoed: "email" },
  {
    path: "/admin?index",
    fields: { intent: "create-source", name: TYPED, url: `javascript:${TYPED}`, category: "government", keywords: TYPED },
    echoed: "name",
    as: "admin",
  },
  { path: "/admin?dialog=invite", fields: { intent: "invite", email: TYPED, role: "editor" }, echoed: "email", as: "admin" },
];

describe("typed values rendered back after a failed post", () => {
  it.each(REFLECTING_FORMS)("$path ($fields.intent) runs nothing it was sent", async ({ path, fields, echoed, as }) => {
    const context = as === "admin" ? await adminContext() : await browser.newContext();
    const page = await context.newPage();
    const findings = await watch(page);
    // Once the app has settled: a submission during hydration could be taken over by it.
    await page.goto(server.url + resolve(path), { waitUntil: "networkidle" });
    // A native submission (as without JavaScript): the server renders the answer, then the app hydrates it. The
    // answer is awaited by its request, not as "the next navigation": a late client-side address change of the
    // page before (a dialog parameter tidied away) would count as one on a loaded machine.
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && response.request().isNavigationRequest()),
      page.evaluate((fields) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = `${location.pathname}${location.search}`;
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          input.value = value;
          form.append(input);
        }
        document.body.append(form);
        (window as { oldDocument?: boolean }).oldDocument = true;
        form.submit();
      }, fields),
    ]);
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    // The answer's document has replaced the one that posted (it carries no mark), and has settled.
    await page.waitForFunction(() => !(window as { oldDocument?: boolean }).oldDocument);
    await page.waitForLoadState("networkidle");
    if (echoed) {
      const shown = await page.$$eval(`[name="${echoed}"]`, (inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(shown, `the form shows the typed ${echoed} again`).toContain(fields[echoed]);
    }
    await settle(page, findings);
    await expectNothingInjectedRan(page, findings);
    await context.close();
  });
});
