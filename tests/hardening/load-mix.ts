// What the load test sends: a mix of reads cycled by every client, and writers running beside them:
// writeMix(): the visitor and public writes (bookmarks, views, feedback, subscriptions). Ingestion is the
// job runner's (load-ingest.ts).
import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { AutocannonRequest } from "autocannon";
import { and, eq } from "drizzle-orm";
import { db, first, t } from "~/db.server";

const get = (path: string): AutocannonRequest => ({ method: "GET", path });

export const READ_MIX: AutocannonRequest[] = [
  get("/"),
  get("/?page=7"),
  get("/?category=regulatory-rollbacks"),
  get("/?category=legal-decisions&priority=high"),
  get("/?q=emission%20standards"),
  get("/?time=week&page=2"),
  get("/api/articles?limit=12"),
  get("/api/articles?search=court&limit=20"),
  get("/api/articles?category=policy-analysis&timeframe=month"),
  get("/api/sources"),
  get("/api/trends"),
  get("/about"),
  get("/?_data=routes%2F_index"),
];

export type WriteOperation = {
  name: string;
  /**
   * One write. Resolves with the key of what was acknowledged as stored, `RATE_LIMITED` when the server
   * answered 429 (neither a success nor a failure), or undefined when nothing was to be stored.
   * Any other answer throws.
   */
  perform(baseUrl: string, sequence: number): Promise<string | typeof RATE_LIMITED | undefined>;
  /** The acknowledged keys that are not in the database afterwards (must be none). */
  missing(keys: string[]): Promise<string[]>;
};

/** The keys the database does not hold, asked one at a time. */
async function notStored(keys: string[], isStored: (key: string) => Promise<boolean>) {
  const missing: string[] = [];
  for (const key of keys) if (!(await isStored(key))) missing.push(key);
  return missing;
}

export const RATE_LIMITED = Symbol("rate limited");

/** Rate limits are per client: each write comes from its own address, as behind a proxy (TRUST_PROXY=true). */
const clientAddress = (sequence: number) => `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence & 255}`;

async function send(baseUrl: string, path: string, init: { method: string; sequence: number; headers?: Record<string, string>; body?: unknown }) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method,
    headers: {
      Origin: baseUrl,
      "X-Forwarded-For": clientAddress(init.sequence),
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (response.status === 429) return RATE_LIMITED;
  if (!response.ok) throw new Error(`${init.method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** A visitor cookie signed as the server signs it (same SESSION_SECRET), for a visitor id the test chooses. */
async function visitorCookie(visitorId: string) {
  const cookie = createCookie("visitor", { path: "/", secrets: [process.env.SESSION_SECRET!] });
  return (await cookie.serialize(visitorId)).split(";")[0];
}

/**
 * PATCH /api/articles/{id}/{action} as one visitor, one article per sequence (the newest `articleIds`),
 * so every acknowledged write leaves its own row: a bookmark set (never toggled back) or a view counted.
 */
function visitorWrite(action: "bookmark" | "view", articleIds: number[], stored: (visitorId: string, articleId: number) => Promise<boolean>): WriteOperation {
  const visitorId = randomUUID();
  return {
    name: `${action}s (PATCH /api/articles/{id}/${action})`,
    async perform(baseUrl, sequence) {
      if (sequence >= articleIds.length) return undefined;
      const articleId = articleIds[sequence];
      const answer = await send(baseUrl, `/api/articles/${articleId}/${action}`, {
        method: "PATCH",
        sequence,
        headers: { Cookie: await visitorCookie(visitorId) },
      });
      if (answer === RATE_LIMITED) return answer;
      if (answer.id !== articleId) throw new Error(`${action} of ${articleId} answered article ${String(answer.id)}`);
      if (action === "bookmark" && answer.isBookmarked !== true) throw new Error(`bookmark of ${articleId} answered ${JSON.stringify(answer)}`);
      return String(articleId);
    },
    missing: (keys) => notStored(keys, (key) => stored(visitorId, Number(key))),
  };
}

export function bookmarkWrites(articleIds: number[]) {
  return visitorWrite("bookmark", articleIds, async (visitorId, articleId) =>
    Boolean(
      await first(
        db()
          .select()
          .from(t.bookmarks)
          .where(and(eq(t.bookmarks.visitorId, visitorId), eq(t.bookmarks.articleId, articleId))),
      ),
    ),
  );
}

export function viewWrites(articleIds: number[]) {
  return visitorWrite("view", articleIds, async (visitorId, articleId) =>
    Boolean(
      await first(
        db()
          .select()
          .from(t.articleViews)
          .where(and(eq(t.articleViews.visitorId, visitorId), eq(t.articleViews.articleId, articleId))),
      ),
    ),
  );
}

/** POST /api/feedback (JSON, from the site's own origin): the answer's id must be a stored row. */
export const feedbackWrites: WriteOperation = {
  name: "feedback (POST /api/feedback)",
  async perform(baseUrl, sequence) {
    const answer = await send(baseUrl, "/api/feedback", {
      method: "POST",
      sequence,
      body: { type: "suggestion", subject: `Load test ${sequence}`, message: `Feedback number ${sequence} sent under load.`, email: "" },
    });
    if (answer === RATE_LIMITED) return answer;
    if (typeof answer.id !== "number") throw new Error(`feedback answered ${JSON.stringify(answer)}`);
    return String(answer.id);
  },
  missing: (keys) =>
    notStored(keys, async (id) =>
      Boolean(
        await first(
          db()
            .select({ id: t.feedback.id })
            .from(t.feedback)
            .where(eq(t.feedback.id, Number(id))),
        ),
      ),
    ),
};

/** POST /api/subscribe: every acknowledged address must be a subscriber (pending until it confirms). */
export const subscriptionWrites: WriteOperation = {
  name: "subscriptions (POST /api/subscribe)",
  async perform(baseUrl, sequence) {
    const email = `load-${sequence}@subscribers.test`;
    const answer = await send(baseUrl, "/api/subscribe", { method: "POST", sequence, body: { email, source: "load-test" } });
    return answer === RATE_LIMITED ? answer : email;
  },
  missing: (keys) => notStored(keys, async (email) => Boolean(await first(db().select().from(t.subscribers).where(eq(t.subscribers.email, email))))),
};

/** Every writer of the load test, each looping beside the readers until the deadline. */
export function writeMix(articleIds: number[]): WriteOperation[] {
  return [bookmarkWrites(articleIds), viewWrites(articleIds), feedbackWrites, subscriptionWrites];
}
