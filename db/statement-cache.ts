// Raw prepared statements, compiled once per connection: for the hot paths that run on every feed page and may read
// thousands of rows (the related-articles search and its stored lists, app/articles/related-*.ts), which skip the ORM.
import type Database from "better-sqlite3";
import type { Statement } from "better-sqlite3";

const statementCache = new WeakMap<Database.Database, Map<string, Statement>>();

/** The connection's prepared statement for this SQL, prepared on first use. */
export function cachedStatement(client: Database.Database, sqlText: string): Statement {
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  let prepared = cache.get(sqlText);
  if (!prepared) cache.set(sqlText, (prepared = client.prepare(sqlText)));
  return prepared;
}
