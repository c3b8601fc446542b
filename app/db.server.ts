// The database handle and the four ways store modules run a query. Only store modules (`app/<concept>/store*.server.ts`)
// import this file: every read and write goes through them, so nothing above knows which engine answers
// (docs/decisions/028-async-storage-layer.md).
//
// DATABASE_URL chooses the engine (db/engine.ts): SQLite through better-sqlite3, the embedded default, or
// PostgreSQL through a pg pool. Store modules build every query with one builder, typed by the SQLite schema of
// record; on PostgreSQL the builder and the tables (`t`) are drizzle's PostgreSQL ones, column for column the same
// (tests/unit/schema-parity.test.ts), so each query is written once and compiled by its engine's own dialect
// (docs/decisions/030-one-builder-two-dialects.md).
//
// Every call is async, as a server database's is. A transaction is a generator body that yields its steps:
// SQLite runs it synchronously inside BEGIN ... COMMIT, so no other request's statement can slip into it between
// two awaits; PostgreSQL awaits each step on the transaction's own pooled connection. The body is written once.
import { is, sql, SQL } from "drizzle-orm";
import type { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import { openDatabase, type Db } from "../db/client";
import { openPostgres, type PgDb } from "../db/pg/client";
import * as pgSchema from "../db/pg/schema";
import * as sqliteSchema from "../db/schema";
import { config } from "./config.server";

/** The open database: which engine, and its drizzle handle. */
export type OpenDatabase = { engine: "sqlite"; db: Db } | { engine: "postgres"; db: PgDb };

declare global {
  // `var`, not `let`: only a var declaration in `declare global` types a property of globalThis.
  var __appDatabase: OpenDatabase | undefined;
}

export type { Db };

/** This process's database, opened on first use from DATABASE_URL. */
export function database(): OpenDatabase {
  if (!globalThis.__appDatabase) {
    const chosen = config().DATABASE;
    globalThis.__appDatabase =
      chosen.engine === "postgres" ? { engine: "postgres", db: openPostgres(chosen.url) } : { engine: "sqlite", db: openDatabase(chosen.file) };
  }
  return globalThis.__appDatabase;
}

/**
 * Which engine answers: for the few statements each engine spells its own way, and for `t`. Known from
 * DATABASE_URL without opening the database: modules pick their tables at import, and a web process whose database
 * is unreadable must still start and answer 503 from /healthz.
 */
export function engine(): OpenDatabase["engine"] {
  return globalThis.__appDatabase?.engine ?? config().DATABASE.engine;
}

/**
 * The query builder for this process's database. Build queries with it; run them with `all`, `first` or `execute`.
 * On PostgreSQL it is drizzle's PostgreSQL builder under the SQLite builder's type (see the head of this file).
 */
export function db(): Db {
  return database().db as Db;
}

/** Closes the database: the SQLite file, or every connection of the pool. */
export async function closeDatabase() {
  const open = globalThis.__appDatabase;
  globalThis.__appDatabase = undefined;
  if (open?.engine === "sqlite") open.db.$client.close();
  if (open?.engine === "postgres") await open.db.$client.end();
}

/** A raw prepared statement on the SQLite handle, kept once prepared (db/statement-cache.ts): for SQLite's hot paths. */
export function statement(sqlText: string) {
  const open = database();
  if (open.engine !== "sqlite") throw new Error("statement() is SQLite's: on PostgreSQL, run the query with all, first or execute");
  return open.db.$client.prepare(sqlText);
}

/**
 * A text as one string of SQLite's full-text query syntax (FTS5), its quotes doubled: never an operator or a column
 * filter, never a syntax error. The tokenizer reads its words as a phrase.
 */
export function fts5String(text: string) {
  return `"${text.replaceAll('"', '""')}"`;
}

type Schema = typeof sqliteSchema;

/** The tables (and the schema's shared SQL pieces) of the open engine, typed as the SQLite schema of record. */
export const t: Schema = new Proxy({} as Schema, {
  get(_, name) {
    // The PostgreSQL schema re-exports none of the plain constants it shares with the SQLite one.
    const tables: Record<string | symbol, unknown> = engine() === "postgres" ? pgSchema : sqliteSchema;
    return name in tables ? tables[name] : (sqliteSchema as Record<string | symbol, unknown>)[name];
  },
});

/** A built query: a drizzle select, insert, update or delete (with or without `returning`), or raw `sql`. */
type Query = PromiseLike<unknown> | SQL;
/** The rows a query gives: what awaiting a drizzle select (or a `returning` write) yields. */
type RowsOf<Q> = Q extends PromiseLike<infer R> ? (R extends readonly (infer Row)[] ? Row : never) : never;

type Step = { kind: "all" | "first" | "execute"; query: Query };

type SqliteTx = SQLiteTransaction<"sync", unknown, Record<string, never>, Record<string, never>>;

/** Runs one step on SQLite, synchronously: the only way a step may run inside a better-sqlite3 transaction. */
function runSqliteStep(handle: Db | SqliteTx, step: Step): unknown {
  const { kind, query } = step;
  if (is(query, SQL)) {
    if (kind === "all") return handle.all(query);
    if (kind === "first") return handle.get(query);
    return (handle.run(query) as { changes: number }).changes;
  }
  const built = query as unknown as { all(): unknown[]; get(): unknown; run(): { changes: number } };
  if (kind === "all") return built.all();
  if (kind === "first") return built.get();
  return built.run().changes;
}

/** What awaiting a PostgreSQL query gives: rows (a select, a `returning` write) or pg's result (a plain write). */
type PgAnswer = unknown[] | { rows: unknown[]; rowCount: number | null };

/** Runs one step on PostgreSQL, on the pool or on a transaction's connection (`handle`). */
async function runPostgresStep(handle: { execute(query: SQL): PromiseLike<unknown> }, step: Step): Promise<unknown> {
  const { kind, query } = step;
  const answer = (await (is(query, SQL) ? handle.execute(query) : query)) as PgAnswer;
  const rows = Array.isArray(answer) ? answer : answer.rows;
  if (kind === "all") return rows;
  if (kind === "first") return rows[0];
  return Array.isArray(answer) ? answer.length : (answer.rowCount ?? 0);
}

function runStep(step: Step): unknown {
  const open = database();
  return open.engine === "sqlite" ? runSqliteStep(open.db, step) : runPostgresStep(open.db, step);
}

/** Every row of a query. */
export function all<Q extends PromiseLike<readonly unknown[]>>(query: Q): Promise<RowsOf<Q>[]>;
export function all<Row>(query: SQL): Promise<Row[]>;
export async function all(query: Query): Promise<unknown[]> {
  return (await runStep({ kind: "all", query })) as unknown[];
}

/** The first row of a query, or undefined when there is none. */
export function first<Q extends PromiseLike<readonly unknown[]>>(query: Q): Promise<RowsOf<Q> | undefined>;
export function first<Row>(query: SQL): Promise<Row | undefined>;
export async function first(query: Query): Promise<unknown> {
  return runStep({ kind: "first", query });
}

/** Runs a write; answers how many rows it changed. */
export async function execute(query: Query): Promise<number> {
  return (await runStep({ kind: "execute", query })) as number;
}

/**
 * The steps a transaction body yields, each with the same meaning as its async namesake above:
 * `const row = yield* tx.first(tx.db.select()...)`. A body composes others with `yield*`, never with `await`.
 */
export type Transaction = {
  /** The query builder bound to this transaction: build every query of the body with it. */
  db: Db;
  all<Q extends PromiseLike<readonly unknown[]>>(query: Q): Generator<Step, RowsOf<Q>[], unknown>;
  all<Row>(query: SQL): Generator<Step, Row[], unknown>;
  first<Q extends PromiseLike<readonly unknown[]>>(query: Q): Generator<Step, RowsOf<Q> | undefined, unknown>;
  first<Row>(query: SQL): Generator<Step, Row | undefined, unknown>;
  execute(query: Query): Generator<Step, number, unknown>;
};

/** A part of a transaction's body: a generator that yields its steps and returns T, run with `yield*`. */
export type TransactionPart<T> = Generator<Step, T, unknown>;

export type TransactionBody<T> = (tx: Transaction) => TransactionPart<T>;

function transactionSteps(txDb: Db): Transaction {
  return {
    db: txDb,
    *all(query: Query) {
      return (yield { kind: "all", query }) as never;
    },
    *first(query: Query) {
      return (yield { kind: "first", query }) as never;
    },
    *execute(query: Query) {
      return (yield { kind: "execute", query }) as number;
    },
  } as Transaction;
}

/**
 * Every `immediate` transaction on PostgreSQL takes this one lock first (pg_advisory_xact_lock), so such bodies run
 * one at a time across every process, as they do on SQLite, where `immediate` takes the database's write lock.
 */
const IMMEDIATE_LOCK = 2_029_000_002;

/**
 * Runs a body as one transaction: all of its writes or none. `immediate` is for a body that reads and then writes
 * what it read (two processes must not both see "no job queued" and both insert): such bodies never overlap.
 */
export async function transaction<T>(body: TransactionBody<T>, options: { behavior?: "deferred" | "immediate" } = {}): Promise<T> {
  const open = database();
  if (open.engine === "postgres") {
    return open.db.transaction(async (txDb) => {
      if (options.behavior === "immediate") await txDb.execute(sql`SELECT pg_advisory_xact_lock(${IMMEDIATE_LOCK})`);
      const steps = body(transactionSteps(txDb as unknown as Db));
      let next = steps.next();
      while (!next.done) {
        let result: unknown;
        try {
          result = await runPostgresStep(txDb, next.value);
        } catch (error) {
          // PostgreSQL aborts the transaction at a failed statement: the body may clean up, but its writes roll back.
          next = steps.throw(error);
          continue;
        }
        next = steps.next(result);
      }
      return next.value;
    });
  }
  return open.db.transaction(
    (txDb) => {
      const steps = body(transactionSteps(txDb as unknown as Db));
      let next = steps.next();
      while (!next.done) {
        let result: unknown;
        try {
          result = runSqliteStep(txDb as unknown as SqliteTx, next.value);
        } catch (error) {
          // The body may catch a failed step (a unique key already taken) and go on; if it does not, it rolls back.
          next = steps.throw(error);
          continue;
        }
        next = steps.next(result);
      }
      return next.value;
    },
    { behavior: options.behavior ?? "deferred" },
  );
}
