// What the rules say about themselves and what they change, as stored: each rule's or proposed rule's statements read
// from its full text (rule_texts), the redline of each CFR part a final rule amends (cfr_redlines), and the eCFR part
// versions those redlines compare (cfr_part_versions, kept gzip-compressed: a part can be tens of megabytes).
import { gunzipSync, gzipSync } from "node:zlib";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { all, db, execute, first, t, transaction, type Transaction, type TransactionPart } from "../db.server";
import type { CfrPartAmended, RuleStatement, RuleTextWarning } from "./statements";
import { redlineSchema, type Redline } from "./redline";
import { writeDesignations } from "../designations/store.server";

/** The Federal Register document types whose full text states its designation and amends the CFR. */
export const RULE_DOCUMENT_TYPES = ["Rule", "Proposed Rule"] as const;

export type RuleTextRow = typeof t.ruleTexts.$inferSelect;
export type RedlineRow = Omit<typeof t.cfrRedlines.$inferSelect, "redline"> & { redline: Redline | null };

/**
 * Documents whose full text is to be read: rules and proposed rules with a full-text address and no text read yet,
 * or whose last attempt failed and is due again. Newest first: a reader looks at this week's rules first.
 */
export async function documentsAwaitingText(limit: number, now: Date) {
  const due = or(isNull(t.ruleTexts.articleId), and(eq(t.ruleTexts.status, "failed"), lte(t.ruleTexts.nextAttemptAt, now)));
  return all(
    db()
      .select({
        articleId: t.articles.id,
        url: t.articles.fullTextXmlUrl,
        documentType: t.articles.documentType,
        effectiveOn: t.articles.effectiveOn,
        attempts: t.ruleTexts.attempts,
      })
      .from(t.articles)
      .leftJoin(t.ruleTexts, eq(t.ruleTexts.articleId, t.articles.id))
      .where(and(inArray(t.articles.documentType, [...RULE_DOCUMENT_TYPES]), isNotNull(t.articles.fullTextXmlUrl), due))
      .orderBy(desc(t.articles.publishDate), desc(t.articles.id))
      .limit(limit),
  );
}

/** How many documents still wait for their full text (the dashboard's progress). */
export async function documentsAwaitingTextCount(now: Date) {
  const due = or(isNull(t.ruleTexts.articleId), and(eq(t.ruleTexts.status, "failed"), lte(t.ruleTexts.nextAttemptAt, now)));
  const row = await first(
    db()
      .select({ n: sql<number>`count(*)` })
      .from(t.articles)
      .leftJoin(t.ruleTexts, eq(t.ruleTexts.articleId, t.articles.id))
      .where(and(inArray(t.articles.documentType, [...RULE_DOCUMENT_TYPES]), isNotNull(t.articles.fullTextXmlUrl), due)),
  );
  return Number(row?.n ?? 0);
}

/**
 * The app_state row whose value moves whenever a stored text or redline changes what a page shows: the shared pages'
 * revision reads it (app/feed/store/shared-feed.server.ts), so a cached article or rulemaking page is rendered anew.
 */
export const RULE_TEXTS_CHANGED_KEY = "rule-texts-changed";

function* markChanged(tx: Transaction, now: Date): TransactionPart<void> {
  const value = now.getTime();
  yield* tx.execute(
    tx.db
      .insert(t.appState)
      .values({ key: RULE_TEXTS_CHANGED_KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: t.appState.key, set: { value, updatedAt: now } }),
  );
}

export type ReadRuleText = {
  statements: RuleStatement[];
  amends: CfrPartAmended[];
  warnings: RuleTextWarning[];
  designation: string | null;
  designationSentence: string | null;
};

/**
 * Stores what a document's full text says, and queues the redline of each part a final rule amends when it has an
 * effective date (a part already queued or compared keeps its row).
 */
export async function saveRuleText(articleId: number, text: ReadRuleText, redline: { effectiveOn: string } | null, now: Date) {
  await transaction(function* (tx) {
    const values = { ...text, status: "read", readAt: now, error: null, nextAttemptAt: null };
    yield* tx.execute(
      tx.db
        .insert(t.ruleTexts)
        .values({ articleId, attempts: 1, ...values })
        .onConflictDoUpdate({ target: t.ruleTexts.articleId, set: { ...values, attempts: sql`${t.ruleTexts.attempts} + 1` } }),
    );
    // The statement decides the article's official designation, which the ledger counts (app/ledger/); a re-read
    // that finds another (or none) moves it, in the same transaction.
    yield* writeDesignations(tx, [articleId]);
    yield* markChanged(tx, now);
    if (!redline || !text.amends.length) return;
    yield* tx.execute(
      tx.db
        .insert(t.cfrRedlines)
        .values(text.amends.map(({ title, part }) => ({ articleId, title, part, status: "pending", effectiveOn: redline.effectiveOn, nextAttemptAt: now })))
        .onConflictDoNothing(),
    );
  });
}

/** Records a failed read, to be tried again at `nextAttemptAt`. */
export async function recordRuleTextFailure(articleId: number, error: string, nextAttemptAt: Date) {
  const values = { status: "failed", error, nextAttemptAt };
  await execute(
    db()
      .insert(t.ruleTexts)
      .values({ articleId, attempts: 1, ...values })
      .onConflictDoUpdate({ target: t.ruleTexts.articleId, set: { ...values, attempts: sql`${t.ruleTexts.attempts} + 1` } }),
  );
}

/** The stored rule texts of these articles, by article id. */
export async function ruleTextsOf(articleIds: readonly number[]): Promise<Map<number, RuleTextRow>> {
  if (!articleIds.length) return new Map();
  const rows = await all(
    db()
      .select()
      .from(t.ruleTexts)
      .where(inArray(t.ruleTexts.articleId, [...articleIds])),
  );
  return new Map(rows.map((row) => [row.articleId, row]));
}

/** Redlines waiting for eCFR: never compared, or due to be asked again. */
export async function redlinesAwaiting(limit: number, now: Date) {
  return all(
    db()
      .select({
        articleId: t.cfrRedlines.articleId,
        title: t.cfrRedlines.title,
        part: t.cfrRedlines.part,
        effectiveOn: t.cfrRedlines.effectiveOn,
        attempts: t.cfrRedlines.attempts,
      })
      .from(t.cfrRedlines)
      .where(and(eq(t.cfrRedlines.status, "pending"), lte(t.cfrRedlines.nextAttemptAt, now)))
      .orderBy(asc(t.cfrRedlines.nextAttemptAt))
      .limit(limit),
  );
}

/** How many redlines wait for eCFR and are due. */
export async function redlinesAwaitingCount(now: Date) {
  const row = await first(
    db()
      .select({ n: sql<number>`count(*)` })
      .from(t.cfrRedlines)
      .where(and(eq(t.cfrRedlines.status, "pending"), lte(t.cfrRedlines.nextAttemptAt, now))),
  );
  return Number(row?.n ?? 0);
}

type RedlineKey = { articleId: number; title: number; part: number };
const redlineWhere = (key: RedlineKey) => and(eq(t.cfrRedlines.articleId, key.articleId), eq(t.cfrRedlines.title, key.title), eq(t.cfrRedlines.part, key.part));

/** Stores a compared part: the redline compressed, its restriction counts, and the two version dates. */
export async function saveRedline(
  key: RedlineKey,
  result: { status: "compared" | "unchanged"; beforeDate: string | null; afterDate: string | null; redline: Redline | null; removed: number; added: number },
  now: Date,
) {
  // Compressed before the transaction: a large part's redline takes a while, and the write lock waits for nothing.
  const redline = result.redline ? gzipSync(JSON.stringify(result.redline)) : null;
  await transaction(function* (tx) {
    yield* tx.execute(
      tx.db
        .update(t.cfrRedlines)
        .set({
          status: result.status,
          beforeDate: result.beforeDate,
          afterDate: result.afterDate,
          redline,
          restrictionsRemoved: result.removed,
          restrictionsAdded: result.added,
          checkedAt: now,
          nextAttemptAt: null,
          error: null,
          attempts: sql`${t.cfrRedlines.attempts} + 1`,
        })
        .where(redlineWhere(key)),
    );
    // The article's sums over its compared parts, which the feed's restrictions filter and sort read from an index.
    const compared = and(eq(t.cfrRedlines.articleId, key.articleId), eq(t.cfrRedlines.status, "compared"));
    yield* tx.execute(
      tx.db
        .update(t.articles)
        .set({
          restrictionsRemoved: sql`(SELECT coalesce(sum(${t.cfrRedlines.restrictionsRemoved}), 0) FROM ${t.cfrRedlines} WHERE ${compared})`,
          restrictionsAdded: sql`(SELECT coalesce(sum(${t.cfrRedlines.restrictionsAdded}), 0) FROM ${t.cfrRedlines} WHERE ${compared})`,
        })
        .where(eq(t.articles.id, key.articleId)),
    );
    yield* markChanged(tx, now);
  });
}

/** Keeps a redline pending until `nextAttemptAt`: eCFR has not published the new text yet, or the read failed. */
export async function deferRedline(key: RedlineKey, nextAttemptAt: Date, now: Date, error: string | null) {
  await execute(
    db()
      .update(t.cfrRedlines)
      .set({ nextAttemptAt, checkedAt: now, error, attempts: sql`${t.cfrRedlines.attempts} + 1` })
      .where(redlineWhere(key)),
  );
}

/** Every redline of an article, its parts in order, with the redline itself decompressed. */
export async function redlinesOf(articleId: number): Promise<RedlineRow[]> {
  const rows = await all(
    db().select().from(t.cfrRedlines).where(eq(t.cfrRedlines.articleId, articleId)).orderBy(asc(t.cfrRedlines.title), asc(t.cfrRedlines.part)),
  );
  return rows.map((row) => ({ ...row, redline: row.redline ? redlineSchema.parse(JSON.parse(gunzipSync(row.redline).toString("utf8"))) : null }));
}

export type RedlineSummary = { title: number; part: number; status: string; effectiveOn: string; removed: number | null; added: number | null };

/** Each article's redline state in brief (no redline text): for cards, lists and exports. */
export async function redlineSummariesOf(articleIds: readonly number[]) {
  const found = new Map<number, RedlineSummary[]>();
  if (!articleIds.length) return found;
  const rows = await all(
    db()
      .select({
        articleId: t.cfrRedlines.articleId,
        title: t.cfrRedlines.title,
        part: t.cfrRedlines.part,
        status: t.cfrRedlines.status,
        effectiveOn: t.cfrRedlines.effectiveOn,
        removed: t.cfrRedlines.restrictionsRemoved,
        added: t.cfrRedlines.restrictionsAdded,
      })
      .from(t.cfrRedlines)
      .where(inArray(t.cfrRedlines.articleId, [...articleIds]))
      .orderBy(asc(t.cfrRedlines.title), asc(t.cfrRedlines.part)),
  );
  for (const { articleId, ...row } of rows) found.set(articleId, [...(found.get(articleId) ?? []), row]);
  return found;
}

/** A part's text on an eCFR version date, if fetched before. */
export async function storedPartVersion(title: number, part: number, date: string): Promise<Buffer | undefined> {
  const row = await first(
    db()
      .select({ xml: t.cfrPartVersions.xml })
      .from(t.cfrPartVersions)
      .where(and(eq(t.cfrPartVersions.title, title), eq(t.cfrPartVersions.part, part), eq(t.cfrPartVersions.date, date))),
  );
  return row ? gunzipSync(row.xml) : undefined;
}

/** Keeps a part's text on an eCFR version date, compressed; a version never changes, so a second write is dropped. */
export async function storePartVersion(title: number, part: number, date: string, xml: Buffer) {
  await execute(
    db()
      .insert(t.cfrPartVersions)
      .values({ title, part, date, xml: gzipSync(xml), bytes: xml.length })
      .onConflictDoNothing(),
  );
}
