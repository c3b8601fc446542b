// Reading rulemakings: the Federal Register documents that share a key (article_rulemakings, written by the store), the
// counts the cards show, and the court decisions and legislation that name a rulemaking exactly.
import { sql, type SQL } from "drizzle-orm";
import { all, engine, statement } from "../../db.server";

/** Categories whose articles may name a rulemaking: court decisions and legislation (app/articles/vocabulary.ts). */
export const NAMING_CATEGORIES = ["legal-decisions", "legislative-action"] as const;

/** Past this many documents a rulemaking's page lists the newest only (no real rulemaking comes near it). */
export const RULEMAKING_DOCUMENT_LIMIT = 500;

export type RulemakingDocumentRow = {
  id: number;
  title: string;
  documentNumber: string | null;
  documentType: string | null;
  registerAction: string | null;
  /** Epoch milliseconds. */
  publishDate: number;
  commentsCloseOn: string | null;
  effectiveOn: string | null;
  originalUrl: string;
  /** JSON text. */
  docketIds: string;
  regulationIdNumbers: string;
};

// Aliases quoted: PostgreSQL folds an unquoted one to lower case.
const DOCUMENT_COLUMNS = `a.id, a.title, a.document_number AS "documentNumber", a.document_type AS "documentType",
  a.register_action AS "registerAction", a.publish_date AS "publishDate", a.comments_close_on AS "commentsCloseOn",
  a.effective_on AS "effectiveOn", a.original_url AS "originalUrl", a.docket_ids AS "docketIds",
  a.regulation_id_numbers AS "regulationIdNumbers"`;

/** The documents of a rulemaking, oldest first, through the key index. */
export async function rulemakingDocuments(key: string): Promise<RulemakingDocumentRow[]> {
  const rows = await all<RulemakingDocumentRow>(sql`SELECT * FROM (SELECT ${sql.raw(DOCUMENT_COLUMNS)}
    FROM article_rulemakings r JOIN articles a ON a.id = r.article_id
    WHERE r.key = ${key} ORDER BY r.publish_date DESC, r.article_id DESC LIMIT ${RULEMAKING_DOCUMENT_LIMIT}) AS newest
    ORDER BY "publishDate", id`);
  // PostgreSQL's json columns come back from raw SQL as text, as SQLite's do; bigint times as numbers.
  return rows.map((row) => ({ ...row, publishDate: Number(row.publishDate) }));
}

export type RulemakingCount = { key: string; documents: number; since: number };

/**
 * For each of these articles, its rulemaking with the most documents we hold (ties: the first key in order), the
 * count and the first document's date: one query for a whole page of cards, through the key index both ways (the
 * rows carry their documents' dates, so no article row is read).
 */
export async function rulemakingCounts(articleIds: readonly number[]): Promise<Map<number, RulemakingCount>> {
  const ids = [...new Set(articleIds)];
  if (!ids.length) return new Map();
  const grouped = `SELECT r.article_id AS "articleId", r.key AS key, count(*) AS documents, min(o.publish_date) AS since
    FROM article_rulemakings r JOIN article_rulemakings o ON o.key = r.key`;
  type Row = { articleId: number; key: string; documents: number; since: number };
  const rows =
    engine() === "postgres"
      ? await all<Row>(
          sql`${sql.raw(grouped)} WHERE r.article_id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::integer) GROUP BY r.article_id, r.key`,
        )
      : // A raw prepared statement, as every feed page asks it for its cards.
        (statement(`${grouped} WHERE r.article_id IN (SELECT value FROM json_each(?)) GROUP BY r.article_id, r.key`).all(JSON.stringify(ids)) as Row[]);
  const found = new Map<number, RulemakingCount>();
  for (const row of rows) {
    const documents = Number(row.documents);
    const best = found.get(row.articleId);
    if (!best || documents > best.documents || (documents === best.documents && row.key < best.key)) {
      found.set(row.articleId, { key: row.key, documents, since: Number(row.since) });
    }
  }
  return found;
}

export type NamingRow = {
  id: number;
  title: string;
  summary: string;
  category: string;
  sourceName: string;
  originalUrl: string;
  publishDate: number;
};

const NAMING_COLUMNS = `a.id, a.title, a.summary, a.category, a.source_name AS "sourceName", a.original_url AS "originalUrl", a.publish_date AS "publishDate"`;

/** At most this many articles are read per name: a name found in more is not a rulemaking's own. */
const NAMING_LIMIT = 200;

/** Words in most articles: their lists in the full-text index are the longest to read, for no narrowing. */
const COMMON_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "its", "of", "on", "or", "the", "to", "with"]);

/**
 * The SQLite full-text query for the articles whose title or summary holds each of the text's words but the common
 * ones (the whole text as a phrase when every word is common). It finds every article holding the text and more;
 * the exact check drops the rest. Reading the common words' lists took most of a phrase query's time (2.3 against
 * 1.3 ms a title on the filled 100,000-article corpus, with the same results).
 */
function namingMatch(text: string) {
  const quoted = (part: string) => `"${part.replaceAll('"', '""')}"`;
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word) && !COMMON_WORDS.has(word.replace(/[^\p{L}\p{N}]/gu, "").toLowerCase()));
  return `{title summary} : ${words.length ? `(${words.map(quoted).join(" AND ")})` : quoted(text)}`;
}

/**
 * Court decisions and legislation whose title or summary holds this text exactly (a RIN, a docket id or a rule's
 * title; letter case aside). The full-text index finds the articles holding its words; each is then checked for the
 * text itself, so a match is never a guess.
 */
export async function articlesNaming(text: string): Promise<NamingRow[]> {
  const categories = sql.join(
    NAMING_CATEGORIES.map((category) => sql`${category}`),
    sql`, `,
  );
  const exact = (column: SQL) =>
    engine() === "postgres" ? sql`strpos(lower(${column}), lower(${text}::text)) > 0` : sql`instr(lower(${column}), lower(${text})) > 0`;
  const query =
    engine() === "postgres"
      ? sql`SELECT ${sql.raw(NAMING_COLUMNS)} FROM articles a
          WHERE a.search_vector @@ phraseto_tsquery('simple', article_search_words(${text}::text))
            AND a.category IN (${categories}) AND ${exact(sql`a.title || ' ' || a.summary`)}
          ORDER BY a.publish_date, a.id LIMIT ${NAMING_LIMIT}`
      : sql`SELECT ${sql.raw(NAMING_COLUMNS)} FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid
          WHERE articles_fts MATCH ${namingMatch(text)}
            AND a.category IN (${categories}) AND ${exact(sql`a.title || ' ' || a.summary`)}
          ORDER BY a.publish_date, a.id LIMIT ${NAMING_LIMIT}`;
  const rows = await all<NamingRow>(query);
  return rows.map((row) => ({ ...row, publishDate: Number(row.publishDate) }));
}

export type RulemakingGroupRow = { key: string; documents: number; lastMove: number };

/**
 * A page of the rulemakings with a document in this category, the latest move first (ties by key): their keys
 * through the category index, each grouped over all of its documents through the key index. Both indexes cover
 * what is read, so no article row is touched.
 */
export async function rulemakingsInCategory(category: string, limit: number, offset: number): Promise<RulemakingGroupRow[]> {
  const rows = await all<RulemakingGroupRow>(sql`SELECT r.key AS key, count(*) AS documents, max(r.publish_date) AS "lastMove"
    FROM article_rulemakings r
    WHERE r.key IN (SELECT c.key FROM article_rulemakings c WHERE c.category = ${category})
    GROUP BY r.key ORDER BY "lastMove" DESC, r.key LIMIT ${limit} OFFSET ${offset}`);
  return rows.map((row) => ({ key: row.key, documents: Number(row.documents), lastMove: Number(row.lastMove) }));
}

/** How many rulemakings have a document in this category. */
export async function countRulemakingsInCategory(category: string): Promise<number> {
  const row = await all<{ n: number }>(sql`SELECT count(DISTINCT key) AS n FROM article_rulemakings WHERE category = ${category}`);
  return Number(row[0]?.n ?? 0);
}

export type TimelineRow = { key: string; id: number; title: string; documentType: string | null; registerAction: string | null; publishDate: number };

/** The documents of these rulemakings, oldest first within each: a page of rows' timelines in one query. */
export async function timelinesOf(keys: readonly string[]): Promise<TimelineRow[]> {
  if (!keys.length) return [];
  const list = sql.join(
    keys.map((key) => sql`${key}`),
    sql`, `,
  );
  const rows = await all<TimelineRow>(sql`SELECT r.key AS key, a.id, a.title, a.document_type AS "documentType", a.register_action AS "registerAction",
      a.publish_date AS "publishDate"
    FROM article_rulemakings r JOIN articles a ON a.id = r.article_id WHERE r.key IN (${list}) ORDER BY r.key, r.publish_date, r.article_id`);
  return rows.map((row) => ({ ...row, publishDate: Number(row.publishDate) }));
}
