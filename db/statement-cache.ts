// Prepared statements kept per connection. Drizzle prepares every query it runs (its better-sqlite3 session calls
// `client.prepare` each time), and SQLite then parses and plans the same SQL on every request: on a rendered feed
// page that was 2.6 % of the web process's CPU (docs/benchmarks.md, "Statements prepared once"). The connection's
// `prepare` is wrapped so the same SQL text gets the statement prepared before, for Drizzle's queries and the
// hand-written hot paths (`statement()` in app/db.server.ts) alike.
import type Database from "better-sqlite3";
import type { Statement } from "better-sqlite3";

/**
 * The most statements kept per connection, the least recently used dropped first: a query whose SQL varies (a list
 * of ids of any length) cannot grow the cache, and each statement kept holds SQLite's compiled program.
 */
export const STATEMENTS_KEPT = 200;

/**
 * Makes `client.prepare` hand out the statement kept for the same SQL text. A kept statement is returned with its
 * row mode back to objects, as a new one would be (Drizzle asks for raw rows with `.raw()` and expects objects when
 * it does not; other callers turn `.pluck()` on each time). A statement still being iterated is busy: the caller
 * then gets a new one, not kept.
 */
export function reusePreparedStatements(client: Database.Database, kept = STATEMENTS_KEPT) {
  const prepare = client.prepare.bind(client);
  const statements = new Map<string, Statement>();
  client.prepare = ((source: string) => {
    const found = statements.get(source);
    if (found && !found.busy) {
      // Moved to the end: the Map's order is the order of use.
      statements.delete(source);
      statements.set(source, found);
      if (found.reader) found.raw(false).pluck(false).expand(false);
      return found;
    }
    const prepared = prepare(source);
    if (!found) {
      statements.set(source, prepared);
      if (statements.size > kept) statements.delete(statements.keys().next().value!);
    }
    return prepared;
  }) as Database.Database["prepare"];
}
