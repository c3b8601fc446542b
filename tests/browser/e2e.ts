// What the browser specs share: the test server's admin, its database (rows a spec needs are written straight
// into it) and outbox, signing in through the API, and waiting for the page's JavaScript. The server itself is
// started by serve.ts, one per run, on E2E_PORT.
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { writeArticleRows, writeCommentCounts, type ArticleRow, type CommentCountRow, type Exact } from "../support/article-rows";
import { outboxMailsTo } from "../support/mail";
import { E2E_ADMIN, E2E_DATABASE, E2E_DIR } from "./e2e-settings";

export { E2E_ADMIN, E2E_DATABASE, E2E_DIR };

export function openDatabase() {
  const sqlite = new Database(E2E_DATABASE);
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

/** Runs one statement on the server's database. */
export function seed(sql: string, ...params: unknown[]) {
  const sqlite = openDatabase();
  try {
    return sqlite.prepare(sql).run(...params);
  } finally {
    sqlite.close();
  }
}

export function readRow<T>(sql: string, ...params: unknown[]) {
  const sqlite = openDatabase();
  try {
    return sqlite.prepare(sql).get(...params) as T;
  } finally {
    sqlite.close();
  }
}

/**
 * Signs the page's browser context in through the API from `clientAddress` (the server trusts X-Forwarded-For
 * here): each spec its own addresses, so the sign-in rate limits of one never reach another.
 */
export async function signIn(page: Page, clientAddress: string, account = E2E_ADMIN) {
  const response = await page.request.post("/api/auth/login", { data: account, headers: { "X-Forwarded-For": clientAddress } });
  expect(response.status()).toBe(200);
}

/** The address of the article on the feed's first card (the page is left on `/`). */
export async function firstArticlePath(page: Page) {
  await page.goto("/");
  return (await page.locator("a.card-title-link").first().getAttribute("href"))!;
}

/** With JavaScript, waits until Remix has hydrated the page, so clicks reach React and not the bare HTML. */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await page.waitForFunction(() => Boolean((window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
}

/** Every error the page logs or throws from now on, hydration mismatches among them (React's #418, #423, #425). */
export function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => void (message.type() === "error" && errors.push(message.text())));
  return errors;
}

/** The emails the server wrote to its outbox for an address, newest first. */
export function emailsTo(address: string) {
  return outboxMailsTo(path.join(E2E_DIR, "outbox"), address).reverse();
}

/** Writes articles into the server's database as exact rows (tests/support/article-rows.ts); answers their ids. */
export function seedArticles<T extends Partial<ArticleRow>>(rows: Exact<T, ArticleRow>[]) {
  return writeArticleRows<T>(E2E_DATABASE, rows);
}

/** Writes rows of the comment-count history into the server's database (through the test builder). */
export function seedCommentCounts(rows: CommentCountRow[]) {
  return writeCommentCounts(E2E_DATABASE, rows);
}

/** A plain article (new regulation, medium priority, no tags) from the "E2E" source. */
export async function seedArticle(title: string, url: string, publishDate: number) {
  await seedArticles([{ title, summary: "A summary.", sourceName: "E2E", originalUrl: url, publishDate: new Date(publishDate) }]);
}

/**
 * Removes the articles of these sources. Foreign keys on, as the product's connection has them (db/client.ts): their
 * article_tags and other rows go with them.
 */
export function removeArticles(...sourceNames: string[]) {
  const sqlite = openDatabase();
  try {
    sqlite.pragma("foreign_keys = ON");
    sqlite.prepare(`DELETE FROM articles WHERE source_name IN (${sourceNames.map(() => "?").join(", ")})`).run(...sourceNames);
  } finally {
    sqlite.close();
  }
}
