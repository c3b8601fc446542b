// Writing each article's official designation (articles.designation, designation_basis) as designation.ts decides it,
// in the transaction that changed what it is decided from: a full text read (app/rule-text/store.server.ts
// saveRuleText), an agenda edition loaded (app/ingest/unified-agenda.server.ts) or an article stored
// (app/articles/store/insert.server.ts). Articles tagged by hand are written too: an editor corrects the category (the
// product's judgement), never the official designation (docs/decisions/050).
import { and, asc, eq, gt, inArray, isNotNull, type SQL } from "drizzle-orm";
import { agendaEntriesIn, citesAnyRin } from "../agenda/store.server";
import { t, type Transaction, type TransactionPart } from "../db.server";
import { articleDesignation } from "./designation";

const BATCH = 500;

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
  // What the documents state (app/rule-text/store.server.ts statedDesignationsIn reads the same), read here so the
  // rule-text store can call this module without a cycle.
  const statedRows = yield* tx.all(
    tx.db
      .select({ articleId: t.ruleTexts.articleId, designation: t.ruleTexts.designation })
      .from(t.ruleTexts)
      .where(
        and(
          inArray(
            t.ruleTexts.articleId,
            rows.map((row) => row.id),
          ),
          isNotNull(t.ruleTexts.designation),
          isNotNull(t.ruleTexts.designationSentence),
        ),
      ),
  );
  const stated = new Map(statedRows.map((row) => [row.articleId, row]));
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
