// The database handle and the four ways store modules run a query. Only store modules (`app/<concept>/store*.server.ts`)
// import this file: every read and write goes through them, so nothing above knows which engine answers
// (docs/decisions/028-async-storage-layer.md).
//
// Every call is async, as a server database's is. A transaction is a generator body that yields its steps:
// SQLite (better-sqlite3) runs it synchronously inside BEGIN ... COMMIT, so no other request's statement can slip
// into it between two awaits; a pooled engine awaits each step on the transaction's own connection. The body is
// written once for both.
import { is, SQL } from "drizzle-orm";
import type { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import { openDatabase, type Db } from "../db/client";
import { cachedStatement } from "../db/statement-cache";
import { config } from "./config.server";

declare global {
  // `var`, not `let`: only a var declaration in `declare global` types a property of globalThis.
  var __appDb: Db | undefined;
}

export type { Db };

/** The query builder for this process's database. Build queries with it; run them with `all`, `first` or `execute`. */
export function db(): Db {
  globalThis.__appDb ??= openDatabase(config().DATABASE_URL);
  return globalThis.__appDb;
}

/** A raw prepared statement on this handle, compiled once (db/statement-cache.ts): for hot paths that skip the ORM. */
export function statement(sqlText: string) {
  return cachedStatement(db().$client, sqlText);
}

export * as t from "../db/schema";

/** A built query: a drizzle select, insert, update or delete (with or without `returning`), or raw `sql`. */
type Query = PromiseLike<unknown> | SQL;
/** The rows a query gives: what awaiting a drizzle select (or a `returning` write) yields. */
type RowsOf<Q> = Q extends PromiseLike<infer R> ? (R extends readonly (infer Row)[] ? Row : never) : never;

type Step = { kind: "all" | "first" | "execute"; query: Query };

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

type SqliteTx = SQLiteTransaction<"sync", unknown, Record<string, never>, Record<string, never>>;

/** Every row of a query. */
export function all<Q extends PromiseLike<readonly unknown[]>>(query: Q): Promise<RowsOf<Q>[]>;
export function all<Row>(query: SQL): Promise<Row[]>;
export async function all(query: Query): Promise<unknown[]> {
  return runSqliteStep(db(), { kind: "all", query }) as unknown[];
}

/** The first row of a query, or undefined when there is none. */
export function first<Q extends PromiseLike<readonly unknown[]>>(query: Q): Promise<RowsOf<Q> | undefined>;
export function first<Row>(query: SQL): Promise<Row | undefined>;
export async function first(query: Query): Promise<unknown> {
  return runSqliteStep(db(), { kind: "first", query });
}

/** Runs a write; answers how many rows it changed. */
export async function execute(query: Query): Promise<number> {
  return runSqliteStep(db(), { kind: "execute", query }) as number;
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
 * Runs a body as one transaction: all of its writes or none. `immediate` takes the write lock at the start, for a
 * body that reads and then writes what it read (two processes must not both see "no job queued" and both insert).
 */
export async function transaction<T>(body: TransactionBody<T>, options: { behavior?: "deferred" | "immediate" } = {}): Promise<T> {
  return db().transaction(
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
