// What the feed's agency and document-type pickers offer: each choice with its number of articles, counted over
// the whole feed (the counts do not follow the other filters: the picker is a way in, not a drill-down), read
// from the article_agencies index and the document-type index, and kept until an article changes.
import { sql } from "drizzle-orm";
import { all, engine, first } from "../../db.server";
import { DOCUMENT_TYPES, type DocumentTypeValue } from "../vocabulary";

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
    SELECT agency AS name, count(*) AS count FROM article_agencies GROUP BY agency ORDER BY count DESC, ${byName} LIMIT ${AGENCIES_OFFERED}`);
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
