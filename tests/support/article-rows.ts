// Test articles as exact rows, written around the product's insert path (tests/support/articles.ts goes through it):
// for a test that needs stored fields the insert path would compute otherwise (a fixed category, reason or canonical
// URL, hostile text, a row no source would give), or thousands of rows at once. The rows go into a SQLite file that
// another process serves, an open SQLite handle, or a PostgreSQL pool. This is the one test file that writes articles
// with SQL, made from the table declarations (db/schema.ts, db/pg/schema.ts): no column list is copied by hand, and
// a renamed column fails to compile in the tests' fields. The migrations' triggers keep search and the revision as
// they do for the product; article_tags and the lookup tables, which the product's code keeps
// (app/articles/store/insert.server.ts, app/articles/index-rows.ts), are written here by the same rules, and so is
// the comment-count history its store writes with each read (writeCommentCounts).
import Database from "better-sqlite3";
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import type pg from "pg";
import * as pgSchema from "../../db/pg/schema";
import * as sqliteSchema from "../../db/schema";
import { agencyNames, articleIdentifiers, articleRulemakings } from "~/articles/index-rows";

/** An articles row as drizzle inserts it (db/schema.ts, column for column PostgreSQL's: tests/unit/schema-parity.test.ts). */
export type ArticleRow = typeof sqliteSchema.articles.$inferInsert;

/** Every key of T, or of any type of the union T. */
type KeysOf<T> = T extends unknown ? keyof T : never;

/**
 * T with no key that Shape lacks. TypeScript checks excess keys only in an object literal written where the type is
 * known, not in one a `map` callback returns: with this a renamed field fails to compile there too.
 */
export type Exact<T, Shape> = T & Record<Exclude<KeysOf<T>, keyof Shape>, never>;

/** A SQLite database (its file, or an open handle) or a PostgreSQL pool or client. */
export type ArticleDatabase = string | Database.Database | pg.Pool | pg.ClientBase;

let counter = 0;

/** The next test article's own title, summary and address, published a minute after the one before. */
export function nextTestArticle() {
  counter += 1;
  return {
    title: `Test article ${counter}`,
    summary: `Summary of test article ${counter}.`,
    originalUrl: `https://example.gov/articles/${counter}`,
    publishDate: new Date(Date.UTC(2025, 0, 1) + counter * 60_000),
    sourceId: null,
    sourceName: "Test Source",
  };
}

/**
 * A whole row: the next test article, a new regulation of medium priority without tags, then `fields`. The canonical
 * URL is the original one unless given.
 */
export function articleRow(fields: Partial<ArticleRow> = {}): ArticleRow {
  const article = nextTestArticle();
  return { ...article, canonicalUrl: fields.originalUrl ?? article.originalUrl, category: "new-regulations", priority: "medium", tags: [], ...fields };
}

/** The rows of the lookup tables beside one article, by the product's rules (app/articles/index-rows.ts). */
function lookupRows(row: ArticleRow, articleId: number) {
  const fields = {
    documentNumber: row.documentNumber ?? null,
    agencies: row.agencies,
    regulationIdNumbers: row.regulationIdNumbers,
    docketIds: row.docketIds,
    cfrReferences: row.cfrReferences,
    publishDate: row.publishDate,
    category: row.category,
  };
  return [
    ...agencyNames(fields.agencies).map((agency) => ({ table: "agencies" as const, fields: { articleId, agency } })),
    ...articleIdentifiers(fields).map(({ kind, value }) => ({ table: "identifiers" as const, fields: { articleId, kind, value } })),
    ...articleRulemakings(fields).map(({ key, publishDate, category }) => ({
      table: "rulemakings" as const,
      fields: { articleId, key, publishDate, category },
    })),
  ];
}

/** The quoted column names and driver values of the fields given, each mapped by its column as drizzle maps it. */
function columnsOf(table: Table, fields: Record<string, unknown>) {
  const columns = getTableColumns(table);
  const keys = Object.keys(fields).filter((key) => fields[key] !== undefined);
  return keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    const value = fields[key];
    // The schemas name no column: drizzle's snake_case casing names them (db/client.ts).
    return { name: `"${column.keyAsName ? toSnakeCase(column.name) : column.name}"`, value: value === null ? null : column.mapToDriverValue(value) };
  });
}

/**
 * Writes the rows (each `articleRow(fields)`), their article_tags and their lookup rows, all in one transaction on SQLite; answers their
 * ids in order.
 */
export async function writeArticleRows<T extends Partial<ArticleRow>>(
  database: ArticleDatabase,
  fields: Exact<T, ArticleRow>[],
  options: WriteOptions = {},
): Promise<number[]> {
  const rows = fields.map((one: Partial<ArticleRow>) => articleRow(one));
  const lookups = options.lookups ?? true;
  if (typeof database === "string") {
    const handle = new Database(database);
    // The server writes to the same file.
    handle.pragma("busy_timeout = 5000");
    try {
      return writeSqlite(handle, rows, lookups);
    } finally {
      handle.close();
    }
  }
  return database instanceof Database ? writeSqlite(database, rows, lookups) : writePostgres(database, rows, lookups);
}

/**
 * `lookups: false` leaves the lookup tables to the database: one at a build before the lookup rules moved to
 * TypeScript, whose triggers still write them (tests/integration/lookup-migration.test.ts). Only the fields given are
 * written, so such a database needs none of the columns later migrations add.
 */
export type WriteOptions = { lookups?: boolean };

const sqliteLookupTables = {
  agencies: sqliteSchema.articleAgencies,
  identifiers: sqliteSchema.articleIdentifiers,
  rulemakings: sqliteSchema.articleRulemakings,
};
const pgLookupTables = { agencies: pgSchema.articleAgencies, identifiers: pgSchema.articleIdentifiers, rulemakings: pgSchema.articleRulemakings };

function writeSqlite(handle: Database.Database, rows: ArticleRow[], withLookups: boolean): number[] {
  const statements = new Map<string, Database.Statement>();
  /** The insert of these fields (a statement for each set of columns, prepared once) and their values. */
  const insert = (table: Table, fields: Record<string, unknown>, returning = "") => {
    const columns = columnsOf(table, fields);
    const text = `INSERT INTO "${getTableName(table)}" (${columns.map((c) => c.name).join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ${returning}`;
    if (!statements.has(text)) statements.set(text, handle.prepare(text));
    return { statement: statements.get(text)!, values: columns.map((c) => c.value) };
  };
  return handle.transaction(() =>
    rows.map((row) => {
      const article = insert(sqliteSchema.articles, row, "RETURNING id");
      const id = article.statement.pluck().get(...article.values) as number;
      for (const tag of row.tags ?? []) {
        const tagged = insert(sqliteSchema.articleTags, { articleId: id, tag }, "ON CONFLICT DO NOTHING");
        tagged.statement.run(...tagged.values);
      }
      for (const lookup of withLookups ? lookupRows(row, id) : []) {
        const indexed = insert(sqliteLookupTables[lookup.table], lookup.fields, "ON CONFLICT DO NOTHING");
        indexed.statement.run(...indexed.values);
      }
      return id;
    }),
  )();
}

/** PostgreSQL takes at most 65,535 parameters a statement: rows go a few hundred at a time. */
const PG_BATCH = 500;

async function writePostgres(client: pg.Pool | pg.ClientBase, rows: ArticleRow[], withLookups: boolean): Promise<number[]> {
  // One statement per batch: the batch's columns, DEFAULT where a row leaves one out.
  const insert = async (table: Table, batch: Record<string, unknown>[], returning: string) => {
    const perRow = batch.map((fields) => new Map(columnsOf(table, fields).map((c) => [c.name, c.value])));
    const names = [...new Set(perRow.flatMap((columns) => [...columns.keys()]))];
    const values: unknown[] = [];
    const tuples = perRow.map((columns) => `(${names.map((name) => (columns.has(name) ? `$${values.push(columns.get(name))}` : "DEFAULT")).join(", ")})`);
    const text = `INSERT INTO "${getTableName(table)}" (${names.join(", ")}) VALUES ${tuples.join(", ")} ${returning}`;
    return (await client.query<{ id: number; canonical_url: string }>(text, values)).rows;
  };
  const idByAddress = new Map<string, number>();
  for (let start = 0; start < rows.length; start += PG_BATCH) {
    // Ids matched by canonical URL (unique): RETURNING promises no order.
    for (const { id, canonical_url } of await insert(pgSchema.articles, rows.slice(start, start + PG_BATCH), "RETURNING id, canonical_url"))
      idByAddress.set(canonical_url, id);
  }
  const ids = rows.map((row) => idByAddress.get(row.canonicalUrl)!);
  const tags = rows.flatMap((row, i) => (row.tags ?? []).map((tag) => ({ articleId: ids[i], tag })));
  for (let start = 0; start < tags.length; start += PG_BATCH) await insert(pgSchema.articleTags, tags.slice(start, start + PG_BATCH), "ON CONFLICT DO NOTHING");
  const lookups = withLookups ? rows.flatMap((row, i) => lookupRows(row, ids[i])) : [];
  for (const table of ["agencies", "identifiers", "rulemakings"] as const) {
    const batch = lookups.filter((lookup) => lookup.table === table).map((lookup) => lookup.fields);
    for (let start = 0; start < batch.length; start += PG_BATCH)
      await insert(pgLookupTables[table], batch.slice(start, start + PG_BATCH), "ON CONFLICT DO NOTHING");
  }
  return ids;
}

/** A row of an article's comment-count history (article_comment_counts), as drizzle inserts it. */
export type CommentCountRow = typeof sqliteSchema.articleCommentCounts.$inferInsert;

/**
 * Writes rows of the comment-count history, as the store writes them with each read of the Federal Register API
 * (app/articles/store/comment-counts.server.ts): for a test whose articles are written here, with the count on their
 * row (`commentsCount`, `commentsDocketId`, `commentsReadAt`) and the history their growth is read from.
 */
export async function writeCommentCounts(database: ArticleDatabase, rows: CommentCountRow[]): Promise<void> {
  if (!rows.length) return;
  if (database instanceof Database || typeof database === "string") {
    const handle = typeof database === "string" ? new Database(database) : database;
    if (typeof database === "string") handle.pragma("busy_timeout = 5000");
    try {
      handle.transaction(() => {
        for (const row of rows) {
          const columns = columnsOf(sqliteSchema.articleCommentCounts, row);
          handle
            .prepare(`INSERT INTO "article_comment_counts" (${columns.map((c) => c.name).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
            .run(...columns.map((c) => c.value));
        }
      })();
    } finally {
      if (typeof database === "string") handle.close();
    }
    return;
  }
  for (let start = 0; start < rows.length; start += PG_BATCH) {
    const values: unknown[] = [];
    const batch = rows.slice(start, start + PG_BATCH).map((row) => columnsOf(pgSchema.articleCommentCounts, row));
    const names = batch[0].map((c) => c.name);
    const tuples = batch.map((columns) => `(${columns.map((c) => `$${values.push(c.value)}`).join(", ")})`);
    await database.query(`INSERT INTO "article_comment_counts" (${names.join(", ")}) VALUES ${tuples.join(", ")}`, values);
  }
}
