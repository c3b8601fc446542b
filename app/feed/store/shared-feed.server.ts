// What the shared pages are made of, read in one statement: the article revision, the newest AI summary and
// Unified Agenda change, the last change to the rules' stored texts and redlines (one app_state row, read by its
// key), the latest trends analysis, the public sources list and, only while no article is stored, the state of the
// scrapes (app/feed/shared-feed.server.ts makes the revision of them).
import { sql } from "drizzle-orm";
import { database, engine, first, statement } from "../../db.server";
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

/**
 * SQLite: the state last read, with the connection's change stamp at the time. The stamp is the number of rows this
 * connection has changed (total_changes(), triggers included) and PRAGMA data_version, which changes whenever another
 * connection (the job runner, another worker) commits. While neither moves, nothing in the database changed, so the
 * state read then is still exact: each shared page's revision check costs two tiny statements instead of the six
 * subqueries below (docs/decisions/051-shared-copy-before-express.md).
 */
const held = new WeakMap<object, { own: number; others: number; state: SharedContentState | undefined }>();

function changeStamp() {
  const own = statement("SELECT total_changes()").pluck().get() as number;
  const others = statement("PRAGMA data_version").pluck().get() as number;
  return { own, others };
}

export async function sharedContentState(): Promise<SharedContentState | undefined> {
  const open = database();
  if (open.engine !== "sqlite") return readSharedContentState();
  const client = open.db.$client;
  const stamp = changeStamp();
  const last = held.get(client);
  if (last && last.own === stamp.own && last.others === stamp.others) return last.state;
  // Read after the stamp: a commit in between moves the next stamp, so the next check reads again.
  const state = await readSharedContentState();
  held.set(client, { ...stamp, state });
  return state;
}

async function readSharedContentState() {
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
