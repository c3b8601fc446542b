// Writing each article's official designation (articles.designation, designation_basis) as designation.ts decides it,
// in the transaction that changed what it is decided from: a full text read (app/rule-text/store.server.ts
// saveRuleText), an agenda edition loaded (app/ingest/unified-agenda.server.ts) or an article stored
// (app/articles/store/insert.server.ts). Articles tagged by hand are written too: an editor corrects the category (the
// product's judgement), never the official designation (docs/decisions/050).
// What the documents state of themselves is read here alone (statedDesignationsIn), for the classifier too.
import { and, asc, eq, gt, inArray, isNotNull, type SQL } from "drizzle-orm";
import { agendaEntriesIn, citesAnyRin } from "../agenda/store.server";
import { t, type Transaction, type TransactionPart } from "../db.server";
import { articleDesignation } from "./designation";

const BATCH = 500;

export type StatedDesignations = Map<number, { designation: string; sentence: string }>;

/**
 * The designations documents state of themselves (rule_texts, written by app/rule-text/store.server.ts), by article
 * id, in a transaction: what decides the official designation here, and what the classifier reads first.
 */
export function* statedDesignationsIn(tx: Transaction, articleIds: readonly number[]): TransactionPart<StatedDesignations> {
  const found: StatedDesignations = new Map();
  if (!articleIds.length) return found;
  const { articleId, designation, designationSentence } = t.ruleTexts;
  const rows = yield* tx.all(
    tx.db
      .select({ articleId, designation, designationSentence })
      .from(t.ruleTexts)
      .where(and(inArray(articleId, [...articleIds]), isNotNull(designation), isNotNull(designationSentence))),
  );
  for (const row of rows)
    if (row.designation && row.designationSentence) found.set(row.articleId, { designation: row.designation, sentence: row.designationSentence });
  return found;
}

/** Writes the designation of the next batch of articles after `afterId` matching `only`; answers how many changed and the last id. */
function* writeBatch(tx: Transaction, only: SQL, afterId: number) {
  const rows = yield* tx.all(
    tx.db
      .select({ id: t.articles.id, rins: t.articles.regulationIdNumbers, designation: t.articles.designation, basis: t.articles.designationBasis })
      .from(t.articles)
      .where(and(only, gt(t.articles.id, afterId)))
      .orderBy(asc(t.articles.id))
      .limit(BATCH),
  );
  if (!rows.length) return { changed: 0, lastId: undefined };
  const stated = yield* statedDesignationsIn(
    tx,
    rows.map((row) => row.id),
  );
  const agenda = yield* agendaEntriesIn(
    tx,
    rows.flatMap((row) => row.rins),
  );
  let changed = 0;
  for (const row of rows) {
    const decided = articleDesignation(
      stated.get(row.id)?.designation,
      row.rins.map((rin) => agenda.get(rin.trim().toUpperCase())?.designation),
    );
    if (decided.designation === row.designation && decided.basis === row.basis) continue;
    yield* tx.execute(tx.db.update(t.articles).set({ designation: decided.designation, designationBasis: decided.basis }).where(eq(t.articles.id, row.id)));
    changed++;
  }
  return { changed, lastId: rows[rows.length - 1].id };
}

function* writeWhere(tx: Transaction, only: SQL): TransactionPart<number> {
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const batch = yield* writeBatch(tx, only, afterId);
    if (batch.lastId === undefined) return changed;
    changed += batch.changed;
    afterId = batch.lastId;
  }
}

/** Writes the official designation of these articles, as part of the caller's transaction; answers how many changed. */
export function* writeDesignations(tx: Transaction, articleIds: readonly number[]): TransactionPart<number> {
  let changed = 0;
  for (let start = 0; start < articleIds.length; start += BATCH)
    changed += yield* writeWhere(tx, inArray(t.articles.id, articleIds.slice(start, start + BATCH)));
  return changed;
}

/** Writes the official designation of the articles citing any of these RINs (their agenda entries changed). */
export function* writeDesignationsCiting(tx: Transaction, rins: readonly string[]): TransactionPart<number> {
  if (!rins.length) return 0;
  return yield* writeWhere(tx, citesAnyRin(rins));
}
