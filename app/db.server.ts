// The web process's database handle, opened once (and kept across dev rebuilds).
import { openDatabase, type Db } from "../db/client";
import { cachedStatement } from "../db/statement-cache";
import { config } from "./config.server";

declare global {
  // `var`, not `let`: only a var declaration in `declare global` types a property of globalThis.
  var __appDb: Db | undefined;
}

export function db(): Db {
  globalThis.__appDb ??= openDatabase(config().DATABASE_URL);
  return globalThis.__appDb;
}

/** A raw prepared statement on this handle, compiled once (db/statement-cache.ts): for hot paths that skip the ORM. */
export function statement(sqlText: string) {
  return cachedStatement(db().$client, sqlText);
}

export * as t from "../db/schema";
