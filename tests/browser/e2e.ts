// What the browser specs share: the test server's admin, its database (rows a spec needs are written straight
// into it) and outbox, signing in through the API, and waiting for the page's JavaScript. The server itself is
// started by serve.ts, one per run, on E2E_PORT.
import path from "node:path";
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { agencyNames, articleIdentifiers, articleRulemakings } from "~/articles/index-rows";
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

/**
 * Writes the lookup rows (article_agencies, article_identifiers, article_rulemakings) of the articles of one source a
 * spec wrote straight into the database, by the rules the store follows for the articles it stores
 * (app/articles/index-rows.ts, docs/decisions/045).
 */
export function indexArticlesOf(database: Database.Database, sourceName: string) {
  type Row = {
    id: number;
    documentNumber: string | null;
    agencies: string;
    rins: string;
    dockets: string;
    cfrs: string;
    publishDate: number;
    category: string;
  };
  const rows = database
    .prepare(
      `SELECT id, document_number AS documentNumber, agencies, regulation_id_numbers AS rins, docket_ids AS dockets, cfr_references AS cfrs,
         publish_date AS publishDate, category FROM articles WHERE source_name = ?`,
    )
    .all(sourceName) as Row[];
  const agency = database.prepare("INSERT OR IGNORE INTO article_agencies (article_id, agency) VALUES (?, ?)");
  const identifier = database.prepare("INSERT OR IGNORE INTO article_identifiers (article_id, kind, value) VALUES (?, ?, ?)");
  const rulemaking = database.prepare("INSERT OR IGNORE INTO article_rulemakings (article_id, key, publish_date, category) VALUES (?, ?, ?, ?)");
  for (const row of rows) {
    const fields = {
      documentNumber: row.documentNumber,
      agencies: JSON.parse(row.agencies) as unknown,
      regulationIdNumbers: JSON.parse(row.rins) as unknown,
      docketIds: JSON.parse(row.dockets) as unknown,
      cfrReferences: JSON.parse(row.cfrs) as unknown,
      publishDate: new Date(row.publishDate),
      category: row.category,
    };
    for (const name of agencyNames(fields.agencies)) agency.run(row.id, name);
    for (const { kind, value } of articleIdentifiers(fields)) identifier.run(row.id, kind, value);
    for (const { key, publishDate, category } of articleRulemakings(fields)) rulemaking.run(row.id, key, publishDate.getTime(), category);
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

/** With JavaScript, waits until Remix has hydrated the page, so clicks reach React and not the bare HTML. */
export async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled)
    await page.waitForFunction(() => Boolean((window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized));
}

/** The emails the server wrote to its outbox for an address, newest first. */
export function emailsTo(address: string) {
  return outboxMailsTo(path.join(E2E_DIR, "outbox"), address).reverse();
}

/** A plain article (new regulation, medium priority, no tags) from the "E2E" source. */
export function seedArticle(title: string, url: string, publishDate: number) {
  seed(
    `INSERT INTO articles (title, summary, category, priority, tags, source_name, original_url, canonical_url, publish_date)
     VALUES (?, 'A summary.', 'new-regulations', 'medium', '[]', 'E2E', ?, ?, ?)`,
    title,
    url,
    url,
    publishDate,
  );
}
