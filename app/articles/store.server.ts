// Writing articles: one insert path for every source, deduplicated by canonical URL and
// Federal Register document number across all sources.
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { agendaEntriesOf, officialDesignationOf, type AgendaEntries } from "../agenda/store.server";
import { all, db, engine, execute, first, statement, t, transaction, type Transaction, type TransactionPart } from "../db.server";
import { canonicalUrl, federalRegisterDocumentNumber, isHttpUrl } from "./canonical-url";
import { classifyArticle, EDITOR_REASON, type Classification, type ClassifyInput } from "./classify";

export type NewArticle = {
  title: string;
  summary: string;
  originalUrl: string;
  publishDate: Date;
  sourceId: number | null;
  sourceName: string;
  sourceCategory?: string | null;
  documentNumber?: string | null;
  documentType?: string | null;
  agencies?: string[];
  significant?: boolean;
  commentsCloseOn?: string | null;
  effectiveOn?: string | null;
  /** Federal Register `action` line and `dates` paragraph. */
  registerAction?: string | null;
  registerDates?: string | null;
  regulationIdNumbers?: string[];
  topics?: string[];
  /** e.g. "40 CFR 52" */
  cfrReferences?: string[];
  pageLength?: number | null;
  /** Regulations.gov docket ids (Federal Register documents). */
  docketIds?: string[];
  isDemo?: boolean;
  /**
   * A document read from the Federal Register's public inspection desk, not yet published: the day it publishes and
   * whether it is a special filing. Absent for everything else, which includes the published version of such a
   * document: that one turns the stored desk article into itself (docs/decisions/032).
   */
  publicInspection?: { publishesOn: string; specialFiling: boolean } | null;
  /**
   * Category, priority and tags chosen by a person (the admin's Add Article); marks the article manually tagged.
   * No rule decided it: its reasons say an editor set them.
   */
  manualClassification?: Pick<Classification, "category" | "priority" | "tags">;
  /**
   * Category, priority, tags and reasons the model-assisted classifier gave at ingestion (app/ai/classify-assist.server.ts):
   * stored instead of the local judgement, but not a manual edit, so the jobs may re-judge it later.
   */
  assistedClassification?: Pick<Classification, "category" | "priority" | "tags" | "reason">;
};

/** What an article says about itself that the classifier reads: the same signals at ingestion and in the jobs. */
type ClassifiedFields = Pick<
  NewArticle,
  | "title"
  | "summary"
  | "sourceName"
  | "documentType"
  | "agencies"
  | "significant"
  | "commentsCloseOn"
  | "effectiveOn"
  | "registerAction"
  | "registerDates"
  | "regulationIdNumbers"
  | "topics"
  | "cfrReferences"
  | "pageLength"
>;

/**
 * The classifier's input from an article's fields; `officialDesignation` is its rulemaking's designation in the
 * Unified Agenda (officialDesignationFor), when the caller has looked it up.
 */
export function classifyInputOf(
  article: ClassifiedFields,
  sourceCategory: string | null | undefined,
  officialDesignation: ClassifyInput["officialDesignation"] = null,
): ClassifyInput {
  return {
    title: article.title,
    summary: article.summary,
    sourceCategory,
    sourceName: article.sourceName,
    documentType: article.documentType,
    agencies: article.agencies,
    significant: article.significant,
    commentsCloseOn: article.commentsCloseOn,
    effectiveOn: article.effectiveOn,
    action: article.registerAction,
    dates: article.registerDates,
    regulationIdNumbers: article.regulationIdNumbers,
    topics: article.topics,
    cfrReferences: article.cfrReferences,
    pageLength: article.pageLength,
    officialDesignation,
  };
}

/** The Unified Agenda's designation of the rulemaking these RINs name, or null (one query; none without RINs). */
export async function officialDesignationFor(regulationIdNumbers: readonly string[] | undefined) {
  if (!regulationIdNumbers?.length) return null;
  return officialDesignationOf(regulationIdNumbers, await agendaEntriesOf(regulationIdNumbers));
}

/** Classifies a new article, or takes an editor's choice (Add Article) with reasons that say so. */
function classificationOf(input: NewArticle, agenda: AgendaEntries): Pick<Classification, "category" | "priority" | "tags" | "reason"> {
  if (input.manualClassification) return { ...input.manualClassification, reason: { category: EDITOR_REASON, priority: EDITOR_REASON } };
  if (input.assistedClassification) return input.assistedClassification;
  const rins = input.regulationIdNumbers ?? [];
  return classifyArticle(classifyInputOf(input, input.sourceCategory, rins.length ? officialDesignationOf(rins, agenda) : null));
}

type InsertOutcome =
  | { status: "inserted"; id: number }
  /** The published version of a document stored from the public inspection desk: that article (same id) now holds it. */
  | { status: "published"; id: number }
  | { status: "duplicate" }
  | { status: "deleted" }
  /** The link is not an http(s) URL: never stored, so it can never be rendered as a link. */
  | { status: "invalid-url" };

export function dedupKeys(canonical: string, documentNumber: string | null | undefined) {
  return [`url:${canonical}`, ...(documentNumber ? [`doc:${documentNumber}`] : [])];
}

/** Statements of SQLite's insert path, prepared once per connection (db/statement-cache.ts): scraping inserts many thousands of rows. */
const SQLITE_INSERT = {
  tombstone: "SELECT 1 FROM deleted_articles WHERE key IN (?, ?) LIMIT 1",
  stored: "SELECT 1 FROM articles WHERE canonical_url = ? OR document_number = ? LIMIT 1",
  insert: `INSERT INTO articles (title, summary, category, priority, category_reason, priority_reason, tags, manually_tagged, source_id,
     source_name, original_url, canonical_url, document_number, document_type, agencies, significant, comments_close_on, effective_on,
     register_action, register_dates, regulation_id_numbers, topics, cfr_references, page_length, docket_ids, publish_date, is_demo,
     public_inspection_publishes_on, special_filing)
   VALUES (@title, @summary, @category, @priority, @categoryReason, @priorityReason, @tags, @manuallyTagged, @sourceId,
     @sourceName, @originalUrl, @canonicalUrl, @documentNumber, @documentType, @agencies, @significant, @commentsCloseOn, @effectiveOn,
     @registerAction, @registerDates, @regulationIdNumbers, @topics, @cfrReferences, @pageLength, @docketIds, @publishDate, @isDemo,
     @publicInspectionPublishesOn, @specialFiling)
   ON CONFLICT DO NOTHING RETURNING id`,
  onInspection: "SELECT id, manually_tagged AS manuallyTagged FROM articles WHERE document_number = ? AND public_inspection_publishes_on IS NOT NULL",
  tag: "INSERT OR IGNORE INTO article_tags (article_id, tag) VALUES (?, ?)",
};

/** An article about to be inserted, with what its row is keyed by. */
type Pending = { input: NewArticle; canonical: string; documentNumber: string | null; urlKey: string; docKey: string | undefined };

type Keys = Pick<Pending, "urlKey" | "docKey">;

/** PostgreSQL's statements take at most 65,535 parameters: batches are cut well below. */
function* chunks<T>(items: T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

/** Which of the items an editor deleted (a tombstone under either key), as steps of a transaction. */
function* deletedItems<T extends Keys>(tx: Transaction, items: T[]): TransactionPart<Set<T>> {
  // SQLite: one prepared statement per item, on the transaction's connection (there is only one).
  if (engine() === "sqlite")
    return new Set(
      items.filter((item) =>
        statement(SQLITE_INSERT.tombstone)
          .pluck()
          .get(item.urlKey, item.docKey ?? item.urlKey),
      ),
    );
  // PostgreSQL: every key in a few queries rather than a round trip per item.
  const found = new Set<string>();
  const keys = items.flatMap((item) => (item.docKey ? [item.urlKey, item.docKey] : [item.urlKey]));
  for (const chunk of chunks(keys, 10_000)) {
    const rows = yield* tx.all(tx.db.select({ key: t.deletedArticles.key }).from(t.deletedArticles).where(inArray(t.deletedArticles.key, chunk)));
    for (const row of rows) found.add(row.key);
  }
  return new Set(items.filter((item) => found.has(item.urlKey) || (item.docKey !== undefined && found.has(item.docKey))));
}

/**
 * Whether insertArticle would turn this item away as known: stored under its canonical URL or document number, or
 * deleted by an editor. Lets ingestion skip work (a model call) for items it will not store.
 */
export async function isKnownArticle(originalUrl: string, documentNumber?: string | null) {
  if (!isHttpUrl(originalUrl)) return true;
  const canonical = canonicalUrl(originalUrl);
  const number = documentNumber || federalRegisterDocumentNumber(originalUrl) || null;
  const [urlKey, docKey] = dedupKeys(canonical, number);
  const deleted = async () => (await transaction((tx) => deletedItems(tx, [{ urlKey, docKey }]))).size > 0;
  if (engine() === "sqlite") return Boolean(statement(SQLITE_INSERT.stored).pluck().get(canonical, number)) || (await deleted());
  const stored = await first(
    db()
      .select({ found: sql`1` })
      .from(t.articles)
      .where(number === null ? eq(t.articles.canonicalUrl, canonical) : or(eq(t.articles.canonicalUrl, canonical), eq(t.articles.documentNumber, number)))
      .limit(1),
  );
  return Boolean(stored) || (await deleted());
}

/** The articles row of a classified article about to be inserted. */
function articleRow(item: Pending, classification: ReturnType<typeof classificationOf>) {
  const { input, canonical, documentNumber } = item;
  const { category, priority, tags, reason } = classification;
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
  };
}

type ArticleRow = ReturnType<typeof articleRow>;

/**
 * SQLite's insert of one row and its tags, through raw prepared statements inside the caller's better-sqlite3
 * transaction: twice as fast as the query builder, and scraping inserts many thousands of rows. Its id, or undefined
 * when the article is already stored.
 */
function insertSqliteRow(row: ArticleRow): number | undefined {
  const id = statement(SQLITE_INSERT.insert)
    .pluck()
    .get({
      ...row,
      tags: JSON.stringify(row.tags),
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
  if (id !== undefined) for (const tag of row.tags) statement(SQLITE_INSERT.tag).run(id, tag);
  return id;
}

/** Inserts rows and their tags, as steps of a transaction: each item's new id, or undefined when already stored. */
function* insertRows(tx: Transaction, rows: [Pending, ArticleRow][]): TransactionPart<Map<Pending, number | undefined>> {
  const ids = new Map<Pending, number | undefined>();
  if (engine() === "sqlite") {
    for (const [item, row] of rows) ids.set(item, insertSqliteRow(row));
    return ids;
  }
  // PostgreSQL: a few multi-row statements for the whole batch rather than round trips per row. A row skipped by
  // ON CONFLICT (its address or document number already stored, or earlier in the batch) returns nothing.
  const idByAddress = new Map<string, number>();
  for (const chunk of chunks(rows, 1_000)) {
    const values = chunk.map(([, row]) => row);
    const inserted = yield* tx.all(
      tx.db.insert(t.articles).values(values).onConflictDoNothing().returning({ id: t.articles.id, address: t.articles.canonicalUrl }),
    );
    for (const { id, address } of inserted) idByAddress.set(address, id);
  }
  const tags: { articleId: number; tag: string }[] = [];
  for (const [item, row] of rows) {
    const id = idByAddress.get(row.canonicalUrl);
    // Taken by the first item of the batch with this address; a later one is a duplicate.
    idByAddress.delete(row.canonicalUrl);
    ids.set(item, id);
    if (id !== undefined) tags.push(...row.tags.map((tag) => ({ articleId: id, tag })));
  }
  for (const chunk of chunks(tags, 10_000)) yield* tx.execute(tx.db.insert(t.articleTags).values(chunk).onConflictDoNothing());
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
  // SQLite: one lookup per item in the unique document number index, on the transaction's connection.
  if (engine() === "sqlite") {
    for (const item of published) {
      const row = statement(SQLITE_INSERT.onInspection).get(item.documentNumber) as { id: number; manuallyTagged: number } | undefined;
      if (row) found.set(item, { id: row.id, manuallyTagged: Boolean(row.manuallyTagged) });
    }
    return found;
  }
  const byNumber = new Map<string, OnInspection>();
  for (const chunk of chunks(
    published.map((item) => item.documentNumber!),
    10_000,
  )) {
    const rows = yield* tx.all(
      tx.db
        .select({ id: t.articles.id, documentNumber: t.articles.documentNumber, manuallyTagged: t.articles.manuallyTagged })
        .from(t.articles)
        .where(and(inArray(t.articles.documentNumber, chunk), isNotNull(t.articles.publicInspectionPublishesOn))),
    );
    for (const row of rows) byNumber.set(row.documentNumber!, { id: row.id, manuallyTagged: row.manuallyTagged });
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
function* publishStoredArticle(tx: Transaction, stored: OnInspection, row: ArticleRow): TransactionPart<void> {
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
        publicInspectionPublishesOn: null,
      })
      .where(eq(t.articles.id, id)),
  );
  if (!stored.manuallyTagged) yield* replaceArticleTags(tx, id, row.tags);
}

/**
 * Inserts classified articles, each unless it (or a deleted twin) is already known, in one transaction: a batch is
 * stored whole or not at all. Outcomes in the order of the inputs.
 */
export async function insertArticles(inputs: NewArticle[]): Promise<InsertOutcome[]> {
  const outcomes: (InsertOutcome | Pending)[] = [];
  for (const input of inputs) {
    // Adapters drop such items; this is the last guard before a link reaches an href on the page.
    if (!isHttpUrl(input.originalUrl)) {
      outcomes.push({ status: "invalid-url" });
      continue;
    }
    const canonical = canonicalUrl(input.originalUrl);
    const documentNumber = input.documentNumber || federalRegisterDocumentNumber(input.originalUrl) || null;
    const [urlKey, docKey] = dedupKeys(canonical, documentNumber);
    outcomes.push({ input, canonical, documentNumber, urlKey, docKey });
  }
  const items = outcomes.filter((outcome): outcome is Pending => "input" in outcome);
  // Classifying reads the Unified Agenda, which cannot happen inside the transaction: it is done first, for
  // articles not deleted already (the transaction asks again).
  const deletedBefore = await transaction((tx) => deletedItems(tx, items));
  const pending = items.filter((item) => !deletedBefore.has(item));
  if (!pending.length) return outcomes.map((item) => ("input" in item ? { status: "deleted" } : item));
  // The Unified Agenda entries of the whole batch, in one query.
  const agenda = await agendaEntriesOf(
    pending.flatMap(({ input }) => (input.manualClassification || input.assistedClassification ? [] : (input.regulationIdNumbers ?? []))),
  );
  const rows = new Map(pending.map((item) => [item, articleRow(item, classificationOf(item.input, agenda))]));
  // Immediate: a transaction that reads first and writes later cannot wait for another process's write
  // (SQLite answers SQLITE_BUSY at once); taking the write lock up front lets busy_timeout do its work.
  return transaction(
    function* (tx) {
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
      return outcomes.map((item): InsertOutcome => {
        if (!("input" in item)) return item;
        const published = onInspection.get(item);
        if (published) return { status: "published", id: published.id };
        if (!ids.has(item)) return { status: "deleted" };
        const id = ids.get(item);
        return id === undefined ? { status: "duplicate" } : { status: "inserted", id };
      });
    },
    { behavior: "immediate" },
  );
}

/** Inserts one classified article unless it (or a deleted twin) is already known (see insertArticles). */
export async function insertArticle(input: NewArticle): Promise<InsertOutcome> {
  return (await insertArticles([input]))[0];
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

/** Deletes articles and remembers them, so the next scrape does not bring them back. */
export async function deleteArticles(ids: number[]) {
  if (!ids.length) return 0;
  return transaction(
    function* (tx) {
      const rows = yield* tx.all(
        tx.db.select({ canonicalUrl: t.articles.canonicalUrl, documentNumber: t.articles.documentNumber }).from(t.articles).where(inArray(t.articles.id, ids)),
      );
      const keys = rows.flatMap((row) => dedupKeys(row.canonicalUrl, row.documentNumber));
      if (keys.length)
        yield* tx.execute(
          tx.db
            .insert(t.deletedArticles)
            .values(keys.map((key) => ({ key })))
            .onConflictDoNothing(),
        );
      return yield* tx.execute(tx.db.delete(t.articles).where(inArray(t.articles.id, ids)));
    },
    { behavior: "immediate" },
  );
}

export async function articleTotal() {
  return (await first<{ n: number }>(sql`SELECT count(*) AS n FROM articles`))!.n;
}

/** An article's category and priority, or undefined when there is no such article. */
export async function articleJudgement(id: number) {
  return first(db().select({ category: t.articles.category, priority: t.articles.priority }).from(t.articles).where(eq(t.articles.id, id)));
}

/** Stores an editor's tags (and priority, when given with its reason) and marks the article manually tagged. */
export async function saveEditorTags(id: number, tags: string[], priority?: { priority: string; priorityReason: string }) {
  await transaction(function* (tx) {
    yield* tx.execute(
      tx.db
        .update(t.articles)
        .set({ tags, manuallyTagged: true, ...priority })
        .where(eq(t.articles.id, id)),
    );
    yield* replaceArticleTags(tx, id, tags);
  });
}

/** Stores an editor's category (with its reason, when given) and marks the article manually tagged. */
export async function saveEditorCategory(id: number, category: string, reason: { categoryReason?: string }) {
  await execute(
    db()
      .update(t.articles)
      .set({ category, manuallyTagged: true, ...reason })
      .where(eq(t.articles.id, id)),
  );
}

/** Forgets that articles under these keys were deleted, so they may be added again. */
export async function forgetDeletedArticles(keys: string[]) {
  await execute(db().delete(t.deletedArticles).where(inArray(t.deletedArticles.key, keys)));
}

/** The id and link of an article, or undefined when there is no such article. */
export async function articleLink(id: number) {
  return first(db().select({ id: t.articles.id, originalUrl: t.articles.originalUrl }).from(t.articles).where(eq(t.articles.id, id)));
}

/** Every stored field of an article, or undefined when there is no such article. */
export async function storedArticle(id: number) {
  return first(db().select().from(t.articles).where(eq(t.articles.id, id)));
}

/** What writing an AI summary reads of an article, with the summary already stored, or undefined when there is none. */
export async function summaryRow(articleId: number) {
  return first(
    db()
      .select({
        id: t.articles.id,
        title: t.articles.title,
        summary: t.articles.summary,
        sourceName: t.articles.sourceName,
        originalUrl: t.articles.originalUrl,
        agencies: t.articles.agencies,
        documentType: t.articles.documentType,
        registerAction: t.articles.registerAction,
        effectiveOn: t.articles.effectiveOn,
        commentsCloseOn: t.articles.commentsCloseOn,
        aiSummary: t.articles.aiSummary,
        aiSummaryProvider: t.articles.aiSummaryProvider,
        aiSummaryModel: t.articles.aiSummaryModel,
      })
      .from(t.articles)
      .where(eq(t.articles.id, articleId)),
  );
}

/** Stores an AI summary with who wrote it, unless the article has one already (the first one stays). */
export async function storeAiSummary(articleId: number, summary: string, by: { provider: string; model: string | null }, at = new Date()) {
  await execute(
    db()
      .update(t.articles)
      .set({ aiSummary: summary, aiSummaryProvider: by.provider, aiSummaryModel: by.model, aiSummaryAt: at })
      .where(and(eq(t.articles.id, articleId), isNull(t.articles.aiSummary))),
  );
}

/** An article's own summary (empty when it has none), or undefined when there is no such article. */
export async function articleOwnSummary(articleId: number) {
  return (await first(db().select({ summary: t.articles.summary }).from(t.articles).where(eq(t.articles.id, articleId))))?.summary;
}

/** Removes the offline demo articles (scripts/demo.ts), without remembering them as deleted; answers how many. */
export async function deleteDemoArticles() {
  return execute(db().delete(t.articles).where(eq(t.articles.isDemo, true)));
}

/** The articles whose category an editor set by hand: labelled items the classifier learns from (scripts/train-classify.ts). */
export async function articlesCategorizedByEditors() {
  const { id, title, summary, category, documentNumber } = t.articles;
  return all(db().select({ id, title, summary, category, documentNumber }).from(t.articles).where(eq(t.articles.categoryReason, EDITOR_REASON)));
}
