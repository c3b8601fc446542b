// What the feed's agency and document-type pickers offer: each choice with its number of articles, counted over
// the whole feed (the counts do not follow the other filters: the picker is a way in, not a drill-down), read
// from the agencies' kept counts and the document-type index, and kept until an article changes. And the counts per
// RIN, docket and CFR reference of the articles a view selects (/api/articles/facets): from the kept counts for every
// article, else from the article_identifiers index of the view's articles. The kept counts (agency_counts,
// identifier_counts) are written by triggers as the lookup tables change, so neither reader's cost grows with the
// corpus (docs/decisions/053).
import { and, sql, type SQL } from "drizzle-orm";
import { all, engine, first, t } from "../../db.server";
import { DOCUMENT_TYPES, type DocumentTypeValue } from "../../articles/vocabulary";
import { IDENTIFIER_KINDS, type IdentifierKind } from "../../articles/index-rows";
import type { IdentifierCount } from "../../articles/answer.server";

/** The agencies offered: the most frequent (a long tail of rare ones would make the list unusable). */
export const AGENCIES_OFFERED = 60;

export type FeedFacets = {
  agencies: { name: string; count: number }[];
  documentTypes: { value: DocumentTypeValue; label: string; count: number }[];
};

let cached: { revision: number; facets: FeedFacets } | undefined;

export async function feedFacets(): Promise<FeedFacets> {
  const revision = (await first<{ revision: number }>(sql`SELECT revision FROM article_revision WHERE id = 1`))?.revision ?? 0;
  if (cached?.revision === revision) return cached.facets;
  // Ties in count go by the name's bytes, as SQLite compares text, whatever collation the PostgreSQL database has.
  const byName = engine() === "postgres" ? sql`agency COLLATE "C"` : sql`agency`;
  const agencies = await all<{ name: string; count: number }>(sql`
    SELECT agency AS name, count FROM agency_counts ORDER BY count DESC, ${byName} LIMIT ${AGENCIES_OFFERED}`);
  const typeCounts = new Map(
    (
      await all<{ type: string; count: number }>(
        sql`SELECT document_type AS type, count(*) AS count FROM articles WHERE document_type IS NOT NULL GROUP BY document_type`,
      )
    ).map((row) => [row.type, row.count]),
  );
  const facets: FeedFacets = {
    agencies: agencies.sort((a, b) => a.name.localeCompare(b.name)),
    documentTypes: DOCUMENT_TYPES.map((type) => ({ value: type.value, label: type.label, count: typeCounts.get(type.stored) ?? 0 })),
  };
  cached = { revision, facets };
  return facets;
}

export type { IdentifierCount };

/** Ties in count go by the value's bytes, as SQLite compares text, whatever collation the PostgreSQL database has. */
const byValue = () => (engine() === "postgres" ? sql`value COLLATE "C"` : sql`value`);

/** The top `limit` of each kind among the articles meeting the conditions: every identifier row of the view's articles, counted. */
function countedAmong(conditions: SQL[], limit: number) {
  return sql`
    SELECT kind, value, count FROM (
      SELECT kind, value, count, row_number() OVER (PARTITION BY kind ORDER BY count DESC, ${byValue()}) AS place
      FROM (SELECT kind, value, count(*) AS count FROM article_identifiers
        WHERE article_id IN (SELECT ${t.articles.id} FROM ${t.articles} WHERE ${and(...conditions)}) GROUP BY kind, value) AS counted
    ) AS ranked
    WHERE place <= ${limit} ORDER BY kind, place`;
}

/** The top `limit` of each kind among every article: the kept counts, each kind's read from the top of its index. */
function keptTop(limit: number) {
  const tops = IDENTIFIER_KINDS.map(
    (kind) =>
      sql`SELECT * FROM (SELECT kind, value, count FROM identifier_counts WHERE kind = ${kind} ORDER BY count DESC, ${byValue()} LIMIT ${limit}) AS top`,
  );
  return sql`SELECT kind, value, count FROM (${sql.join(tops, sql` UNION ALL `)}) AS tops ORDER BY kind, count DESC, ${byValue()}`;
}

/**
 * The most frequent identifiers of each kind among the articles meeting the conditions (every article when there
 * are none: the kept counts), most articles first, ties by the value's bytes, at most `limit` of each; nothing when
 * the conditions can match nothing (null). One pass for all kinds: the view's articles are found once, not once per kind (a
 * category and a priority at 100,000 articles: 326 ms in four queries, 101 ms in one; docs/benchmarks.md).
 */
export async function identifierCountsByKind(conditions: SQL[] | null, limit: number): Promise<Map<IdentifierKind, IdentifierCount[]>> {
  const byKind = new Map<IdentifierKind, IdentifierCount[]>();
  if (!conditions) return byKind;
  const rows = await all<IdentifierCount & { kind: IdentifierKind }>(conditions.length ? countedAmong(conditions, limit) : keptTop(limit));
  for (const { kind, value, count } of rows) {
    const list = byKind.get(kind) ?? [];
    list.push({ value, count: Number(count) });
    byKind.set(kind, list);
  }
  return byKind;
}
