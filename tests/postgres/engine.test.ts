// The PostgreSQL engine on a real server: the migrations build every table and column of db/pg/schema.ts, the
// triggers keep the revision counter and the related-list bookkeeping as SQLite's do (the lookup tables are the
// store's: tests/integration/article-indexes.test.ts), and search finds articles through the tsvector column and its
// GIN index.
import { once } from "node:events";
import fs from "node:fs";
import { eq, getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { migratePostgres, openPostgres, type PgDb } from "../../db/pg/client";
import * as schema from "../../db/pg/schema";
import { writeArticleRows, type ArticleRow, type WriteOptions } from "../support/article-rows";
import { createTestDatabase } from "../support/postgres";

/** Migrations db/pg/migrations ships: its journal's entries. */
const shippedMigrations = (JSON.parse(fs.readFileSync("db/pg/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length;

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

let db: PgDb;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase(inject("postgresUrl"));
  drop = database.drop;
  db = openPostgres(database.url, { poolSize: 4 });
  await migratePostgres(db);
});

afterAll(async () => {
  await db?.$client.end();
  await drop?.();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const revision = async () => (await rows<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1`))[0].revision;
const pending = async (id: number) => (await rows(sql`SELECT 1 FROM related_pending WHERE article_id = ${id}`)).length === 1;

/** An article written as an exact row (tests/support/article-rows.ts), read back through drizzle. */
async function insertArticle(fields: Partial<ArticleRow> = {}, options: WriteOptions = {}) {
  const [id] = await writeArticleRows(
    db.$client,
    [
      {
        title: "A rule",
        summary: "",
        category: "regulatory-rollbacks",
        sourceName: "Federal Register",
        publishDate: new Date("2026-03-02T15:04:05.678Z"),
        ...fields,
      },
    ],
    options,
  );
  const [row] = await db.select().from(schema.articles).where(eq(schema.articles.id, id));
  return row;
}

describe("PostgreSQL migrations", () => {
  it("create every table and column of db/pg/schema.ts, with the chosen types", async () => {
    const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
      sql`SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const found = new Map(columns.map((c) => [`${c.table_name}.${c.column_name}`, c.data_type]));
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      for (const [key, column] of Object.entries(getTableColumns(table))) {
        const name = `${getTableName(table)}.${toSnakeCase(key)}`;
        expect(found.get(name), name).toBe(column.getSQLType());
      }
    }
    expect(found.get("articles.publish_date")).toBe("bigint");
    expect(found.get("articles.is_demo")).toBe("boolean");
    expect(found.get("articles.tags")).toBe("jsonb");
    expect(found.get("articles.search_vector")).toBe("tsvector");
  });

  it("create every index of db/pg/schema.ts, and the GIN index for search", async () => {
    const indexes = new Set((await rows<{ indexname: string }>(sql`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).map((r) => r.indexname));
    for (const table of tables) for (const index of getTableConfig(table).indexes) expect(indexes.has(index.config.name!), index.config.name).toBe(true);
    const [search] = await rows<{ indexdef: string }>(sql`SELECT indexdef FROM pg_indexes WHERE indexname = 'articles_search_idx'`);
    expect(search.indexdef).toMatch(/USING gin \(search_vector\)/);
  });

  it("apply once, also when several processes start at the same time", async () => {
    await Promise.all([migratePostgres(db), migratePostgres(db), migratePostgres(db)]);
    const [applied] = await rows<{ n: number }>(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`);
    expect(applied.n).toBe(shippedMigrations);
    expect(await rows(sql`SELECT id FROM article_revision`)).toEqual([{ id: 1 }]);
  });
});

describe("PostgreSQL rows", () => {
  it("read times as Date, lists as arrays, flags as booleans, and counts as numbers, as on SQLite", async () => {
    const before = Date.now();
    const row = await insertArticle({ tags: ["flaring"], agencies: ["EPA"] });
    expect(row.publishDate).toEqual(new Date("2026-03-02T15:04:05.678Z"));
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(row.tags).toEqual(["flaring"]);
    expect(row.isDemo).toBe(false);
    expect(row.aiSummaryAt).toBeNull();
    // Raw SQL sees the same numbers SQLite stores: milliseconds bound and read back as numbers.
    const [raw] = await rows<{ publish_date: number; n: number }>(
      sql`SELECT publish_date, (SELECT count(*) FROM articles WHERE publish_date <= ${Date.parse("2026-03-02T15:04:05.678Z")}) AS n FROM articles WHERE id = ${row.id}`,
    );
    expect(raw.publish_date).toBe(Date.parse("2026-03-02T15:04:05.678Z"));
    expect(typeof raw.n).toBe("number");
  });
});

describe("PostgreSQL triggers, as SQLite's", () => {
  it("move the revision counter when an article is added, changed where related articles look, or removed", async () => {
    const start = await revision();
    const row = await insertArticle();
    expect(await revision()).toBe(start + 1);
    await db
      .update(schema.articles)
      .set({ views: 5, aiSummary: "Short." })
      .where(sql`id = ${row.id}`);
    expect(await revision()).toBe(start + 1);
    await db
      .update(schema.articles)
      .set({ title: "A rule, revised" })
      .where(sql`id = ${row.id}`);
    expect(await revision()).toBe(start + 2);
    await db
      .update(schema.articles)
      .set({ tags: ["ozone"] })
      .where(sql`id = ${row.id}`);
    expect(await revision()).toBe(start + 3);
    await db.delete(schema.articles).where(sql`id = ${row.id}`);
    expect(await revision()).toBe(start + 4);
  });

  it("are the revision counter's and the related lists' only: the lookup tables are the store's (docs/decisions/045)", async () => {
    const names = await rows<{ tgname: string }>(sql`SELECT tgname FROM pg_trigger WHERE tgrelid = 'articles'::regclass AND NOT tgisinternal ORDER BY tgname`);
    expect(names.map((row) => row.tgname)).toEqual([
      "article_revision_after_delete",
      "article_revision_after_insert",
      "article_revision_after_update",
      "related_after_delete",
      "related_after_insert",
      "related_after_update",
    ]);
    // Written without the builder's lookup rows: only a trigger could write them here.
    const row = await insertArticle(
      { agencies: ["Environmental Protection Agency"], documentNumber: "2026-00001", regulationIdNumbers: ["2060-AV83"] },
      { lookups: false },
    );
    for (const table of ["article_agencies", "article_identifiers", "article_rulemakings"])
      expect(await rows(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE article_id = ${row.id}`), table).toEqual([]);
  });

  it("note new and changed articles as pending and drop the related lists a change may make wrong", async () => {
    const a = await insertArticle();
    const b = await insertArticle();
    const c = await insertArticle();
    expect(await pending(a.id)).toBe(true);
    await db.delete(schema.relatedPending);
    // a lists b; c lists a; b's own list is unrelated to a.
    await db.insert(schema.relatedLists).values([{ articleId: a.id }, { articleId: b.id }, { articleId: c.id }]);
    await db.insert(schema.relatedListEntries).values([
      { articleId: a.id, rank: 1, relatedId: b.id, score: 10 },
      { articleId: c.id, rank: 1, relatedId: a.id, score: 8 },
    ]);
    const lists = async () => (await rows<{ article_id: number }>(sql`SELECT article_id FROM related_lists ORDER BY article_id`)).map((r) => r.article_id);

    await db
      .update(schema.articles)
      .set({ views: 3 })
      .where(sql`id = ${a.id}`);
    expect(await lists()).toEqual([a.id, b.id, c.id]);
    expect(await pending(a.id)).toBe(false);

    await db
      .update(schema.articles)
      .set({ summary: "Now about ozone." })
      .where(sql`id = ${a.id}`);
    expect(await lists()).toEqual([b.id]);
    expect(await pending(a.id)).toBe(true);

    await db.insert(schema.relatedLists).values({ articleId: c.id });
    await db.insert(schema.relatedListEntries).values({ articleId: c.id, rank: 1, relatedId: b.id, score: 4 });
    await db.delete(schema.articles).where(sql`id = ${b.id}`);
    expect(await lists()).toEqual([]);
    expect(await rows(sql`SELECT 1 FROM related_list_entries`)).toEqual([]);
  });
});

describe("PostgreSQL triggers once per statement (db/pg/migrations/0019_statement_triggers_plain_words.sql)", () => {
  it("move the revision once and note every article of a multi-row insert as pending; an insert that adds none moves nothing", async () => {
    const start = await revision();
    const rowsOf = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ title: `Batch ${i}`, summary: "", category: "regulatory-rollbacks", sourceName: "Federal Register" }));
    const ids = await writeArticleRows(db.$client, rowsOf(3));
    expect(await revision()).toBe(start + 1);
    for (const id of ids) expect(await pending(id)).toBe(true);
    await db.execute(sql`INSERT INTO articles (title) SELECT title FROM articles WHERE false`);
    expect(await revision()).toBe(start + 1);
  });

  it("keep the agency and identifier counts equal to the lookup tables through multi-row inserts, updates and deletes", async () => {
    const [a, b, c] = await writeArticleRows(
      db.$client,
      [1, 2, 3].map((n) => ({ title: `Counted ${n}`, summary: "", category: "regulatory-rollbacks", sourceName: "Federal Register" })),
      { lookups: false },
    );
    const kept = async () => ({
      agencies: await rows(sql`SELECT agency, count FROM agency_counts WHERE agency LIKE 'Test %' ORDER BY agency`),
      identifiers: await rows(sql`SELECT kind, value, count FROM identifier_counts WHERE value LIKE 'T-%' ORDER BY kind, value`),
    });
    const counted = async () => ({
      agencies: await rows(sql`SELECT agency, count(*)::int AS count FROM article_agencies WHERE agency LIKE 'Test %' GROUP BY agency ORDER BY agency`),
      identifiers: await rows(
        sql`SELECT kind, value, count(*)::int AS count FROM article_identifiers WHERE value LIKE 'T-%' GROUP BY kind, value ORDER BY kind, value`,
      ),
    });
    await db.execute(
      sql`INSERT INTO article_agencies (article_id, agency) VALUES (${a}, 'Test EPA'), (${b}, 'Test EPA'), (${c}, 'Test EPA'), (${a}, 'Test DOE'), (${b}, 'Test DOL')`,
    );
    await db.execute(
      sql`INSERT INTO article_identifiers (article_id, kind, value) VALUES (${a}, 'rin', 'T-R1'), (${b}, 'rin', 'T-R1'), (${c}, 'docket', 'T-D1')`,
    );
    expect(await kept()).toEqual({
      agencies: [
        { agency: "Test DOE", count: 1 },
        { agency: "Test DOL", count: 1 },
        { agency: "Test EPA", count: 3 },
      ],
      identifiers: [
        { kind: "docket", value: "T-D1", count: 1 },
        { kind: "rin", value: "T-R1", count: 2 },
      ],
    });
    // Renamed in one statement: one name gone, one moved, one kept.
    await db.execute(
      sql`UPDATE article_agencies SET agency = CASE agency WHEN 'Test DOE' THEN 'Test DOL' WHEN 'Test EPA' THEN 'Test EPA' ELSE 'Test DOT' END WHERE agency LIKE 'Test %'`,
    );
    await db.execute(sql`UPDATE article_identifiers SET value = 'T-R2' WHERE article_id = ${a}`);
    expect(await kept()).toEqual(await counted());
    expect((await kept()).agencies).toEqual([
      { agency: "Test DOL", count: 1 },
      { agency: "Test DOT", count: 1 },
      { agency: "Test EPA", count: 3 },
    ]);
    await db.execute(sql`DELETE FROM article_agencies WHERE article_id IN (${a}, ${b})`);
    await db.execute(sql`DELETE FROM article_identifiers WHERE value = 'T-R1'`);
    expect(await kept()).toEqual(await counted());
    // The cascade of an article's deletion fires them too.
    await db.delete(schema.articles).where(eq(schema.articles.id, c));
    expect(await kept()).toEqual({ agencies: [], identifiers: [{ kind: "rin", value: "T-R2", count: 1 }] });
  });
});

describe("related_words' plain-ASCII way (db/pg/migrations/0019_statement_triggers_plain_words.sql)", () => {
  it("gives the words 0004_related_words' function gave, for ASCII and other text alike", async () => {
    const original = fs
      .readFileSync("db/pg/migrations/0004_related_words.sql", "utf8")
      .split("--> statement-breakpoint")[0]
      .replace('CREATE FUNCTION "related_words"', 'CREATE OR REPLACE FUNCTION pg_temp."related_words_0004"');
    const client = await db.$client.connect();
    try {
      await client.query(original);
      const ascii = Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join("");
      const texts: [string, string][] = [
        [ascii, ascii.split("").reverse().join("")],
        ["EPA's Rule-Making: 40 CFR 63.1 (2025)", "Hello,  World--42! U.S.A."],
        ["  leading and trailing  ", "--"],
        ["", ""],
        ["Ünïcode AND Straße", "ÉPA İstanbul ΩMEGA x"],
        ["Café RULE", "naïve Ωk Å"],
        ["Emoji 😀 title", "tab\tand\nnewline"],
      ];
      for (const [title, summary] of texts) {
        const { rows: found } = await client.query("SELECT related_words($1, $2) AS now, pg_temp.related_words_0004($1, $2) AS before", [title, summary]);
        expect(found[0].now, JSON.stringify([title, summary])).toEqual(found[0].before);
      }
    } finally {
      client.release();
    }
  });
});

describe("PostgreSQL search", () => {
  const matches = async (query: string) =>
    (await rows<{ id: number }>(sql`SELECT id FROM articles WHERE search_vector @@ to_tsquery('simple', ${query}) ORDER BY id`)).map((r) => r.id);

  it("finds an article by a word of its title, summary, tags or source, and by a prefix", async () => {
    const row = await insertArticle({
      title: "Rescinding the Methane Emissions Standards",
      summary: "Oil and gas operators gain time.",
      tags: ["clean air", "wetlands"],
      sourceName: "Interior Bulletin",
    });
    const other = await insertArticle({ title: "Unrelated notice", tags: ["forestry"] });
    expect(await matches("methane")).toEqual([row.id]);
    expect(await matches("METHANE")).toEqual([row.id]);
    expect(await matches("rescind:*")).toEqual([row.id]);
    expect(await matches("operators")).toEqual([row.id]);
    expect(await matches("wetlands")).toEqual([row.id]);
    expect(await matches("clean & air")).toEqual([row.id]);
    expect(await matches("bulletin")).toEqual([row.id]);
    expect(await matches("forestry")).toEqual([other.id]);
    expect(await matches("quokka")).toEqual([]);
    // The vector follows the row: a new tag is found, the old one no longer.
    await db
      .update(schema.articles)
      .set({ tags: ["estuaries"] })
      .where(sql`id = ${row.id}`);
    expect(await matches("estuaries")).toEqual([row.id]);
    expect(await matches("wetlands")).toEqual([]);
  });

  it("uses the GIN index on a larger table", async () => {
    await writeArticleRows(
      db.$client,
      Array.from({ length: 4000 }, (_, index) => {
        const g = index + 1;
        return {
          title: `Notice ${g} on docket ${g % 97}`,
          summary: `Routine summary number ${g}`,
          category: "other",
          sourceName: "Federal Register",
          originalUrl: `https://example.gov/bulk/${g}`,
          publishDate: new Date(1_767_225_600_000 + g * 60_000),
          tags: ["bulk", `tag${g % 50}`],
        };
      }),
    );
    await insertArticle({ title: "Zebra mussel control rule", tags: ["invasive"] });
    // VACUUM moves the rows just written from the GIN index's pending list into the index proper, as autovacuum would.
    await db.execute(sql`VACUUM ANALYZE articles`);
    const plan = (await rows<{ "QUERY PLAN": string }>(sql`EXPLAIN SELECT id FROM articles WHERE search_vector @@ to_tsquery('simple', 'zebra')`))
      .map((r) => r["QUERY PLAN"])
      .join("\n");
    expect(plan).toMatch(/articles_search_idx/);
    expect(await matches("zebra")).toHaveLength(1);
    expect(await matches("invasive")).toHaveLength(1);
    expect((await matches("tag7")).length).toBe(80);
  });

  it("indexes the articles whose text has characters outside the related-articles ranges", async () => {
    const plain = await insertArticle({ title: "Plain café title — with punctuation" });
    const irregular = await insertArticle({ title: "Emoji 😀 title" });
    const ids = (await rows<{ id: number }>(sql`SELECT id FROM articles WHERE ${sql.raw(schema.RELATED_IRREGULAR_TEXT)}`)).map((r) => r.id);
    expect(ids).toContain(irregular.id);
    expect(ids).not.toContain(plain.id);
  });
});

describe("the PostgreSQL pool", () => {
  it("lives on when the server closes an idle connection, and opens another for the next query", async () => {
    const pool = db.$client;
    const warned: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((message: string) => void warned.push(message));
    try {
      // Two connections at once, so the one left idle is not the one that ends it.
      const idle = await pool.connect();
      const other = await pool.connect();
      const { pid } = (await idle.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0];
      idle.release();
      const closed = once(pool, "error");
      await other.query("SELECT pg_terminate_backend($1)", [pid]);
      other.release();
      const [error] = (await closed) as [Error & { code?: string }];
      expect(error.code).toBe("57P01");
      expect(warned).toEqual([expect.stringMatching(/^\[postgres\] an idle connection was closed by the server: terminating connection/)]);
      expect(await rows<{ one: number }>(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      warn.mockRestore();
    }
  });
});
