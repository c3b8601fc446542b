// Reading sources, as the /api and the public pages show them.
import { asc, eq } from "drizzle-orm";
import { db, t } from "../db.server";

export type SourceRow = typeof t.sources.$inferSelect;

export type SourceJson = {
  id: number;
  name: string;
  url: string;
  type: string | null;
  category: string;
  keywords: string[];
  isActive: boolean;
  status: string | null;
  lastScraped: string | null;
  lastSuccessfulScrape: string | null;
  consecutiveFailures: number;
  errorMessage: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSourceJson(s: SourceRow): SourceJson {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    type: s.type,
    category: s.category,
    keywords: s.keywords,
    isActive: s.isActive,
    status: s.status,
    lastScraped: iso(s.lastScraped),
    lastSuccessfulScrape: iso(s.lastSuccessfulScrape),
    consecutiveFailures: s.consecutiveFailures,
    errorMessage: s.errorMessage,
  };
}

export function listSources(): SourceJson[] {
  return db().select().from(t.sources).orderBy(asc(t.sources.category), asc(t.sources.name)).all().map(toSourceJson);
}

/** Public list for the about page and FAQ: active sources only, without health details. */
export function listPublicSources() {
  // Read on every feed page (the sources panel and FAQ): only the four columns it shows, not every source's
  // health record.
  return db()
    .select({ id: t.sources.id, name: t.sources.name, url: t.sources.url, category: t.sources.category })
    .from(t.sources)
    .where(eq(t.sources.isActive, true))
    .orderBy(asc(t.sources.category), asc(t.sources.name))
    .all();
}
