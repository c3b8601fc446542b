// What a new reader is told, with JavaScript on and off: a repeated signup, the AI failure panel on cards with and
// without a summary, an empty Saved view, an empty time filter, links to a missing article, and the cards of
// Federal Register notices that share a title. Rows are written into the test server's database for this spec
// and removed afterwards; the first impression of an install holding only the demo data is checked on a second,
// fresh test server started by this spec.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATABASE, emailsTo, hydrated, removeArticles, seedArticles } from "./e2e";

const SPEC_FALLBACK = "AI summarization is currently unavailable. Please refer to the original article summary above.";
const CHECK_INBOX = /^Check your inbox: we have emailed this address a link to confirm the subscription, or a note if it is already subscribed/;
/** A closed port on loopback: an article page that cannot be read, at once. */
const DEAD_URL = "http://127.0.0.1:1";

let rows: { withSummary: string; withoutSummary: string; lookAlike: string };
let addressCounter = 0;

function card(page: Page, title: string) {
  return page.locator("article.article-card", { has: page.getByRole("heading", { name: title, exact: true }) });
}

/** With JavaScript, waits until React has taken over the page (the forms then post through fetch). */
/** Each test its own client address (the server trusts X-Forwarded-For here), so rate limits stay out of the way. */
function ownAddress(project: string) {
  return { "X-Forwarded-For": `10.61.${project === "js" ? 1 : 2}.${++addressCounter}` };
}

test.beforeAll(async ({}, testInfo) => {
  const project = testInfo.project.name;
  rows = {
    withSummary: `Quillfeather agency withdraws guidance on reporting (${project})`,
    withoutSummary: `Quillfeather agency notice without an abstract (${project})`,
    lookAlike: `Quillfeather Species; Receipt of Recovery Permit Applications (${project})`,
  };
  // A year back: these never top the feed that other spec files read.
  const article = { category: "regulatory-rollbacks", priority: "low", sourceName: "Rough edges E2E", publishDate: new Date(Date.now() - 365 * 86_400_000) };
  const notice = { ...article, title: rows.lookAlike, summary: "", documentType: "Notice" };
  await seedArticles([
    { ...article, title: rows.withSummary, summary: "The agency withdraws its guidance on quarterly reporting.", originalUrl: `${DEAD_URL}/with-${project}` },
    { ...article, title: rows.withoutSummary, summary: "", originalUrl: `${DEAD_URL}/without-${project}` },
    {
      ...notice,
      originalUrl: `${DEAD_URL}/fws-${project}`,
      documentNumber: `E2E-${project}-1`,
      agencies: ["Interior Department", "Fish and Wildlife Service"],
    },
    {
      ...notice,
      originalUrl: `${DEAD_URL}/noaa-${project}`,
      documentNumber: `E2E-${project}-2`,
      agencies: ["National Oceanic and Atmospheric Administration"],
    },
  ]);
});

test.afterAll(() => {
  removeArticles("Rough edges E2E");
});

test("subscribing twice, or with an address already subscribed, answers the same true words", async ({ browser, javaScriptEnabled }, testInfo) => {
  const project = testInfo.project.name;
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: ownAddress(project) });
  const page = await context.newPage();
  const subscribe = async (email: string) => {
    await page.goto("/#newsletter");
    await hydrated(page, javaScriptEnabled);
    await page.getByRole("textbox", { name: "Email address" }).fill(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Successfully Subscribed!").last()).toBeVisible();
    const message = page.getByText(CHECK_INBOX).last();
    await expect(message).toBeVisible();
    await expect(page.getByText("Thank you for subscribing!")).toHaveCount(0);
    return message.textContent();
  };

  const fresh = `new-reader-${project}-${Date.now()}@example.com`;
  const first = await subscribe(fresh);
  await expect.poll(() => emailsTo(fresh).some((mail) => mail.subject.includes("Confirm your subscription"))).toBe(true);

  // An address that is already subscribed: the page says the same; its owner is told by email.
  const known = `known-reader-${project}-${Date.now()}@example.com`;
  const database = new Database(E2E_DATABASE);
  database.prepare("INSERT INTO subscribers (email, source, is_active, confirmed_at) VALUES (?, 'homepage', 1, ?)").run(known, Date.now());
  database.close();
  expect(await subscribe(known)).toBe(first);
  await expect.poll(() => emailsTo(known).some((mail) => mail.text.includes("already subscribed"))).toBe(true);
  await context.close();
});

test("the AI failure panel points at the summary above only on a card that has one", async ({ browser, javaScriptEnabled }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: ownAddress(testInfo.project.name) });
  const page = await context.newPage();
  await page.goto("/?q=quillfeather");
  await hydrated(page, javaScriptEnabled);

  // No summary on the card and no readable page: the request fails for real.
  const bare = card(page, rows.withoutSummary);
  await bare.getByRole("button", { name: /Generate AI Summary/ }).click();
  const panel = bare.getByRole("alert");
  await expect(panel).toContainText("AI Summary Unavailable");
  await expect(panel).toContainText("There is no article text to summarize");
  await expect(panel).toContainText("this article has no summary of its own: please read the original article.");
  await expect(panel).not.toContainText("summary above");

  // A card with its own summary keeps the fixed wording. The failure is the one the server sends a browser
  // without JavaScript back with; with JavaScript the same panel follows an answer that cannot be read.
  const withSummary = card(page, rows.withSummary);
  const id = (await withSummary.getAttribute("id"))!.replace("article-", "");
  if (javaScriptEnabled) {
    await page.route("**/api/articles/*/ai-summary", (route) => route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }));
    await withSummary.getByRole("button", { name: /Generate AI Summary/ }).click();
  } else {
    await page.goto(`/?q=quillfeather&aiSummary=${id}&aiSummaryError=unavailable#article-${id}`);
  }
  await expect(withSummary.getByRole("alert")).toContainText(SPEC_FALLBACK);
  await context.close();
});

test("an empty Saved view says how to save an article, then when the newest saved one is", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?saved=1");
  await hydrated(page, javaScriptEnabled);
  const empty = page.getByRole("status").filter({ hasText: "No articles found" });
  await expect(empty).toContainText("You have not saved any articles yet. To save one, press the Save button with the bookmark");
  await expect(empty).not.toContainText("Try another category");

  await empty.getByRole("link", { name: "Show all articles" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/?q=manatee");
  await hydrated(page, javaScriptEnabled);
  const manatee = page.locator("article.article-card").first();
  // With JavaScript the toggle shows the new state at once: wait for the request that stores it.
  const stored = javaScriptEnabled ? page.waitForResponse((response) => response.url().includes("/bookmark")) : undefined;
  await manatee.getByRole("button", { name: "Bookmark" }).click();
  await stored;
  await expect(manatee.getByRole("button", { name: "Bookmark" })).toHaveAttribute("aria-pressed", "true");

  // Saved, but not today: the hint names the newest saved article's day and links to all time.
  await page.goto("/?saved=1&time=today");
  await expect(empty).toContainText(/No matching articles today\. The newest match is from [A-Z][a-z]{2} \d{1,2}, 2025: show all time/);
  await empty.getByRole("link", { name: "show all time" }).click();
  await expect(page).toHaveURL(/\/\?saved=1$/);
  await expect(page.locator("article.article-card")).toHaveCount(1);
});

test("a time filter that hides every match names the newest match and links to all time", async ({ page, javaScriptEnabled }) => {
  await page.goto("/?q=manatee&time=week");
  await hydrated(page, javaScriptEnabled);
  const empty = page.getByRole("status").filter({ hasText: "No articles found" });
  // The demo sample's newest manatee document was published on 2025-03-14.
  await expect(empty).toContainText("No matching articles this week. The newest match is from Mar 14, 2025: show all time");
  await empty.getByRole("link", { name: "show all time" }).click();
  await expect(page).toHaveURL(/\/\?q=manatee$/);
  await expect(page.getByRole("heading", { name: /Manatee/ }).first()).toBeVisible();
});

test("Read Original and related-article links to a missing article show the 404 page; a JSON client gets JSON", async ({ page, request }) => {
  for (const link of ["/articles/987654321/open", "/articles/987654321/locate", "/articles/not-an-id/open"]) {
    const response = await page.goto(link);
    expect(response?.status(), link).toBe(404);
    expect(response?.headers()["content-type"]).toContain("text/html");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the news feed" })).toBeVisible();
    await expect(page.getByText('{"message"')).toHaveCount(0);
  }
  for (const link of ["/articles/987654321/open", "/articles/987654321/locate"]) {
    const answer = await request.get(link, { headers: { Accept: "application/json" } });
    expect(answer.status()).toBe(404);
    expect(answer.headers()["content-type"]).toContain("application/json");
    expect(await answer.json()).toEqual({ message: "Article not found." });
  }
});

test("cards of Federal Register notices that share a title show what tells them apart", async ({ page }) => {
  await page.goto("/?q=quillfeather");
  const twins = card(page, rows.lookAlike);
  await expect(twins).toHaveCount(2);
  const lines = await twins.locator(".card-register").allTextContents();
  expect(lines.sort()).toEqual([
    expect.stringMatching(/^Notice · Interior Department; Fish and Wildlife Service · Document E2E-(js|no-js)-1$/),
    expect.stringMatching(/^Notice · National Oceanic and Atmospheric Administration · Document E2E-(js|no-js)-2$/),
  ]);

  // The demo sample: many "Sunshine Act Meetings" notices, told apart by their document numbers.
  await page.goto(`/?q=${encodeURIComponent("Sunshine Act Meetings")}`);
  const meetings = card(page, "Sunshine Act Meetings");
  expect(await meetings.count()).toBeGreaterThan(2);
  const numbers = await meetings.locator(".card-register").allTextContents();
  expect(numbers.every((line) => /^Document \d{4}-\d{5}$/.test(line))).toBe(true);
  expect(new Set(numbers).size).toBe(numbers.length);
});

test.describe("an install holding only the demo data", () => {
  let server: ChildProcess | undefined;
  let origin = "";
  let serverPort = 0;

  test.beforeAll(async () => {
    // Starting a second server (migrations, the demo load, a first render) takes longer than a test on a busy
    // machine: the hook waits for it to answer, up to the poll's own bound.
    test.setTimeout(180_000);
    const free = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: chosen } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(chosen));
      });
    });
    serverPort = free;
    origin = `http://127.0.0.1:${free}`;
    server = spawn(process.execPath, ["--import", "tsx", "tests/browser/serve.ts"], { env: { ...process.env, E2E_PORT: String(free) }, stdio: "ignore" });
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/sources`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 150_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (!server) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    fs.rmSync(path.resolve("tests/.tmp", `e2e-${serverPort}`), { recursive: true, force: true });
  });

  test("Today says when the newest article is, and the trends card says the articles are older than 30 days", async ({ page, javaScriptEnabled }) => {
    await page.goto(`${origin}/?time=today`);
    await hydrated(page, javaScriptEnabled);
    const empty = page.getByRole("status").filter({ hasText: "No articles found" });
    // The demo sample's newest document was published on 2025-12-15.
    await expect(empty).toContainText("No articles today. The newest is from Dec 15, 2025: show all time");
    const trends = page.getByRole("region", { name: "30-Day Policy Trends Analysis" });
    await expect(trends).toContainText("The newest article is from Dec 15, 2025, more than 30 days ago, so the last 30 days have no articles to analyse.");
    await expect(trends).not.toContainText("once articles have been collected");
    await empty.getByRole("link", { name: "show all time" }).click();
    await expect(page).toHaveURL(`${origin}/`);
    await expect(page.locator("article.article-card")).toHaveCount(12);
  });
});
