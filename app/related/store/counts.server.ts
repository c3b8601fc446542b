// How many articles each stored related list holds: what a feed card shows on its closed "Related Articles (N)"
// block, whose entries come when a reader opens it (app/routes/articles.$id.related.tsx, docs/decisions/054).
// One indexed count over the lists' primary key, no display row read.
import { sql } from "drizzle-orm";
import { all, engine, statement } from "../../db.server";
import { idArray } from "./search.server";

type CountRow = { id: number; n: number };

/** Each given article's stored list length; an article whose list is not stored yet (or is empty) is left out. */
export async function storedRelatedCounts(articleIds: number[]): Promise<Record<number, number>> {
  if (!articleIds.length) return {};
  const rows =
    engine() === "sqlite"
      ? (statement(
          `SELECT article_id AS id, count(*) AS n FROM related_list_entries
           WHERE article_id IN (SELECT value FROM json_each(?)) GROUP BY article_id`,
        ).all(JSON.stringify(articleIds)) as CountRow[])
      : await all<CountRow>(
          sql`SELECT article_id AS id, count(*)::int AS n FROM related_list_entries WHERE article_id = ANY(${idArray(articleIds)}) GROUP BY article_id`,
        );
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.n)]));
}
