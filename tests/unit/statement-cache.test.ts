// The connection's kept prepared statements (db/statement-cache.ts) on a real SQLite database in memory.
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { describe, expect, it } from "vitest";
import { reusePreparedStatements } from "../../db/statement-cache";

function connection(kept?: number) {
  const client = new Database(":memory:");
  client.exec("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO items (name) VALUES ('a'), ('b'), ('c');");
  reusePreparedStatements(client, kept);
  return client;
}

describe("prepared statements kept per connection", () => {
  it("hands out the statement prepared before for the same SQL text", () => {
    const client = connection();
    const first = client.prepare("SELECT name FROM items ORDER BY id");
    expect(client.prepare("SELECT name FROM items ORDER BY id")).toBe(first);
    expect(client.prepare("SELECT name FROM items ORDER BY id DESC")).not.toBe(first);
  });

  it("returns a kept statement reading rows as objects, whatever mode its last user left it in", () => {
    const client = connection();
    const query = "SELECT id, name FROM items ORDER BY id";
    expect(client.prepare(query).raw().all()).toEqual([
      [1, "a"],
      [2, "b"],
      [3, "c"],
    ]);
    expect(client.prepare(query).all()).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "b" },
      { id: 3, name: "c" },
    ]);
    expect(client.prepare(query).pluck().all()).toEqual([1, 2, 3]);
    expect(client.prepare(query).get()).toEqual({ id: 1, name: "a" });
  });

  it("gives a new statement while the kept one is still being iterated", () => {
    const client = connection();
    const query = "SELECT name FROM items ORDER BY id";
    const iterating = client.prepare(query).pluck().iterate();
    expect(iterating.next().value).toBe("a");
    const other = client.prepare(query);
    expect(other.pluck().all()).toEqual(["a", "b", "c"]);
    expect(iterating.next().value).toBe("b");
    iterating.return?.();
    expect(client.prepare(query)).not.toBe(other);
  });

  it("keeps no more than its bound, dropping the least recently used", () => {
    const client = connection(2);
    const a = client.prepare("SELECT 1");
    const b = client.prepare("SELECT 2");
    expect(client.prepare("SELECT 1")).toBe(a); // now the most recently used
    client.prepare("SELECT 3"); // drops SELECT 2
    expect(client.prepare("SELECT 1")).toBe(a);
    expect(client.prepare("SELECT 2")).not.toBe(b);
  });

  it("serves Drizzle's queries, which prepare their SQL on every run, in both of their row modes", () => {
    const client = connection();
    const prepared: string[] = [];
    const keptPrepare = client.prepare.bind(client);
    const seen = new Set<unknown>();
    client.prepare = ((source: string) => {
      const statement = keptPrepare(source);
      if (!seen.has(statement)) prepared.push(source);
      seen.add(statement);
      return statement;
    }) as typeof client.prepare;
    const db = drizzle(client);
    const query = sql`SELECT id, name FROM items WHERE id >= ${2} ORDER BY id`;
    for (let round = 0; round < 3; round++) {
      expect(db.values(query)).toEqual([
        [2, "b"],
        [3, "c"],
      ]);
      expect(db.all(query)).toEqual([
        { id: 2, name: "b" },
        { id: 3, name: "c" },
      ]);
    }
    expect(prepared).toEqual(["SELECT id, name FROM items WHERE id >= ? ORDER BY id"]);
  });

  it("lets a statement whose table changed prepare itself again, as SQLite does", () => {
    const client = connection();
    const query = "SELECT * FROM items WHERE id = 1";
    expect(client.prepare(query).get()).toEqual({ id: 1, name: "a" });
    client.exec("ALTER TABLE items ADD COLUMN note TEXT DEFAULT 'n'");
    expect(client.prepare(query).get()).toEqual({ id: 1, name: "a", note: "n" });
  });
});
