// Reading rulemakings: the Federal Register documents that share a key (article_rulemakings, written by the store), the
// counts the cards show, and the court decisions and legislation that name a rulemaking exactly.
import { sql, type SQL } from "drizzle-orm";
import { all, engine, fts5String, statement } from "../../db.server";

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

/** At most this many articles are kept per name, the oldest: a name found in more is not a rulemaking's own. */
const NAMING_LIMIT = 200;

/** Words in most articles: their lists in the full-text index are the longest to read, for no narrowing. */
const COMMON_WORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "its", "of", "on", "or", "the", "to", "with"]);

/** Names looked up together share at least this many words, so the articles holding them all stay few. */
const SHARED_WORDS_MIN = 3;

/** The words of a name the full-text index is asked for (as written, lower-cased): all but the common ones. */
function searchedWords(name: string) {
  const words = name
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word) && !COMMON_WORDS.has(word.replace(/[^\p{L}\p{N}]/gu, "")));
  return [...new Set(words)];
}

/**
 * Names read with one query: the articles holding `words` (every name of the group holds them all), or, with no
 * words, the group's one name as a phrase.
 */
type NameGroup = { names: string[]; words: string[] };

/**
 * The names in groups sharing words: the titles of one rulemaking's documents are mostly alike ("FAA amends ..."
 * and "FAA finalizes ..." of the same rule), so their words are read once, not once a title. A name with no word
 * but common ones is looked up alone, as a phrase.
 */
function nameGroups(names: string[]): NameGroup[] {
  const groups: NameGroup[] = [];
  for (const name of names) {
    const words = searchedWords(name);
    const group = words.length ? groups.find((candidate) => candidate.words.filter((word) => words.includes(word)).length >= SHARED_WORDS_MIN) : undefined;
    if (group) {
      group.words = group.words.filter((word) => words.includes(word));
      group.names.push(name);
    } else groups.push({ names: [name], words });
  }
  return groups;
}

function groupQuery(group: NameGroup, categories: SQL) {
  const names = JSON.stringify(group.names);
  if (engine() === "postgres") {
    const searched = group.words.length
      ? sql`plainto_tsquery('simple', article_search_words(${group.words.join(" ")}::text))`
      : sql`phraseto_tsquery('simple', article_search_words(${group.names[0]}::text))`;
    return sql`SELECT ${sql.raw(NAMING_COLUMNS)}, n.name AS name FROM articles a
      CROSS JOIN LATERAL jsonb_array_elements_text(${names}::jsonb) AS n(name)
      WHERE a.search_vector @@ ${searched} AND a.category IN (${categories})
        AND strpos(lower(a.title || ' ' || a.summary), lower(n.name)) > 0
      ORDER BY a.publish_date, a.id`;
  }
  const match = `{title summary} : ${group.words.length ? `(${group.words.map(fts5String).join(" AND ")})` : fts5String(group.names[0])}`;
  // CROSS JOIN keeps the full-text match outermost: it runs once, and each article it finds is checked for each name.
  return sql`SELECT ${sql.raw(NAMING_COLUMNS)}, n.value AS name FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid
    CROSS JOIN json_each(${names}) AS n
    WHERE articles_fts MATCH ${match} AND a.category IN (${categories})
      AND instr(lower(a.title || ' ' || a.summary), lower(n.value)) > 0
    ORDER BY a.publish_date, a.id`;
}

/**
 * For each name (a RIN, a docket id or a rule's title), the court decisions and legislation whose title or summary
 * holds it exactly, letter case aside, oldest first. The full-text index finds the articles holding the words a
 * group of names shares but the common ones; each is then checked for each name itself, so a match is never a guess.
 * Reading the common words' lists took most of a title's phrase query (2.3 against 1.3 ms a title on the filled
 * 100,000-article corpus, with the same results), and alike titles read the same lists again.
 */
export async function articlesNaming(names: string[]): Promise<Map<string, NamingRow[]>> {
  const categories = sql.join(
    NAMING_CATEGORIES.map((category) => sql`${category}`),
    sql`, `,
  );
  const unique = [...new Set(names)];
  const found = new Map<string, NamingRow[]>(unique.map((name) => [name, []]));
  for (const group of nameGroups(unique)) {
    for (const { name, ...row } of await all<NamingRow & { name: string }>(groupQuery(group, categories))) {
      const rows = found.get(name)!;
      if (rows.length < NAMING_LIMIT) rows.push({ ...row, publishDate: Number(row.publishDate) });
    }
  }
  return found;
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
