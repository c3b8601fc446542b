// The four ways a store runs a query (app/db.server.ts), on this run's engine.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { all, db, execute, first, t, transaction, type Transaction } from "~/db.server";

const KEY = "storage-test";

function* readValue(tx: Transaction) {
  const row = yield* tx.first(tx.db.select().from(t.appState).where(eq(t.appState.key, KEY)));
  return row?.value as { n: number } | undefined;
}

describe("the storage primitives", () => {
  it("read rows, one row, and count the rows a write changed", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, KEY)));
    expect(await first(db().select().from(t.appState).where(eq(t.appState.key, KEY)))).toBeUndefined();
    await execute(
      db()
        .insert(t.appState)
        .values({ key: KEY, value: { n: 1 }, updatedAt: new Date() }),
    );
    const rows = await all(db().select().from(t.appState).where(eq(t.appState.key, KEY)));
    expect(rows.map((row) => row.value)).toEqual([{ n: 1 }]);
    expect(
      await execute(
        db()
          .update(t.appState)
          .set({ value: { n: 2 } })
          .where(eq(t.appState.key, KEY)),
      ),
    ).toBe(1);
    expect(
      await execute(
        db()
          .update(t.appState)
          .set({ value: { n: 3 } })
          .where(eq(t.appState.key, "no-such-key")),
      ),
    ).toBe(0);
    expect(await first<{ n: number }>(sql`SELECT 41 + 1 AS n`)).toEqual({ n: 42 });
  });

  it("commit a transaction's writes together, composed of smaller bodies", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, KEY)));
    const seen = await transaction(function* (tx) {
      yield* tx.execute(tx.db.insert(t.appState).values({ key: KEY, value: { n: 10 }, updatedAt: new Date() }));
      const before = yield* readValue(tx);
      yield* tx.execute(
        tx.db
          .update(t.appState)
          .set({ value: { n: (before?.n ?? 0) + 1 } })
          .where(eq(t.appState.key, KEY)),
      );
      return yield* readValue(tx);
    });
    expect(seen).toEqual({ n: 11 });
    expect((await first(db().select().from(t.appState).where(eq(t.appState.key, KEY))))?.value).toEqual({ n: 11 });
  });

  it("roll back every write of a body that fails, and reject with its error", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, KEY)));
    const failing = transaction(function* (tx) {
      yield* tx.execute(tx.db.insert(t.appState).values({ key: KEY, value: { n: 1 }, updatedAt: new Date() }));
      throw new Error("changed my mind");
    });
    await expect(failing).rejects.toThrow("changed my mind");
    expect(await first(db().select().from(t.appState).where(eq(t.appState.key, KEY)))).toBeUndefined();
  });

  it("hand a failed step back to the body, which may recover from it", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, KEY)));
    await execute(
      db()
        .insert(t.appState)
        .values({ key: KEY, value: { n: 1 }, updatedAt: new Date() }),
    );
    const outcome = await transaction(function* (tx) {
      try {
        yield* tx.execute(tx.db.insert(t.appState).values({ key: KEY, value: { n: 2 }, updatedAt: new Date() }));
        return "inserted";
      } catch {
        return "already there";
      }
    });
    expect(outcome).toBe("already there");
  });

  it("keep other statements out of an open transaction", async () => {
    await execute(db().delete(t.appState).where(eq(t.appState.key, KEY)));
    // A write started while the transaction body runs must not join it (and be rolled back with it).
    let outside: Promise<number> | undefined;
    const failing = transaction(function* (tx) {
      yield* tx.execute(tx.db.insert(t.appState).values({ key: `${KEY}-inside`, value: {}, updatedAt: new Date() }));
      outside = Promise.resolve().then(() =>
        execute(
          db()
            .insert(t.appState)
            .values({ key: KEY, value: { outside: true }, updatedAt: new Date() }),
        ),
      );
      yield* tx.execute(sql`SELECT 1`);
      throw new Error("roll back");
    });
    await expect(failing).rejects.toThrow("roll back");
    await outside;
    expect(await first(db().select().from(t.appState).where(eq(t.appState.key, KEY)))).toBeDefined();
    expect(
      await first(
        db()
          .select()
          .from(t.appState)
          .where(eq(t.appState.key, `${KEY}-inside`)),
      ),
    ).toBeUndefined();
  });
});
