// A database the previous build left (every migration before db/migrations/0022_lookup_rules_in_typescript.sql, or
// PostgreSQL's 0012), its lookup tables filled by that build's triggers, then started by this build: the migration
// drops the triggers and functions that held a rule, keeps the full-text, revision and related-list ones, and its
// TypeScript step rewrites the rows by app/articles/index-rows.ts wherever the dropped SQL wrote something else.
// Runs on the run's engine: SQLite here, PostgreSQL under tests/postgres/vitest.config.ts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate as migrateSqlite } from "drizzle-orm/better-sqlite3/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { openPostgres } from "../../db/pg/client";
import { agencyNames, articleIdentifiers, articleRulemakings } from "~/articles/index-rows";
import { all, db, engine, execute, first, t, type OpenDatabase } from "~/db.server";
import { migrate, migrationsFolder } from "~/schema-store.server";
import { writeArticleRows } from "../support/article-rows";
import { createTestDatabase } from "../support/postgres";

/** The engine's migrations as the previous build shipped them: a copy of the folder up to the lookup rules' one. */
function previousMigrations() {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "previous-migrations-"));
  fs.cpSync(path.resolve(migrationsFolder()), copy, { recursive: true });
  const journalFile = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  // The migrator applies only what is newer than the newest applied: the previous build stops before this one.
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag.endsWith("_lookup_rules_in_typescript")),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return copy;
}

/** A new database of the run's engine at the previous build's migrations. */
async function previousDatabase(): Promise<{ open: OpenDatabase; close(): Promise<void> }> {
  const migrationsFolder = previousMigrations();
  if (engine() === "postgres") {
    const database = await createTestDatabase(process.env.DATABASE_URL!);
    const pg = openPostgres(database.url, { poolSize: 2 });
    await migratePostgres(pg, { migrationsFolder });
    const close = async () => {
      await pg.$client.end();
      await database.drop();
    };
    return { open: { engine: "postgres", db: pg }, close };
  }
  const sqlite = openDatabase(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "previous-build-")), "app.db"));
  migrateSqlite(sqlite, { migrationsFolder });
  const close = async () => {
    sqlite.$client.close();
  };
  return { open: { engine: "sqlite", db: sqlite }, close };
}

const DOCKET = "EPA-HQ-OAR-2021-0317";
let previous: Awaited<ReturnType<typeof previousDatabase>>;
let testDatabase: OpenDatabase | undefined;
const ids: Record<string, number> = {};

/** Articles as the previous build stored them: its triggers write their lookup rows. */
async function storeAsPreviousBuild() {
  let n = 0;
  const article = (fields: Partial<typeof t.articles.$inferInsert>) => {
    n += 1;
    const url = `https://www.federalregister.gov/d/${n}`;
    return {
      title: `Document ${n}`,
      category: "regulatory-rollbacks",
      sourceName: "Federal Register",
      originalUrl: url,
      canonicalUrl: url,
      publishDate: new Date(Date.UTC(2025, 0, n)),
      ...fields,
    };
  };
  const rows = {
    // Identifiers of the ordinary shapes: both rules agree.
    ordinary: article({
      documentNumber: "2025-00001",
      agencies: ["Environmental Protection Agency"],
      regulationIdNumbers: ["2060-av83"],
      docketIds: [DOCKET],
      cfrReferences: ["40 CFR 63", "40 CFR"],
    }),
    // A RIN of no RIN's shape, a docket no address can name, CFR references written otherwise.
    odd: article({
      documentNumber: "2025-00002",
      regulationIdNumbers: ["N/A"],
      docketIds: ["Docket No. RM2024-9", "RM2024-9"],
      cfrReferences: ["40 CFR Part 63", "040 CFR 063"],
    }),
    // Whitespace that is not a space, which SQL's trim() keeps.
    tabbed: article({ documentNumber: "2025-00003", agencies: ["\t"], regulationIdNumbers: ["\t2060-AV84"] }),
    plain: article({ regulationIdNumbers: ["2060-AV83"], agencies: ["Reuters"] }),
  };
  // Through the test builder with only these fields: the previous build's tables lack the columns added since.
  const written = await writeArticleRows(previous.open.db.$client, Object.values(rows), { lookups: false });
  Object.keys(rows).forEach((name, i) => (ids[name] = written[i]));
}

const keysOf = async (id: number) =>
  (await all(db().select({ key: t.articleRulemakings.key }).from(t.articleRulemakings).where(eq(t.articleRulemakings.articleId, id))))
    .map((row) => row.key)
    .sort();

/** What the three tables hold, and what the rules give for the articles as stored. */
async function heldAndRuled() {
  const order = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
  // The fields the rules read, which every build's table has (a later migration may add others).
  const articles = await all(
    db()
      .select({
        id: t.articles.id,
        documentNumber: t.articles.documentNumber,
        agencies: t.articles.agencies,
        regulationIdNumbers: t.articles.regulationIdNumbers,
        docketIds: t.articles.docketIds,
        cfrReferences: t.articles.cfrReferences,
        publishDate: t.articles.publishDate,
        category: t.articles.category,
      })
      .from(t.articles),
  );
  return {
    held: {
      agencies: order(await all(db().select().from(t.articleAgencies))),
      identifiers: order(await all(db().select().from(t.articleIdentifiers))),
      rulemakings: order(await all(db().select().from(t.articleRulemakings))),
    },
    ruled: {
      agencies: order(articles.flatMap((a) => agencyNames(a.agencies).map((agency) => ({ articleId: a.id, agency })))),
      identifiers: order(articles.flatMap((a) => articleIdentifiers(a).map((row) => ({ articleId: a.id, ...row })))),
      rulemakings: order(articles.flatMap((a) => articleRulemakings(a).map((row) => ({ articleId: a.id, ...row })))),
    },
  };
}

/** The names of the triggers on articles and of the functions that held a lookup rule (PostgreSQL). */
async function triggers() {
  if (engine() === "sqlite")
    return (await all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'articles'`)).map((row) => row.name).sort();
  return (await all<{ name: string }>(sql`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = 'articles'::regclass AND NOT tgisinternal`))
    .map((row) => row.name)
    .sort();
}

beforeAll(async () => {
  previous = await previousDatabase();
  testDatabase = globalThis.__appDatabase;
  globalThis.__appDatabase = previous.open;
  await storeAsPreviousBuild();
});

afterAll(async () => {
  globalThis.__appDatabase = testDatabase;
  await previous?.close();
});

describe("the lookup rules' migration", () => {
  it("starts from what the previous build's triggers wrote, which the rules of this build differ from at the edges", async () => {
    expect(await keysOf(ids.ordinary)).toEqual(["2060-AV83"]);
    expect(await keysOf(ids.odd)).toEqual(["N/A"]);
    expect(await triggers()).toEqual(
      expect.arrayContaining(["article_identifiers_after_insert", "article_rulemakings_after_move", "article_agencies_after_update"]),
    );
    const { held, ruled } = await heldAndRuled();
    expect(held).not.toEqual(ruled);
  });

  it("drops the triggers that held a rule and keeps the others; its TypeScript step rewrites every row by this build's rules", async () => {
    await migrate();
    const plumbing = [
      "article_revision_after_delete",
      "article_revision_after_insert",
      "article_revision_after_update",
      "related_after_delete",
      "related_after_insert",
      "related_after_update",
    ];
    const fullText = ["articles_fts_after_delete", "articles_fts_after_insert", "articles_fts_after_update"];
    expect(await triggers()).toEqual((engine() === "sqlite" ? [...plumbing, ...fullText] : plumbing).sort());
    if (engine() === "postgres") {
      const functions = await all<{ name: string }>(
        sql`SELECT proname AS name FROM pg_proc WHERE proname LIKE 'article\\_%' AND proname NOT LIKE 'article\\_search\\_%' AND proname NOT IN ('article_revision_bump', 'article_revision_bump_inserted')`,
      );
      expect(functions).toEqual([]);
    }
    const { held, ruled } = await heldAndRuled();
    expect(held).toEqual(ruled);
    expect(await keysOf(ids.odd)).toEqual(["RM2024-9"]);
    expect(await keysOf(ids.tabbed)).toEqual(["2060-AV84"]);
    expect(await keysOf(ids.plain)).toEqual([]);
    expect(await first(db().select().from(t.appState).where(eq(t.appState.key, "reindex-articles")))).toBeUndefined();
  });

  it("leaves the tables to the store afterwards: a row written without it gets none", async () => {
    const url = "https://www.federalregister.gov/d/raw";
    const raw = (await first(
      db()
        .insert(t.articles)
        .values({
          title: "Raw",
          category: "other",
          sourceName: "x",
          originalUrl: url,
          canonicalUrl: url,
          publishDate: new Date(),
          documentNumber: "2025-00009",
          regulationIdNumbers: ["2060-AV85"],
        })
        .returning({ id: t.articles.id }),
    ))!.id;
    expect(await keysOf(raw)).toEqual([]);
    await execute(db().delete(t.articles).where(eq(t.articles.id, raw)));
  });
});
