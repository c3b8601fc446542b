// What the runner keeps in memory to offer new articles to the stored related lists (docs/decisions/052), each
// kept equal to the data of the read it is used in or read again:
// - the index of every article's features (app/related/fill.server.ts): read once, then carried from revision to
//   revision with the rows of the articles written since, which the triggers note in related_pending (migration
//   0006). Offering pending articles and filling lists both score from it, so neither runs a query per list;
// - the bars: the score each stored list asks of a newcomer, read once and then kept with the lists this process
//   stores.
// Two counters in app_state say when another process wrote what these assume only this one writes.
import { sql } from "drizzle-orm";
import { db, engine, statement, type Transaction, type TransactionPart } from "../../db.server";
import { RelatedFillIndex } from "../fill.server";
import { FEATURE_COLUMNS, RELATED_LIMIT, type FeatureRow, type Scored } from "../score";
import type { Reading } from "../search.server";
import { allFeatureRows, articleRevision } from "./search.server";

/**
 * Moved by every write that takes rows out of related_pending (an offer's, a reset's), in whichever process. A
 * process whose index saw every such write of the others (the counter is where its own last one left it) knows
 * that every article changed since its index's revision is still pending.
 */
const TAKEN = "related_pending_taken";
/**
 * Moved by every write that stores lists, in whichever process (the web's article page stores a missing one). While
 * it is where this process's own last write left it, the bars held are those of the lists stored, except lists
 * dropped since by the triggers (an edit, a deletion), which the offer finds gone when it reads them.
 */
const WRITTEN = "related_lists_written";
type Counter = typeof TAKEN | typeof WRITTEN;

/** With more articles pending than this, the index is read afresh rather than carried forward. */
const MAX_CARRIED = 2_000;

type Held = { index?: RelatedFillIndex; bars?: Int32Array; counters: Partial<Record<Counter, number>> };
/** Per database: what is held, and each counter as the last read or this process's last write left it. */
const held = new WeakMap<object, Held>();

function heldFor(): Held {
  const handle = db();
  let state = held.get(handle);
  if (!state) held.set(handle, (state = { counters: {} }));
  return state;
}

function* counter(tx: Transaction, key: Counter): Reading<number> {
  if (engine() === "sqlite") return Number(statement("SELECT value FROM app_state WHERE key = ?").pluck().get(key) ?? 0);
  return Number((yield* tx.first<{ value: number }>(sql`SELECT value FROM app_state WHERE key = ${key}`))?.value ?? 0);
}

function* rows<T>(tx: Transaction, query: string): Reading<T[]> {
  if (engine() === "sqlite") return statement(query).all() as T[];
  return yield* tx.all<T>(sql.raw(query));
}

function* featureRows(tx: Transaction, ids: number[]): Reading<FeatureRow[]> {
  if (!ids.length) return [];
  if (engine() === "sqlite") {
    return statement(`SELECT ${FEATURE_COLUMNS} FROM articles WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as FeatureRow[];
  }
  return yield* tx.all<FeatureRow>(sql`SELECT ${sql.raw(FEATURE_COLUMNS)} FROM articles WHERE id = ANY(${sql.param(ids)}::int[])`);
}

/**
 * The index at the data this read sees, or undefined when the held one is newer than it (a read that began before
 * another round's, on PostgreSQL: it is dropped and tried again). Carried forward when no other process took
 * pending rows since (the counter) and no article was deleted (the count): the articles changed since are then
 * exactly the pending ones, whose rows replace theirs. Otherwise it is read afresh: once per process, and after
 * deletions, bulk writes, or another process's offers.
 */
export function* memoryIndex(tx: Transaction): Reading<RelatedFillIndex | undefined> {
  const state = heldFor();
  const at = yield* articleRevision(tx);
  const taken = yield* counter(tx, TAKEN);
  const index = state.index;
  if (index && index.revision > at) return undefined;
  if (index && state.counters[TAKEN] === taken) {
    if (index.revision === at) return index;
    const pending = (yield* rows<{ id: number }>(tx, `SELECT article_id AS id FROM related_pending LIMIT ${MAX_CARRIED + 1}`)).map((row) => row.id);
    if (pending.length <= MAX_CARRIED) {
      const next = pending.length ? index.withChanges(at, yield* featureRows(tx, pending)) : index;
      if (next.size === Number((yield* rows<{ n: number }>(tx, "SELECT count(*) AS n FROM articles"))[0].n)) {
        // The revision also moves without a scored column changing (app/articles/store/comment-counts.server.ts).
        next.revision = at;
        return (state.index = next);
      }
    }
  }
  state.index = RelatedFillIndex.fromRows(at, yield* allFeatureRows(tx));
  state.counters[TAKEN] = taken;
  return state.index;
}

/** Whether this process holds an index of this database (it is then carried forward cheaply). */
export function holdsMemoryIndex() {
  return heldFor().index !== undefined;
}

/** The score a newcomer must reach to enter a list: 1 while it has room, else its last score. */
export const barOf = (list: Scored[]) => (list.length < RELATED_LIMIT ? 1 : list[RELATED_LIMIT - 1].score);

/**
 * Each stored list's bar by article id (0: no list), as a copy the round may change: the held bars while no other
 * process stored lists since, else read from every stored list. A held bar may belong to a list dropped since (the
 * round finds it gone); a list stored since was stored by this process, whose bar is held, or moved the counter.
 */
export function* listBars(tx: Transaction, maxId: number): Reading<Int32Array> {
  const state = heldFor();
  const written = yield* counter(tx, WRITTEN);
  if (!state.bars || state.counters[WRITTEN] !== written) {
    const bars = new Int32Array(maxId + 1);
    const found = yield* rows<{ id: number; n: number; last: number | null }>(
      tx,
      `SELECT l.article_id AS id, count(e.rank) AS n, min(e.score) AS last
       FROM related_lists l LEFT JOIN related_list_entries e ON e.article_id = l.article_id GROUP BY l.article_id`,
    );
    for (const row of found) bars[row.id] = Number(row.n) < RELATED_LIMIT ? 1 : row.last!;
    state.bars = bars;
    state.counters[WRITTEN] = written;
  }
  const copy = new Int32Array(Math.max(maxId + 1, state.bars.length));
  copy.set(state.bars);
  return copy;
}

/**
 * Moves the counters, inside the write transaction that stores lists or takes pending rows: SQLite's raw
 * statement (its synchronous store), PostgreSQL's query. Returns the new values.
 */
export function sqliteMoveCounters(lists: boolean, taken: boolean): Moved {
  const move = statement(
    `INSERT INTO app_state (key, value) VALUES (?, '1')
     ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING value`,
  ).pluck();
  return { written: lists ? Number(move.get(WRITTEN)) : undefined, taken: taken ? Number(move.get(TAKEN)) : undefined };
}

export function* postgresMoveCounters(tx: Transaction, lists: boolean, taken: boolean): TransactionPart<Moved> {
  const move = function* (key: Counter): TransactionPart<number> {
    const row = yield* tx.first<{ value: number }>(
      sql`INSERT INTO app_state (key, value) VALUES (${key}, '1'::jsonb)
          ON CONFLICT (key) DO UPDATE SET value = to_jsonb((app_state.value #>> '{}')::bigint + 1) RETURNING value`,
    );
    return Number(row!.value);
  };
  return { written: lists ? yield* move(WRITTEN) : undefined, taken: taken ? yield* move(TAKEN) : undefined };
}

export type Moved = { written?: number; taken?: number };

/**
 * After this process's own write (committed) stored `lists` and moved the counters to `moved`. What is held keeps
 * up only when each counter moved one step from where it stood (no other process wrote between); else it is read
 * again when next needed.
 */
export function writtenByThisProcess(lists: Map<number, Scored[]>, moved: Moved) {
  const state = heldFor();
  const stepped = (key: Counter, value: number | undefined) => {
    if (value === undefined) return true;
    const ok = state.counters[key] !== undefined && value === state.counters[key]! + 1;
    state.counters[key] = ok ? value : undefined;
    return ok;
  };
  stepped(TAKEN, moved.taken);
  if (!stepped(WRITTEN, moved.written) || !state.bars) return;
  let bars = state.bars;
  for (const id of lists.keys()) {
    if (id >= bars.length) {
      const grown = new Int32Array(Math.max(id + 1, bars.length * 2));
      grown.set(bars);
      bars = grown;
    }
  }
  for (const [id, list] of lists) bars[id] = barOf(list);
  state.bars = bars;
}
