// What the load test sends: a mix of reads cycled by every client, and writers running beside them.
// Parts built elsewhere add their writes to WRITE_MIX: bookmarks (PATCH /api/articles/{id}/bookmark),
// views (PATCH /api/articles/{id}/view), feedback (POST /api/feedback), subscriptions (POST /api/subscribe),
// and the job runner scraping loopback feeds in place of the direct ingester below.
import type { AutocannonRequest } from "autocannon";
import { eq } from "drizzle-orm";
import { insertArticle } from "../../app/articles/store.server";
import { db, t } from "../../app/db.server";
import { generatedArticle, type GeneratorSource } from "../bench/generator";

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
  /** One write. Resolves with the key of what was acknowledged as stored, or undefined when it was refused. */
  perform(baseUrl: string, sequence: number): Promise<string | undefined>;
  /** The acknowledged keys that are not in the database afterwards (must be none). */
  missing(keys: string[]): string[];
};

const LOAD_SEQUENCE_START = 1_000_000;

/**
 * Ingestion from a second connection while the web serves: what the job runner does during a scrape.
 * Small transactions with pauses between them, as a scrape writes item by item.
 */
export function directIngest(sources: GeneratorSource[]): WriteOperation {
  return {
    name: "ingest (insertArticle from a second process)",
    async perform(_baseUrl, sequence) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const article = generatedArticle(LOAD_SEQUENCE_START + sequence, LOAD_SEQUENCE_START, new Date(), sources);
      const outcome = insertArticle(article);
      return outcome.status === "inserted" ? article.originalUrl : undefined;
    },
    missing(keys) {
      return keys.filter((url) => !db().select({ id: t.articles.id }).from(t.articles).where(eq(t.articles.originalUrl, url)).get());
    },
  };
}
