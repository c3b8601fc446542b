// Stored related lists (migration 0006): each article's related articles, computed off the request path by the
// job runner, so a feed page reads them with one indexed query and never searches (docs/decisions/022). Triggers
// drop every list a change could make wrong and note new and changed articles in related_pending; the runner
// offers those to the other stored lists and fills missing lists, newest first (`refreshRelatedLists`), so a list
// may miss the articles written since its last round. An article page computes and stores its own missing list.
//
// A hot path like the search: raw prepared statements (db/statement-cache.ts), each read in one better-sqlite3
// transaction (`readSnapshot`) and each write in one immediate transaction, both synchronous from start to end.
import { db, statement } from "../db.server";
import { RelatedFillIndex } from "./related-fill.server";
import { RELATED_LIMIT, withOffered, type Scored } from "./related-score";
import { findRelated, PageSearch } from "./related-search.server";
import {
  allFeatureRows,
  articleRevision,
  currentSearchCache,
  DISPLAY_COLUMNS,
  readSnapshot,
  relatedReader,
  type DisplayRow,
} from "./related-search-store.server";

/**
 * Articles offered, and lists filled, per round of the runner's refresh: at 100,000 articles offering one costs
 * about 110 ms and filling one list about 13 ms once the lists they read are cached (docs/benchmarks.md; a fresh
 * process reads them first), so a round stays near half a second.
 */
const OFFER_BATCH = 5;
const FILL_BATCH = 10;
/** With more articles pending than this, the runner computes every list again rather than offering each article. */
const MAX_PENDING_OFFERED = 2_000;

type Lists = Map<number, Scored[]>;

/** The stored lists among the given articles, with what the cards show of each entry, in one indexed query. */
function storedLists(articleIds: number[]): { lists: Lists; rows: DisplayRow[] } {
  const columns = DISPLAY_COLUMNS.split(", ")
    .map((column) => `a.${column}`)
    .join(", ");
  const found = statement(
    `SELECT l.article_id AS list_id, e.score, ${columns}
     FROM related_lists l
     LEFT JOIN related_list_entries e ON e.article_id = l.article_id
     LEFT JOIN articles a ON a.id = e.related_id
     WHERE l.article_id IN (SELECT value FROM json_each(?))
     ORDER BY l.article_id, e.rank`,
  ).all(JSON.stringify(articleIds)) as (DisplayRow & { list_id: number; score: number | null })[];
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

/** Stores lists read at article revision `at`, unless an article changed since (then they may be stale). */
function storeLists(lists: Lists, at: number, done: number[] = []) {
  const dropList = statement("DELETE FROM related_lists WHERE article_id = ?");
  const addList = statement("INSERT INTO related_lists (article_id) VALUES (?)");
  const addEntry = statement("INSERT INTO related_list_entries (article_id, rank, related_id, score) VALUES (?, ?, ?, ?)");
  const dropPending = statement("DELETE FROM related_pending WHERE article_id = ?");
  return db()
    .$client.transaction(() => {
      if (articleRevision() !== at) return false;
      for (const [articleId, entries] of lists) {
        dropList.run(articleId);
        addList.run(articleId);
        entries.forEach((entry, i) => addEntry.run(articleId, i + 1, entry.id, entry.score));
      }
      for (const articleId of done) dropPending.run(articleId);
      return true;
    })
    .immediate();
}

/**
 * The stored lists among the given articles, as they are: one indexed query, no search. A list not stored yet is
 * left out (the runner fills it soon, newest articles first), and articles still pending reach the lists at the
 * runner's next round.
 */
export async function storedRelatedLists(articleIds: number[]): Promise<{ lists: Lists; rows: DisplayRow[] }> {
  return storedLists(articleIds);
}

/**
 * The related lists of the given articles, each one computed through the indexed search when it is not stored
 * yet, and then stored (an article page, which shows one article's list). What is stored is exact when stored;
 * articles still pending reach it at the runner's next round.
 */
export async function relatedListsOnDemand(articleIds: number[]): Promise<{ lists: Lists; rows: DisplayRow[] }> {
  const read = readSnapshot(() => {
    const at = articleRevision();
    const { lists, rows } = storedLists(articleIds);
    const missing = articleIds.filter((id) => !lists.has(id));
    const computed: Lists = new Map(findRelated(relatedReader, currentSearchCache(), missing, RELATED_LIMIT));
    for (const [id, list] of computed) lists.set(id, list);
    return { at, lists, rows, computed };
  });
  if (read.computed.size) storeLists(read.computed, read.at);
  return { lists: read.lists, rows: read.rows };
}

/**
 * Offers pending articles to the stored lists of the articles they may now rank for, stores their own lists, and
 * then fills missing lists, newest articles first, until `budgetMs` is spent. Run by the job runner between jobs;
 * a round that sees articles change under it is dropped and tried again.
 */
export async function refreshRelatedLists(budgetMs = 2000) {
  const started = performance.now();
  const totals = { offered: 0, listsChanged: 0, filled: 0, reset: false };
  if (pendingCount(MAX_PENDING_OFFERED + 1) > MAX_PENDING_OFFERED) totals.reset = dropAllLists();
  do {
    const round = offerPending();
    if (round) {
      if (round.stored) {
        totals.offered += round.offered;
        totals.listsChanged += round.changed;
      }
      continue;
    }
    const filled = fillMissing(started + budgetMs);
    if (filled === undefined) break;
    totals.filled += filled;
  } while (performance.now() - started < budgetMs);
  return totals;
}

function pendingCount(atMost: number) {
  return statement(`SELECT count(*) FROM (SELECT 1 FROM related_pending LIMIT ${atMost})`).pluck().get() as number;
}

/**
 * After a bulk write (a first scrape, a long backfill, a re-classification) offering every article to every list
 * costs more than computing the lists again: all are dropped and filled anew, newest first, from the bulk fill's
 * index; meanwhile cards whose list is not filled yet show none.
 */
function dropAllLists() {
  db()
    .$client.transaction(() => {
      statement("DELETE FROM related_pending").run();
      statement("DELETE FROM related_lists").run();
    })
    .immediate();
  return true;
}

/** One batch of pending articles offered to the stored lists; undefined when none is pending. */
function offerPending() {
  const plan = readSnapshot(() => {
    const at = articleRevision();
    const pending = statement(`SELECT article_id FROM related_pending ORDER BY article_id LIMIT ${OFFER_BATCH}`).pluck().all() as number[];
    if (!pending.length) return undefined;
    const maxId = (statement("SELECT max(id) FROM articles").pluck().get() as number | null) ?? 0;
    // The score an article must reach to enter its stored list: 1 while the list has room, else its last score;
    // 0 for an article without a stored list.
    const bar = new Int32Array(maxId + 1);
    const rows = statement(
      `SELECT l.article_id AS id, count(e.rank) AS n, min(e.score) AS last
       FROM related_lists l LEFT JOIN related_list_entries e ON e.article_id = l.article_id GROUP BY l.article_id`,
    ).all() as { id: number; n: number; last: number | null }[];
    for (const row of rows) bar[row.id] = row.n < RELATED_LIMIT ? 1 : row.last!;
    const barOf = (list: Scored[]) => (list.length < RELATED_LIMIT ? 1 : list[RELATED_LIMIT - 1].score);

    const search = new PageSearch(currentSearchCache(), relatedReader);
    const changed: Lists = new Map();
    const listOf = (id: number) => changed.get(id) ?? storedLists([id]).lists.get(id) ?? [];
    const newcomers = search.featuresOf(pending);
    for (const newcomer of newcomers) {
      if (bar[newcomer.id]) continue;
      const own = search.find(newcomer, RELATED_LIMIT);
      changed.set(newcomer.id, own);
      bar[newcomer.id] = barOf(own);
    }
    for (const newcomer of newcomers) {
      if (!rows.length) break; // no stored list to offer it to
      for (const scored of search.scoredAgainst(newcomer, (id) => bar[id] || undefined)) {
        const list = listOf(scored.id);
        const next = withOffered(list, { id: newcomer.id, score: scored.score, publishDate: newcomer.publishDate }, RELATED_LIMIT);
        if (next === list) continue;
        changed.set(scored.id, next);
        bar[scored.id] = barOf(next);
      }
    }
    return { at, pending, changed };
  });
  if (!plan) return undefined;
  const stored = storeLists(plan.changed, plan.at, plan.pending);
  return { stored, offered: plan.pending.length, changed: plan.changed.size };
}

/**
 * With at least this many lists missing (and never fewer than BULK_FILL_SHARE of the articles), the runner fills
 * them from an in-memory index of every article's features (related-fill.server.ts) instead of one search per
 * list: reading the index costs about what 200 searches do at 100,000 articles, and then a list costs well under a
 * millisecond.
 */
const BULK_FILL_MIN = 100;
const BULK_FILL_SHARE = 1 / 500;
/** Most lists computed, and stored in one transaction, per bulk round. */
const BULK_FILL_BATCH = 2_000;

type BulkFill = { index: RelatedFillIndex; hasList: Uint8Array; cursor: number };
/** Per connection: the bulk fill's index, and the revision the last fill saw (the index is built once it holds still). */
const bulkFills = new WeakMap<object, { seenAt?: number; fill?: BulkFill }>();

/**
 * Computes and stores one batch of missing lists, newest articles first; undefined when none is missing. Many
 * missing lists (a bulk load) are filled from an in-memory index, read once the articles stop changing between
 * two rounds (while a job writes, each of its batches would make it stale) and kept while they stay unchanged.
 */
function fillMissing(deadline: number) {
  const client = db().$client;
  let state = bulkFills.get(client);
  if (!state) bulkFills.set(client, (state = {}));
  const bulk = state;
  const plan = readSnapshot(() => {
    const at = articleRevision();
    // Every list belongs to an article, so equal counts mean none is missing: two index counts, where looking for
    // a missing list would walk every article (the runner asks each second while idle).
    const lists = statement("SELECT count(*) FROM related_lists").pluck().get() as number;
    const articles = statement("SELECT count(*) FROM articles").pluck().get() as number;
    const stable = bulk.seenAt === at;
    bulk.seenAt = at;
    if (lists >= articles) {
      bulk.fill = undefined;
      return undefined;
    }
    if (bulk.fill && bulk.fill.index.revision !== at) bulk.fill = undefined;
    if (bulk.fill || (stable && articles - lists >= Math.max(BULK_FILL_MIN, articles * BULK_FILL_SHARE))) {
      return { at, lists: bulkRound(bulk, at, deadline) };
    }
    const missing = statement(
      `SELECT id FROM articles a WHERE NOT EXISTS (SELECT 1 FROM related_lists l WHERE l.article_id = a.id)
       ORDER BY publish_date DESC, id DESC LIMIT ${FILL_BATCH}`,
    )
      .pluck()
      .all() as number[];
    return missing.length ? { at, lists: new Map(findRelated(relatedReader, currentSearchCache(), missing, RELATED_LIMIT)) } : undefined;
  });
  if (!plan) return undefined;
  const stored = storeLists(plan.lists, plan.at);
  if (!stored) bulk.fill = undefined;
  return stored ? plan.lists.size : 0;
}

/** The next missing lists, newest articles first, from the bulk fill's index (read now if it is not held). */
function bulkRound(bulk: { fill?: BulkFill }, at: number, deadline: number): Lists {
  if (!bulk.fill) {
    const index = new RelatedFillIndex(at, allFeatureRows());
    const hasList = new Uint8Array(index.size);
    for (const id of statement("SELECT article_id FROM related_lists").pluck().iterate() as IterableIterator<number>) {
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
