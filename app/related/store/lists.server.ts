// Stored related lists (migration 0006): each article's related articles, computed off the request path by the
// job runner, so a feed page reads them with one indexed query and never searches (docs/decisions/022). Triggers
// drop every list a change could make wrong and note new and changed articles in related_pending; the runner
// offers those to the other stored lists and fills missing lists, newest first (`refreshRelatedLists`), so a list
// may miss the articles written since its last round. An article page computes and stores its own missing list.
//
// A hot path like the search. On SQLite: raw prepared statements (db/statement-cache.ts), each read in one
// better-sqlite3 transaction (`readSnapshot`) and each write in one immediate transaction, both synchronous from
// start to end. On PostgreSQL the same reads are awaited inside one REPEATABLE READ snapshot, and a write holds the
// article revision row, so no article changes between its check of the revision and its commit.
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql, type SQL } from "drizzle-orm";
import { all, db, engine, statement, t, transaction, type Transaction, type TransactionPart } from "../../db.server";
import type { RelatedFillIndex } from "../fill.server";
import { RELATED_LIMIT, withOffered, type Scored } from "../score";
import { findRelated, type Reading } from "../search.server";
import {
  barOf,
  holdsMemoryIndex,
  listBars,
  memoryIndex,
  postgresMoveCounters,
  sqliteMoveCounters,
  writtenByThisProcess,
  type Moved,
} from "./memory-index.server";
import { articleRevision, currentSearchCache, DISPLAY_COLUMNS, idArray, readSnapshot, relatedReader, type DisplayRow } from "./search.server";

/**
 * How long one round of the runner's refresh may hold the process (and, on SQLite, its read or write
 * transaction): the refresh gives the event loop back between rounds, so a heartbeat or a queued job's step
 * waits at most about this. Offering an article from the in-memory index costs well under a millisecond at
 * 100,000 articles (docs/decisions/052); filling one list through the search about 13 ms.
 */
const ROUND_MS = 50;
const FILL_BATCH = 4;
/** With more articles pending than this, the runner computes every list again rather than offering each article. */
const MAX_PENDING_OFFERED = 2_000;

type Lists = Map<number, Scored[]>;

/** A query written the same way for both engines, with `?` for each value, as PostgreSQL's parameters. */
function postgresQuery(sqlText: string, values: unknown[]): SQL {
  const parts = sqlText.split("?");
  let query = sql.raw(parts[0]);
  values.forEach((value, i) => (query = sql`${query}${value}${sql.raw(parts[i + 1])}`));
  return query;
}

/** The rows of a query spelled the same on both engines (`?` for each value): a cached raw statement on SQLite. */
function* rowsOf<T>(tx: Transaction, sqlText: string, ...values: unknown[]): Reading<T[]> {
  if (engine() === "sqlite") return statement(sqlText).all(...values) as T[];
  return yield* tx.all<T>(postgresQuery(sqlText, values));
}

/** A count (the `n` column) of a query spelled the same on both engines. */
function* countOf(tx: Transaction, sqlText: string): Reading<number> {
  return (yield* rowsOf<{ n: number }>(tx, sqlText))[0].n;
}

type StoredRow = DisplayRow & { list_id: number; score: number | null };

const STORED_COLUMNS = `l.article_id AS list_id, e.score, ${DISPLAY_COLUMNS.split(", ")
  .map((column) => `a.${column}`)
  .join(", ")}`;
const STORED_JOINS = `related_lists l
  LEFT JOIN related_list_entries e ON e.article_id = l.article_id
  LEFT JOIN articles a ON a.id = e.related_id`;

/** The stored lists' rows among the given articles, in one indexed query: a raw statement on SQLite. */
function sqliteStoredRows(articleIds: number[]): StoredRow[] {
  return statement(
    `SELECT ${STORED_COLUMNS} FROM ${STORED_JOINS}
     WHERE l.article_id IN (SELECT value FROM json_each(?))
     ORDER BY l.article_id, e.rank`,
  ).all(JSON.stringify(articleIds)) as StoredRow[];
}

/** The same query on PostgreSQL. */
function postgresStoredRows(articleIds: number[]) {
  return sql`SELECT ${sql.raw(STORED_COLUMNS)} FROM ${sql.raw(STORED_JOINS)}
    WHERE l.article_id = ANY(${idArray(articleIds)})
    ORDER BY l.article_id, e.rank`;
}

/** The lists, and what the cards show of each entry, from the stored lists' rows. */
function listsOf(found: StoredRow[]): { lists: Lists; rows: DisplayRow[] } {
  const lists: Lists = new Map();
  const rows: DisplayRow[] = [];
  for (const { list_id, score, ...row } of found) {
    let list = lists.get(list_id);
    if (!list) lists.set(list_id, (list = []));
    if (score === null) continue;
    list.push({ id: row.id, score, publishDate: row.publish_date });
    rows.push(row);
  }
  return { lists, rows };
}

/** The stored lists among the given articles, with what the cards show of each entry, in one indexed query. */
function* storedLists(tx: Transaction, articleIds: number[]): Reading<{ lists: Lists; rows: DisplayRow[] }> {
  if (engine() === "sqlite") return listsOf(sqliteStoredRows(articleIds));
  return listsOf(yield* tx.all<StoredRow>(postgresStoredRows(articleIds)));
}

/** Stores lists on SQLite with its raw statements, inside the immediate transaction of `storeLists`. */
function sqliteStoreLists(lists: Lists, at: number, done: number[]): Stored {
  if ((statement("SELECT revision FROM article_revision WHERE id = 1").pluck().get() as number) !== at) return { stored: false };
  const dropList = statement("DELETE FROM related_lists WHERE article_id = ?");
  const addList = statement("INSERT INTO related_lists (article_id) VALUES (?)");
  const addEntry = statement("INSERT INTO related_list_entries (article_id, rank, related_id, score) VALUES (?, ?, ?, ?)");
  const dropPending = statement("DELETE FROM related_pending WHERE article_id = ?");
  for (const [articleId, entries] of lists) {
    dropList.run(articleId);
    addList.run(articleId);
    entries.forEach((entry, i) => addEntry.run(articleId, i + 1, entry.id, entry.score));
  }
  for (const articleId of done) dropPending.run(articleId);
  return { stored: true, moved: sqliteMoveCounters(lists.size > 0, done.length > 0) };
}

/** Rows per multi-row insert on PostgreSQL: well below its 65,535 parameters a statement. */
const INSERT_CHUNK = 5_000;

/** Stores lists on PostgreSQL, a few statements for the whole batch. */
function* postgresStoreLists(tx: Transaction, lists: Lists, at: number, done: number[]): TransactionPart<Stored> {
  // FOR SHARE holds the revision row until commit: an article write (whose triggers move the revision and drop
  // the lists it makes wrong) waits for this transaction, and one already under way makes this one wait and
  // then see the new revision, so a list read before a change is never stored after it.
  const current = yield* tx.first<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1 FOR SHARE`);
  if (current!.revision !== at) return { stored: false };
  const ids = [...lists.keys()];
  if (ids.length) {
    // A deletion of articles locks the lists and the article rows (its cascade) before it reaches the revision row,
    // the opposite order: rather than wait for it (and deadlock), give way at once (`storeLists` answers false).
    yield* tx.execute(sql`SELECT 1 FROM articles WHERE id = ANY(${idArray(ids)}) FOR KEY SHARE NOWAIT`);
    yield* tx.execute(sql`SELECT 1 FROM related_lists WHERE article_id = ANY(${idArray(ids)}) FOR UPDATE NOWAIT`);
    yield* tx.execute(sql`DELETE FROM related_lists WHERE article_id = ANY(${idArray(ids)})`);
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      yield* tx.execute(tx.db.insert(t.relatedLists).values(ids.slice(i, i + INSERT_CHUNK).map((articleId) => ({ articleId }))));
    }
    const entries = [...lists].flatMap(([articleId, list]) => list.map((entry, i) => ({ articleId, rank: i + 1, relatedId: entry.id, score: entry.score })));
    for (let i = 0; i < entries.length; i += INSERT_CHUNK) {
      yield* tx.execute(tx.db.insert(t.relatedListEntries).values(entries.slice(i, i + INSERT_CHUNK)));
    }
  }
  if (done.length) yield* tx.execute(sql`DELETE FROM related_pending WHERE article_id = ANY(${idArray(done)})`);
  return { stored: true, moved: yield* postgresMoveCounters(tx, ids.length > 0, done.length > 0) };
}

/** Whether lists were stored, and where the write left the counters of memory-index.server.ts. */
type Stored = { stored: boolean; moved?: Moved };

/** Stores lists read at article revision `at`, unless an article changed since (then they may be stale). */
async function storeLists(lists: Lists, at: number, done: number[] = []): Promise<boolean> {
  try {
    const { stored, moved } = await transaction(
      function* (tx) {
        if (engine() === "sqlite") return sqliteStoreLists(lists, at, done);
        return yield* postgresStoreLists(tx, lists, at, done);
      },
      { behavior: "immediate" },
    );
    if (moved) writtenByThisProcess(lists, moved);
    return stored;
  } catch (error) {
    // PostgreSQL: rows an article write holds (postgresStoreLists); as when the revision moved, the round is tried again.
    if ((error as { code?: string }).code === "55P03") return false;
    throw error;
  }
}

/**
 * The stored lists among the given articles, as they are: one indexed query, no search. A list not stored yet is
 * left out (the runner fills it soon, newest articles first), and articles still pending reach the lists at the
 * runner's next round.
 */
export async function storedRelatedLists(articleIds: number[]): Promise<{ lists: Lists; rows: DisplayRow[] }> {
  if (engine() === "sqlite") return listsOf(sqliteStoredRows(articleIds));
  return listsOf(await all<StoredRow>(postgresStoredRows(articleIds)));
}

/**
 * The related lists of the given articles, each one computed through the indexed search when it is not stored
 * yet, and then stored (an article page, which shows one article's list). What is stored is exact when stored;
 * articles still pending reach it at the runner's next round.
 */
export async function relatedListsOnDemand(articleIds: number[]): Promise<{ lists: Lists; rows: DisplayRow[] }> {
  const read = await readSnapshot(function* (tx) {
    const at = yield* articleRevision(tx);
    const { lists, rows } = yield* storedLists(tx, articleIds);
    const missing = articleIds.filter((id) => !lists.has(id));
    const computed: Lists = new Map(yield* findRelated(relatedReader(tx), yield* currentSearchCache(tx), missing, RELATED_LIMIT));
    for (const [id, list] of computed) lists.set(id, list);
    return { at, lists, rows, computed };
  });
  if (read.computed.size) await storeLists(read.computed, read.at);
  return { lists: read.lists, rows: read.rows };
}

/**
 * Offers pending articles to the stored lists of the articles they may now rank for, stores their own lists, and
 * then fills missing lists, newest articles first, until `budgetMs` is spent. Run by the job runner between jobs,
 * in rounds of about ROUND_MS that give the event loop back between them; a round that sees articles change
 * under it is dropped and tried again.
 */
export async function refreshRelatedLists(budgetMs = 2000) {
  const started = performance.now();
  const totals = { offered: 0, listsChanged: 0, filled: 0, reset: false };
  if ((await pendingCount(MAX_PENDING_OFFERED + 1)) > MAX_PENDING_OFFERED) totals.reset = await dropAllLists();
  do {
    const deadline = Math.min(started + budgetMs, performance.now() + ROUND_MS);
    const round = await offerPending(deadline);
    if (round) {
      if (round.stored) {
        totals.offered += round.offered;
        totals.listsChanged += round.changed;
      }
    } else {
      const filled = await fillMissing(deadline);
      if (filled === undefined) break;
      totals.filled += filled;
    }
    await nextTurn();
  } while (performance.now() - started < budgetMs);
  return totals;
}

function pendingCount(atMost: number) {
  return readSnapshot((tx) => countOf(tx, `SELECT count(*) AS n FROM (SELECT 1 FROM related_pending LIMIT ${atMost}) AS pending`));
}

/**
 * After a bulk write (a first scrape, a long backfill, a re-classification) offering every article to every list
 * costs more than computing the lists again: all are dropped and filled anew, newest first, from the bulk fill's
 * index; meanwhile cards whose list is not filled yet show none.
 */
async function dropAllLists() {
  await transaction(
    function* (tx) {
      yield* tx.execute(tx.db.delete(t.relatedPending));
      yield* tx.execute(tx.db.delete(t.relatedLists));
      // Moved for every process, this one too: what each holds is read again.
      if (engine() === "sqlite") sqliteMoveCounters(true, true);
      else yield* postgresMoveCounters(tx, true, true);
    },
    { behavior: "immediate" },
  );
  return true;
}

/**
 * Pending articles offered to the stored lists, from the in-memory index (memory-index.server.ts), as many as
 * fit before `deadline`: each gets its own list if it has none, and enters the lists whose last score it reaches.
 * Undefined when none is pending.
 */
async function offerPending(deadline: number) {
  const plan = await readSnapshot(function* (tx) {
    const pending = (yield* rowsOf<{ id: number }>(tx, `SELECT article_id AS id FROM related_pending ORDER BY article_id LIMIT ${MAX_PENDING_OFFERED}`)).map(
      (row) => row.id,
    );
    if (!pending.length) return undefined;
    const at = yield* articleRevision(tx);
    const index = yield* memoryIndex(tx);
    if (!index) return { at, done: [], changed: new Map() as Lists, dropped: true };
    const maxId = (yield* rowsOf<{ n: number | null }>(tx, "SELECT max(id) AS n FROM articles"))[0].n ?? 0;
    // The score an article must reach to enter its stored list (0 without one); the pending articles' own lists
    // read as they are, since an edit dropped theirs.
    const bar = yield* listBars(tx, maxId);
    const own = (yield* storedLists(tx, pending)).lists;
    for (const id of pending) bar[id] = own.has(id) ? barOf(own.get(id)!) : 0;

    // At most every stored list's bar (bars only rise as articles are offered), kept so as new lists are stored.
    let lowest = Number.POSITIVE_INFINITY;
    for (const value of bar) if (value > 0 && value < lowest) lowest = value;
    const changed: Lists = new Map();
    const done: number[] = [];
    for (const id of pending) {
      const position = index.position(id);
      done.push(id);
      if (!bar[id]) {
        const list = index.listOf(position, RELATED_LIMIT);
        changed.set(id, list);
        bar[id] = barOf(list);
        lowest = Math.min(lowest, bar[id]);
      }
      yield* offer(tx, index, position, bar, lowest, changed);
      if (performance.now() > deadline) break;
    }
    return { at, done, changed, dropped: false };
  });
  if (!plan) return undefined;
  const stored = !plan.dropped && (await storeLists(plan.changed, plan.at, plan.done));
  return { stored, offered: plan.done.length, changed: plan.changed.size };
}

/** Offers the article at `position` to every stored list it now enters, noting each changed list in `changed`. */
function* offer(tx: Transaction, index: RelatedFillIndex, position: number, bar: Int32Array, lowest: number, changed: Lists): Reading<void> {
  const newcomer = { id: index.ids[position], publishDate: index.dates[position] };
  for (const scored of index.offersOf(position, (id) => bar[id], lowest)) {
    const list = changed.get(scored.id) ?? (yield* storedLists(tx, [scored.id])).lists.get(scored.id);
    if (!list) continue; // dropped since the bars were read: filled again later, from data that has the newcomer
    const next = withOffered(list, { ...newcomer, score: scored.score }, RELATED_LIMIT);
    if (next === list) continue;
    changed.set(scored.id, next);
    bar[scored.id] = barOf(next);
  }
}

/**
 * With at least this many lists missing (and never fewer than BULK_FILL_SHARE of the articles), the runner fills
 * them from an in-memory index of every article's features (fill.server.ts) instead of one search per
 * list: reading the index costs about what 200 searches do at 100,000 articles, and then a list costs well under a
 * millisecond.
 */
const BULK_FILL_MIN = 100;
const BULK_FILL_SHARE = 1 / 500;
/** Most lists computed, and stored in one transaction, per bulk round. */
const BULK_FILL_BATCH = 2_000;

type BulkFill = { index: RelatedFillIndex; hasList: Uint8Array; cursor: number };
/** Per database: the bulk fill's index, and the revision the last fill saw (the index is built once it holds still). */
const bulkFills = new WeakMap<object, { seenAt?: number; fill?: BulkFill }>();

/**
 * Computes and stores one batch of missing lists, newest articles first; undefined when none is missing. Lists are
 * filled from the in-memory index when it is held (it is once articles were offered), or when many are missing (a
 * bulk load) and the articles stopped changing between two rounds (while a job writes, reading it all at once
 * would be repeated for each of its batches).
 */
async function fillMissing(deadline: number) {
  const handle = db();
  let state = bulkFills.get(handle);
  if (!state) bulkFills.set(handle, (state = {}));
  const bulk = state;
  const plan = await readSnapshot(function* (tx) {
    const at = yield* articleRevision(tx);
    // Every list belongs to an article, so equal counts mean none is missing: two index counts, where looking for
    // a missing list would walk every article (the runner asks each second while idle).
    const lists = yield* countOf(tx, "SELECT count(*) AS n FROM related_lists");
    const articles = yield* countOf(tx, "SELECT count(*) AS n FROM articles");
    const stable = bulk.seenAt === at;
    bulk.seenAt = at;
    if (lists >= articles) {
      bulk.fill = undefined;
      return undefined;
    }
    if (bulk.fill && bulk.fill.index.revision !== at) bulk.fill = undefined;
    if (bulk.fill || holdsMemoryIndex() || (stable && articles - lists >= Math.max(BULK_FILL_MIN, articles * BULK_FILL_SHARE))) {
      return { at, lists: yield* bulkRound(tx, bulk, at, deadline) };
    }
    const missing = (yield* rowsOf<{ id: number }>(
      tx,
      `SELECT id FROM articles a WHERE NOT EXISTS (SELECT 1 FROM related_lists l WHERE l.article_id = a.id)
       ORDER BY publish_date DESC, id DESC LIMIT ${FILL_BATCH}`,
    )).map((row) => row.id);
    if (!missing.length) return undefined;
    return { at, lists: new Map(yield* findRelated(relatedReader(tx), yield* currentSearchCache(tx), missing, RELATED_LIMIT)) };
  });
  if (!plan) return undefined;
  const stored = await storeLists(plan.lists, plan.at);
  if (!stored) bulk.fill = undefined;
  return stored ? plan.lists.size : 0;
}

/** The next missing lists, newest articles first, from the in-memory index (read now if it is not held). */
function* bulkRound(tx: Transaction, bulk: { fill?: BulkFill }, at: number, deadline: number): Reading<Lists> {
  if (!bulk.fill) {
    const index = yield* memoryIndex(tx);
    if (!index) return new Map();
    const hasList = new Uint8Array(index.size);
    for (const { id } of yield* rowsOf<{ id: number }>(tx, "SELECT article_id AS id FROM related_lists")) {
      const position = index.position(id);
      if (position >= 0) hasList[position] = 1;
    }
    bulk.fill = { index, hasList, cursor: 0 };
  }
  const fill = bulk.fill;
  const lists: Lists = new Map();
  while (fill.cursor < fill.index.size && lists.size < BULK_FILL_BATCH) {
    const position = fill.cursor++;
    if (fill.hasList[position]) continue;
    fill.hasList[position] = 1;
    lists.set(fill.index.ids[position], fill.index.listOf(position, RELATED_LIMIT));
    if (lists.size % 50 === 0 && performance.now() > deadline) break;
  }
  // Past the last article with lists still missing (stored meanwhile and dropped again): read afresh next time.
  if (fill.cursor >= fill.index.size) bulk.fill = undefined;
  return lists;
}
