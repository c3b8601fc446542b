// What the shared pages are made of, read in one statement: the article revision, the newest AI summary and
// Unified Agenda change, the last change to the rules' stored texts and redlines (one app_state row, read by its
// key), the latest trends analysis, the public sources list and, only while no article is stored, the state of the
// scrapes (app/feed/shared-feed.server.ts makes the revision of them).
import { sql } from "drizzle-orm";
import { engine, first } from "../../db.server";
import { RULE_TEXTS_CHANGED_KEY } from "../../rule-text/store.server";

type SharedContentState = {
  articles: number;
  summaries: number | null;
  agenda: number | null;
  ruleTexts: string | number | null;
  trends: string | null;
  sources: string | null;
  firstUpdate: string | null;
};

export async function sharedContentState() {
  // Only the two string aggregates are spelled per engine: PostgreSQL's string_agg (ordered, so the string changes
  // only when the rows do) and chr for SQLite's group_concat and char.
  const aggregates =
    engine() === "postgres"
      ? sql`
      (SELECT string_agg(id || chr(31) || name || chr(31) || url || chr(31) || category || chr(31) || is_active, chr(30) ORDER BY id)
         FROM sources) AS sources,
      (SELECT string_agg(id || status, ',' ORDER BY id) FROM jobs WHERE kind = 'scrape' AND NOT EXISTS (SELECT 1 FROM articles)) AS "firstUpdate"`
      : sql`
      (SELECT group_concat(id || char(31) || name || char(31) || url || char(31) || category || char(31) || is_active, char(30))
         FROM sources) AS sources,
      (SELECT group_concat(id || status) FROM jobs WHERE kind = 'scrape' AND NOT EXISTS (SELECT 1 FROM articles)) AS "firstUpdate"`;
  return first<SharedContentState>(sql`
    SELECT
      (SELECT revision FROM article_revision WHERE id = 1) AS articles,
      (SELECT max(ai_summary_at) FROM articles) AS summaries,
      (SELECT max(updated_at) FROM agenda_entries) AS agenda,
      (SELECT value FROM app_state WHERE key = ${RULE_TEXTS_CHANGED_KEY}) AS "ruleTexts",
      (SELECT id || '@' || created_at FROM trends ORDER BY date DESC, id DESC LIMIT 1) AS trends,${aggregates}`);
}
