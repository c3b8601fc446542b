// npm run db:copy: a SQLite install filled through the product (the 2,000 Federal Register demo documents and 200
// listing agencies, RINs, dockets and CFR parts, their related lists and lookup tables, accounts, bookmarks, views,
// subscribers, feedback) copied into this file's fresh PostgreSQL database; every row must compare equal, and the
// production web server must answer /api/articles the same from both.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../db/client";
import { addArticle } from "../support/articles";
import { freePort } from "../support/ports";
import { startProductionServer, type ProductionServer } from "../support/prod-server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "db-copy-"));
const sqliteFile = path.join(dir, "app.db");
const postgresUrl = process.env.DATABASE_URL!;

/** Runs `npm run db:copy`'s script in a process of its own, as an operator would. */
function dbCopy(...args: string[]) {
  const result = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/db-copy.ts", ...args], { encoding: "utf8" });
  return { status: result.status, output: result.stdout + result.stderr };
}

/**
 * Fills the SQLite file through the product's own store functions: this process's database handle points at the file
 * for the duration, then back at the PostgreSQL database the test setup migrated (the copy's target).
 */
async function fillSqlite() {
  const target = globalThis.__appDatabase;
  const sqlite = openDatabase(sqliteFile);
  globalThis.__appDatabase = { engine: "sqlite", db: sqlite };
  try {
    // As the app migrates at start: the SQL migrations, then their TypeScript steps (app/schema-store.server.ts).
    const { migrate } = await import("~/schema-store.server");
    await migrate();
    const { seedDefaultSources } = await import("../../scripts/seed");
    const { loadDemo } = await import("../../scripts/demo");
    const { refreshRelatedLists } = await import("~/related/store/lists.server");
    const { createUser } = await import("~/auth/users.server");
    const { setBookmark } = await import("~/articles/store/bookmarks.server");
    const { recordView } = await import("~/articles/store/views.server");
    const { addActiveSubscriber } = await import("~/newsletter/store.server");
    const { createFeedback } = await import("~/feedback/store.server");
    const { recordCommentReads } = await import("~/articles/store/comment-counts.server");
    const { transaction } = await import("~/db.server");

    await seedDefaultSources();
    expect((await loadDemo()).inserted).toBe(2_000);
    // The demo sample lists no agency, RIN, docket or CFR part: documents that do, for the lookup tables.
    const { insertArticles } = await import("~/ingest/insert.server");
    const listed = Array.from({ length: 200 }, (_, i) => {
      const number = `2025-9${String(i).padStart(4, "0")}`;
      return {
        title: `Listed document ${i}`,
        summary: "A document listing its identifiers.",
        originalUrl: `https://www.federalregister.gov/documents/2025/01/02/${number}/listed-document`,
        publishDate: new Date(Date.UTC(2025, 0, 2 + (i % 28))),
        sourceId: null,
        sourceName: "Federal Register (sample)",
        documentNumber: number,
        documentType: "Rule",
        agencies: [`Agency ${i % 7}`],
        regulationIdNumbers: i % 3 ? [`2060-A${String(i % 40).padStart(3, "0")}`] : [],
        docketIds: [`EPA-HQ-OAR-2025-${String(i % 50).padStart(4, "0")}`],
        cfrReferences: [`40 CFR ${60 + (i % 9)}`],
      };
    });
    expect((await insertArticles(listed)).filter((outcome) => outcome.status === "inserted")).toHaveLength(200);
    // Half the related lists, as a job runner part-way through leaves them: filled lists and pending articles both.
    while ((sqlite.$client.prepare("SELECT count(*) FROM related_lists").pluck().get() as number) < 1_000) await refreshRelatedLists(500);
    await createUser("admin@example.com", "correct horse battery staple", "admin");
    await createUser("editor@example.com", "another long enough password", "editor");
    const ids = sqlite.$client.prepare("SELECT id FROM articles ORDER BY id LIMIT 40").pluck().all() as number[];
    for (const [i, id] of ids.entries()) {
      await setBookmark(`visitor-${i % 3}`, id, true);
      await recordView([`visitor-${i % 5}`], id);
    }
    // Comment counts and their history, as reads of the Federal Register API store them: two reads two days apart.
    for (const [days, count] of [
      [2, 10],
      [0, 25],
    ])
      await transaction((tx) =>
        recordCommentReads(
          tx,
          ids.slice(0, 5).map((articleId, i) => ({
            articleId,
            count: count * (i + 1),
            docketId: `EPA-HQ-OAR-2025-00${i}`,
            readAt: new Date(Date.now() - days * 86_400_000),
          })),
        ),
      );
    await addActiveSubscriber("reader@example.com", "test", new Date());
    await createFeedback({ type: "bug", subject: "Copy", message: "A row with text: é, “quotes”, emoji 🚀", email: null });
    // A deleted article leaves the AUTOINCREMENT counter above max(id): the copy must not give its id again.
    sqlite.$client.prepare("DELETE FROM articles WHERE id = (SELECT max(id) FROM articles)").run();
  } finally {
    sqlite.$client.close();
    globalThis.__appDatabase = target;
  }
}

/** Where two JSON answers first part: the path and both values, for a readable failure. */
function firstDifference(left: unknown, right: unknown, at = "$"): string {
  if (JSON.stringify(left) === JSON.stringify(right)) return "";
  if (left && right && typeof left === "object" && typeof right === "object") {
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      const found = firstDifference((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return `${at}: SQLite ${JSON.stringify(left)?.slice(0, 120)} / PostgreSQL ${JSON.stringify(right)?.slice(0, 120)}`;
}

const servers: { sqlite?: ProductionServer; postgres?: ProductionServer } = {};

beforeAll(async () => {
  await fillSqlite();
}, 300_000);

afterAll(async () => {
  await servers.sqlite?.stop();
  await servers.postgres?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm run db:copy", () => {
  it("copies every table into the migrated PostgreSQL database and finds every row equal", () => {
    const copy = dbCopy("--from", sqliteFile, "--to", postgresUrl);
    expect(copy.output).toContain("All 37 tables are equal, row by row.");
    expect(copy.status).toBe(0);
    for (const table of [
      "articles",
      "article_tags",
      "article_agencies",
      "article_identifiers",
      "article_rulemakings",
      "related_lists",
      "related_list_entries",
      "related_pending",
      "users",
      "bookmarks",
    ])
      expect(copy.output).toMatch(new RegExp(`ok +${table} `));
    expect(copy.output).toMatch(/ok +articles +SQLite +2199 +PostgreSQL +2199/);
  }, 120_000);

  it("carries lookup rows that PostgreSQL, writing them by the same rules (docs/decisions/045), writes alike", async () => {
    const { all, db, execute, t } = await import("~/db.server");
    const { reindexAllArticlesWhenAsked } = await import("~/articles/store/article-indexes.server");
    const tables = ["article_agencies", "article_identifiers", "article_rulemakings"];
    const held = async () =>
      Promise.all(tables.map(async (table) => (await all(sql`SELECT * FROM ${sql.identifier(table)}`)).map((row) => JSON.stringify(row)).sort()));
    const copied = await held();
    for (const [i, rows] of copied.entries()) expect(rows.length, tables[i]).toBeGreaterThan(100);
    for (const table of tables) await execute(sql`DELETE FROM ${sql.identifier(table)}`);
    await execute(db().insert(t.appState).values({ key: "reindex-articles", value: true }));
    expect(await reindexAllArticlesWhenAsked()).toBe(2_199);
    expect(await held()).toEqual(copied);
  }, 120_000);

  it("refuses to overwrite a database that holds articles unless told to, and then copies again", () => {
    const refused = dbCopy("--from", sqliteFile, "--to", postgresUrl);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain("pass --replace");
    const replaced = dbCopy("--from", sqliteFile, "--to", postgresUrl, "--replace");
    expect(replaced.output).toContain("All 37 tables are equal, row by row.");
    expect(replaced.status).toBe(0);
  }, 120_000);

  it("reports a clear error for a missing file, a URL that is not PostgreSQL's, and a server that does not answer", () => {
    expect(dbCopy("--from", path.join(dir, "missing.db"), "--to", postgresUrl).output).toContain("no SQLite database at");
    expect(dbCopy("--from", sqliteFile, "--to", "mysql://localhost/app").output).toContain("--to");
    const unreachable = dbCopy("--from", sqliteFile, "--to", "postgres://nobody@127.0.0.1:1/none");
    expect(unreachable.output).toContain("cannot reach the server (ECONNREFUSED)");
    expect(unreachable.status).toBe(1);
  }, 60_000);

  it("serves the same /api/articles pages and filters from the SQLite file and from its PostgreSQL copy", async () => {
    const differing = await compareAnswers([
      "",
      "?limit=100",
      "?limit=50&offset=1500",
      "?category=new-regulations&limit=200",
      "?priority=high&limit=200",
      "?category=regulatory-rollbacks&priority=medium&offset=10&limit=30",
      "?category=legal-decisions&limit=100",
    ]);
    expect(differing).toEqual([]);
    expect(servers.postgres!.alarmingLines).toEqual([]);
  }, 300_000);

  it("serves the same /api/articles search answers from both", async () => {
    const differing = await compareAnswers(["?search=medicaid&limit=100", "?search=energy&priority=high&limit=100"]);
    expect(differing).toEqual([]);
  }, 300_000);

  // Last: it adds an article to the copy, which the comparisons above must not see.
  it("keeps ids and moves each identity past them, and past deleted SQLite ids", async () => {
    const id = await addArticle({ originalUrl: "https://example.com/after-copy" });
    expect(id).toBe(2_201);
  });
});

/** The production server on each database, started once for the comparisons. */
async function startServers() {
  if (servers.sqlite && servers.postgres) return;
  [servers.sqlite, servers.postgres] = await Promise.all([
    startProductionServer({ port: await freePort(), databaseFile: sqliteFile }),
    startProductionServer({ port: await freePort(), databaseFile: path.join(dir, "pg.db"), env: { DATABASE_URL: postgresUrl } }),
  ]);
}

/** Fetches each query from both servers; answers the queries whose status, total, next link or articles differ. */
async function compareAnswers(queries: string[]): Promise<string[]> {
  await startServers();
  const differing: string[] = [];
  for (const query of queries) {
    const [fromSqlite, fromPostgres] = await Promise.all(
      [servers.sqlite!, servers.postgres!].map(async (server) => {
        const response = await fetch(`${server.url}/api/articles${query}`);
        const body = await response.text();
        return { status: response.status, total: response.headers.get("x-total-count"), next: response.headers.get("link"), body };
      }),
    );
    expect(fromSqlite.status, query).toBe(200);
    const articles = JSON.parse(fromSqlite.body) as unknown[];
    expect(articles.length, query).toBeGreaterThan(0);
    if (JSON.stringify(fromSqlite) === JSON.stringify(fromPostgres)) continue;
    const parsed = (answer: typeof fromSqlite) => ({
      ...answer,
      body: answer.status === 200 ? (JSON.parse(answer.body) as unknown) : answer.body.slice(0, 200),
    });
    differing.push(`${query}: ${firstDifference(parsed(fromSqlite), parsed(fromPostgres))}`);
  }
  return differing;
}
