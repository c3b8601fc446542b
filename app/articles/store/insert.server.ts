// Storing new articles: the rows of classified articles, deduplicated by canonical URL and Federal Register document
// number across all sources, with the editors' deletions remembered, and a public inspection desk article turned into
// its published version (docs/decisions/032). The insert path that classifies first is app/ingest/insert.server.ts.
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { writeDesignations } from "../../designations/store.server";
import { db, engine, first, statement, t, transaction, type Transaction, type TransactionPart } from "../../db.server";
import type { InsertOutcome, NewArticle } from "../new-article";
import { recordCommentReads, type CommentRead } from "./comment-counts.server";
import type { Judgement } from "../vocabulary";
import { indexNewArticles, reindexStoredArticles, type IndexedArticle } from "./article-indexes.server";
import { chunks, inList, sqliteInLists, unnestInsert } from "./chunks";

/** Statements of SQLite's insert path, prepared once per connection (db/statement-cache.ts): scraping inserts many thousands of rows. */
const SQLITE_INSERT = {
  tombstones: `SELECT key FROM deleted_articles WHERE key IN (${inList()})`,
  stored: "SELECT 1 FROM articles WHERE canonical_url = ? OR document_number = ? LIMIT 1",
  insert: `INSERT INTO articles (title, summary, category, priority, category_reason, priority_reason, tags, manually_tagged, source_id,
     source_name, original_url, canonical_url, document_number, document_type, agencies, significant, comments_close_on, effective_on,
     register_action, register_dates, regulation_id_numbers, topics, cfr_references, page_length, docket_ids, publish_date, is_demo,
     public_inspection_publishes_on, special_filing, full_text_xml_url)
   VALUES (@title, @summary, @category, @priority, @categoryReason, @priorityReason, @tags, @manuallyTagged, @sourceId,
     @sourceName, @originalUrl, @canonicalUrl, @documentNumber, @documentType, @agencies, @significant, @commentsCloseOn, @effectiveOn,
     @registerAction, @registerDates, @regulationIdNumbers, @topics, @cfrReferences, @pageLength, @docketIds, @publishDate, @isDemo,
     @publicInspectionPublishesOn, @specialFiling, @fullTextXmlUrl)
   ON CONFLICT DO NOTHING RETURNING id`,
  onInspection: `SELECT id, document_number AS documentNumber, manually_tagged AS manuallyTagged FROM articles
   WHERE document_number IN (${inList()}) AND public_inspection_publishes_on IS NOT NULL`,
  tags: "INSERT OR IGNORE INTO article_tags (article_id, tag) SELECT ?, value FROM json_each(?)",
};

/** What a stored or deleted article is known by: its canonical URL and, for a Federal Register document, its number. */
export type Keys = { urlKey: string; docKey: string | undefined };

/** A classified article about to be stored, with what its row is keyed by. */
export type Pending = Keys & {
  input: NewArticle;
  canonical: string;
  documentNumber: string | null;
  classification: Judgement;
};

/** Which of the items an editor deleted (a tombstone under either key), as steps of a transaction. */
function* deletedItems<T extends Keys>(tx: Transaction, items: T[]): TransactionPart<Set<T>> {
  // Every key in a few statements rather than one per item (SQLite: on the transaction's connection).
  const found = new Set<string>();
  const keys = items.flatMap((item) => (item.docKey ? [item.urlKey, item.docKey] : [item.urlKey]));
  if (engine() === "sqlite")
    for (const list of sqliteInLists(keys)) for (const key of statement(SQLITE_INSERT.tombstones).pluck().all(list)) found.add(key as string);
  else
    for (const chunk of chunks(keys, 10_000)) {
      const rows = yield* tx.all(tx.db.select({ key: t.deletedArticles.key }).from(t.deletedArticles).where(inArray(t.deletedArticles.key, chunk)));
      for (const row of rows) found.add(row.key);
    }
  return new Set(items.filter((item) => found.has(item.urlKey) || (item.docKey !== undefined && found.has(item.docKey))));
}

/** Which of the items an editor deleted (a tombstone under either key). */
export async function deletedOf<T extends Keys>(items: T[]): Promise<Set<T>> {
  return transaction((tx) => deletedItems(tx, items));
}

/** Whether an article is stored under this canonical URL or document number (ingestion asks before a model call it would waste). */
export async function isStored(canonical: string, documentNumber: string | null) {
  if (engine() === "sqlite") return Boolean(statement(SQLITE_INSERT.stored).pluck().get(canonical, documentNumber));
  const stored = await first(
    db()
      .select({ found: sql`1` })
      .from(t.articles)
      .where(
        documentNumber === null
          ? eq(t.articles.canonicalUrl, canonical)
          : or(eq(t.articles.canonicalUrl, canonical), eq(t.articles.documentNumber, documentNumber)),
      )
      .limit(1),
  );
  return Boolean(stored);
}

/** The articles row of a classified article about to be inserted. */
function articleInsertRow(item: Pending) {
  const { input, canonical, documentNumber } = item;
  const { category, priority, tags, reason } = item.classification;
  return {
    title: input.title,
    summary: input.summary,
    category,
    priority,
    categoryReason: reason.category,
    priorityReason: reason.priority,
    tags,
    manuallyTagged: Boolean(input.manualClassification),
    sourceId: input.sourceId,
    sourceName: input.sourceName,
    originalUrl: input.originalUrl,
    canonicalUrl: canonical,
    documentNumber,
    documentType: input.documentType ?? null,
    agencies: input.agencies ?? [],
    significant: Boolean(input.significant),
    commentsCloseOn: input.commentsCloseOn ?? null,
    effectiveOn: input.effectiveOn ?? null,
    registerAction: input.registerAction ?? null,
    registerDates: input.registerDates ?? null,
    regulationIdNumbers: input.regulationIdNumbers ?? [],
    topics: input.topics ?? [],
    cfrReferences: input.cfrReferences ?? [],
    pageLength: input.pageLength ?? null,
    docketIds: input.docketIds ?? [],
    publishDate: input.publishDate,
    isDemo: Boolean(input.isDemo),
    publicInspectionPublishesOn: input.publicInspection?.publishesOn ?? null,
    specialFiling: Boolean(input.publicInspection?.specialFiling),
    fullTextXmlUrl: input.fullTextXmlUrl ?? null,
  };
}

type ArticleInsertRow = ReturnType<typeof articleInsertRow>;

/**
 * SQLite's insert of one row and its tags, through raw prepared statements inside the caller's better-sqlite3
 * transaction: twice as fast as the query builder, and scraping inserts many thousands of rows. Its id, or undefined
 * when the article is already stored.
 */
function insertSqliteRow(row: ArticleInsertRow): number | undefined {
  const tags = JSON.stringify(row.tags);
  const id = statement(SQLITE_INSERT.insert)
    .pluck()
    .get({
      ...row,
      tags,
      manuallyTagged: row.manuallyTagged ? 1 : 0,
      agencies: JSON.stringify(row.agencies),
      significant: row.significant ? 1 : 0,
      regulationIdNumbers: JSON.stringify(row.regulationIdNumbers),
      topics: JSON.stringify(row.topics),
      cfrReferences: JSON.stringify(row.cfrReferences),
      docketIds: JSON.stringify(row.docketIds),
      publishDate: row.publishDate.getTime(),
      isDemo: row.isDemo ? 1 : 0,
      specialFiling: row.specialFiling ? 1 : 0,
    }) as number | undefined;
  if (id !== undefined && row.tags.length) statement(SQLITE_INSERT.tags).run(id, tags);
  return id;
}

/**
 * Inserts rows with their tags and lookup rows (app/articles/store/article-indexes.server.ts), as steps of a
 * transaction: each item's new id, or undefined when already stored.
 */
function* insertRows(tx: Transaction, rows: [Pending, ArticleInsertRow][]): TransactionPart<Map<Pending, number | undefined>> {
  const ids = new Map<Pending, number | undefined>();
  const inserted: IndexedArticle[] = [];
  if (engine() === "sqlite") {
    for (const [item, row] of rows) {
      const id = insertSqliteRow(row);
      ids.set(item, id);
      if (id !== undefined) inserted.push({ ...row, id });
    }
    yield* indexNewArticles(tx, inserted);
    return ids;
  }
  // PostgreSQL: a few multi-row statements for the whole batch rather than round trips per row. A row skipped by
  // ON CONFLICT (its address or document number already stored, or earlier in the batch) returns nothing.
  const idByAddress = new Map<string, number>();
  for (const chunk of chunks(rows, 1_000)) {
    // One statement over an array per column: the query builder spent a third of the ingest's CPU spelling out a
    // multi-row VALUES (docs/benchmarks.md, "Ingest").
    const statement = unnestInsert(
      t.articles,
      chunk.map(([, row]) => row),
    );
    const inserted = yield* tx.all<{ id: number; address: string }>(sql`${statement} ON CONFLICT DO NOTHING RETURNING id, canonical_url AS address`);
    for (const { id, address } of inserted) idByAddress.set(address, id);
  }
  const tags: { articleId: number; tag: string }[] = [];
  for (const [item, row] of rows) {
    const id = idByAddress.get(row.canonicalUrl);
    // Taken by the first item of the batch with this address; a later one is a duplicate.
    idByAddress.delete(row.canonicalUrl);
    ids.set(item, id);
    if (id === undefined) continue;
    tags.push(...row.tags.map((tag) => ({ articleId: id, tag })));
    inserted.push({ ...row, id });
  }
  for (const chunk of chunks(tags, 10_000)) yield* tx.execute(sql`${unnestInsert(t.articleTags, chunk)} ON CONFLICT DO NOTHING`);
  yield* indexNewArticles(tx, inserted);
  return ids;
}

/** A stored article still on the public inspection desk, which a published version of its document turns into itself. */
type OnInspection = { id: number; manuallyTagged: boolean };

/**
 * The stored desk articles that published items of the batch are the published versions of (same document number),
 * as steps of a transaction. Only items that are not from the desk themselves and carry a document number ask.
 */
function* articlesOnInspection(tx: Transaction, items: Pending[]): TransactionPart<Map<Pending, OnInspection>> {
  const found = new Map<Pending, OnInspection>();
  const published = items.filter((item) => item.documentNumber && !item.input.publicInspection);
  if (!published.length) return found;
  const byNumber = new Map<string, OnInspection>();
  const numbers = published.map((item) => item.documentNumber!);
  // SQLite: a few statements on the transaction's connection rather than one per item.
  if (engine() === "sqlite")
    for (const list of sqliteInLists(numbers))
      for (const row of statement(SQLITE_INSERT.onInspection).all(list) as { id: number; documentNumber: string; manuallyTagged: number }[])
        byNumber.set(row.documentNumber, { id: row.id, manuallyTagged: Boolean(row.manuallyTagged) });
  else
    for (const chunk of chunks(numbers, 10_000)) {
      const rows = yield* tx.all(
        tx.db
          .select({ id: t.articles.id, documentNumber: t.articles.documentNumber, manuallyTagged: t.articles.manuallyTagged })
          .from(t.articles)
          .where(and(inArray(t.articles.documentNumber, chunk), isNotNull(t.articles.publicInspectionPublishesOn))),
      );
      for (const row of rows) byNumber.set(row.documentNumber!, row);
    }
  for (const item of published) {
    const row = byNumber.get(item.documentNumber!);
    if (row) found.set(item, row);
  }
  return found;
}

/**
 * Moves the day a stored desk article publishes when a later read of the desk gives another day for its document
 * (the desk reschedules a filing now and then), as steps of a transaction. Only articles still on the desk follow:
 * a published one keeps what the published version said.
 */
function* followDeskDates(tx: Transaction, items: Pending[]): TransactionPart<void> {
  const desk = items.filter((item) => item.documentNumber && item.input.publicInspection);
  if (!desk.length) return;
  const stored = new Map<string, string>();
  for (const chunk of chunks(
    desk.map((item) => item.documentNumber!),
    10_000,
  )) {
    const rows = yield* tx.all(
      tx.db
        .select({ documentNumber: t.articles.documentNumber, publishesOn: t.articles.publicInspectionPublishesOn })
        .from(t.articles)
        .where(and(inArray(t.articles.documentNumber, chunk), isNotNull(t.articles.publicInspectionPublishesOn))),
    );
    for (const row of rows) stored.set(row.documentNumber!, row.publishesOn!);
  }
  let moved = false;
  for (const item of desk) {
    const publishesOn = item.input.publicInspection!.publishesOn;
    const was = stored.get(item.documentNumber!);
    if (was === undefined || was === publishesOn) continue;
    yield* tx.execute(
      tx.db
        .update(t.articles)
        .set({ publicInspectionPublishesOn: publishesOn })
        .where(and(eq(t.articles.documentNumber, item.documentNumber!), isNotNull(t.articles.publicInspectionPublishesOn))),
    );
    moved = true;
  }
  // The cards show the day, but the revision's update trigger does not watch this column: move the revision here,
  // so shared pages (docs/decisions/013) are rendered again with the new day.
  if (moved) yield* tx.execute(sql`UPDATE article_revision SET revision = revision + 1 WHERE id = 1`);
}

/**
 * Turns a stored desk article into its published version, keeping its id (so bookmarks, views and alerts follow
 * it): the published link, date, text and register fields replace the desk's, and the desk's mark goes. A field the
 * published item leaves empty keeps what the desk said. An editor's classification stays; otherwise the article is
 * judged again on the published text. docs/decisions/032.
 */
function* publishStoredArticle(tx: Transaction, stored: OnInspection, row: ArticleInsertRow): TransactionPart<void> {
  const { id } = stored;
  // The published address is the article's unless another article holds it already (the unique index would refuse).
  const holder = yield* tx.first(tx.db.select({ id: t.articles.id }).from(t.articles).where(eq(t.articles.canonicalUrl, row.canonicalUrl)));
  const address = holder && holder.id !== id ? {} : { originalUrl: row.originalUrl, canonicalUrl: row.canonicalUrl };
  const judgement = stored.manuallyTagged
    ? {}
    : { category: row.category, priority: row.priority, categoryReason: row.categoryReason, priorityReason: row.priorityReason, tags: row.tags };
  const filled = <T>(value: T[]) => (value.length ? { value } : null);
  const agencies = filled(row.agencies);
  const docketIds = filled(row.docketIds);
  yield* tx.execute(
    tx.db
      .update(t.articles)
      .set({
        ...address,
        ...judgement,
        title: row.title,
        summary: row.summary,
        sourceId: row.sourceId,
        sourceName: row.sourceName,
        publishDate: row.publishDate,
        significant: row.significant,
        commentsCloseOn: row.commentsCloseOn,
        effectiveOn: row.effectiveOn,
        registerAction: row.registerAction,
        registerDates: row.registerDates,
        regulationIdNumbers: row.regulationIdNumbers,
        topics: row.topics,
        cfrReferences: row.cfrReferences,
        ...(row.documentType ? { documentType: row.documentType } : {}),
        ...(agencies ? { agencies: agencies.value } : {}),
        ...(docketIds ? { docketIds: docketIds.value } : {}),
        ...(row.pageLength !== null ? { pageLength: row.pageLength } : {}),
        ...(row.fullTextXmlUrl ? { fullTextXmlUrl: row.fullTextXmlUrl } : {}),
        publicInspectionPublishesOn: null,
      })
      .where(eq(t.articles.id, id)),
  );
  if (!stored.manuallyTagged) yield* replaceArticleTags(tx, id, row.tags);
  // Read back rather than taken from `row`: the desk's agencies, dockets and an editor's category may stay.
  yield* reindexStoredArticles(tx, [id]);
}

/**
 * Stores classified articles, each unless it (or a deleted twin) is already known, in one transaction: a batch is
 * stored whole or not at all. Each item's outcome.
 */
export async function storeArticles(pending: Pending[]): Promise<Map<Pending, InsertOutcome>> {
  const rows = new Map(pending.map((item) => [item, articleInsertRow(item)]));
  // Immediate: a transaction that reads first and writes later cannot wait for another process's write
  // (SQLite answers SQLITE_BUSY at once); taking the write lock up front lets busy_timeout do its work.
  return transaction(
    function* (tx) {
      // The insert path read the markers before judging (app/ingest/insert.server.ts); they are read again here
      // because an editor may delete a twin after that read: only a read inside this transaction, which holds the
      // write lock, sees every deletion committed before the rows go in.
      const deleted = yield* deletedItems(tx, pending);
      const kept = [...rows].filter(([item]) => !deleted.has(item));
      const onInspection = yield* articlesOnInspection(
        tx,
        kept.map(([item]) => item),
      );
      for (const [item, row] of kept) {
        const stored = onInspection.get(item);
        if (stored) yield* publishStoredArticle(tx, stored, row);
      }
      // A desk document stored already stays one article (a duplicate below), its publication day following the desk.
      yield* followDeskDates(
        tx,
        kept.map(([item]) => item),
      );
      const ids = yield* insertRows(
        tx,
        kept.filter(([item]) => !onInspection.has(item)),
      );
      // Each new or published article's official designation, from the statements and agenda entries stored so far.
      yield* writeDesignations(tx, [
        ...[...ids.values()].filter((id): id is number => id !== undefined),
        ...[...onInspection.values()].map((stored) => stored.id),
      ]);
      const outcomes = new Map<Pending, InsertOutcome>();
      for (const item of pending) {
        const published = onInspection.get(item);
        const id = ids.get(item);
        if (published) outcomes.set(item, { status: "published", id: published.id });
        else if (!ids.has(item)) outcomes.set(item, { status: "deleted" });
        else outcomes.set(item, id === undefined ? { status: "duplicate" } : { status: "inserted", id });
      }
      yield* recordCommentReads(tx, yield* commentReadsOf(tx, kept, outcomes));
      return outcomes;
    },
    { behavior: "immediate" },
  );
}

/**
 * The comment counts the batch read, each with its article: the one just stored or published, or, for a document
 * stored before (a re-read, a backfill), the article holding its number. Only Federal Register documents carry one.
 */
function* commentReadsOf(tx: Transaction, kept: [Pending, ArticleInsertRow][], outcomes: Map<Pending, InsertOutcome>): TransactionPart<CommentRead[]> {
  const counted = kept.filter(([item]) => item.input.comments && item.documentNumber).map(([item]) => item);
  if (!counted.length) return [];
  const byNumber = new Map<string, number>();
  const known = counted.filter((item) => outcomes.get(item)?.status === "duplicate").map((item) => item.documentNumber!);
  for (const chunk of chunks(known, 10_000)) {
    const rows = yield* tx.all(
      tx.db.select({ id: t.articles.id, documentNumber: t.articles.documentNumber }).from(t.articles).where(inArray(t.articles.documentNumber, chunk)),
    );
    for (const row of rows) byNumber.set(row.documentNumber!, row.id);
  }
  return counted.flatMap((item) => {
    const outcome = outcomes.get(item)!;
    const articleId = "id" in outcome ? outcome.id : byNumber.get(item.documentNumber!);
    return articleId === undefined ? [] : [{ articleId, ...item.input.comments! }];
  });
}

/** Keeps the article_tags index in step with the article's tag list, as part of the caller's transaction. */
export function* replaceArticleTags(tx: Transaction, articleId: number, tags: string[]) {
  yield* tx.execute(tx.db.delete(t.articleTags).where(eq(t.articleTags.articleId, articleId)));
  if (tags.length)
    yield* tx.execute(
      tx.db
        .insert(t.articleTags)
        .values(tags.map((tag) => ({ articleId, tag })))
        .onConflictDoNothing(),
    );
}
