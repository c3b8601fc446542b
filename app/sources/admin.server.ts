// Managing news sources from the admin dashboard and the admin API.
import { and, eq, ne, not } from "drizzle-orm";
import { z } from "zod";
import { SOURCE_CATEGORIES } from "../articles/vocabulary";
import { db, t } from "../db.server";
import { httpUrl, requiredText, textList } from "../http/fields";
import { parseInput } from "../http/input.server";
import { jsonError } from "../http/responses.server";
import { privateAddressRefusal } from "../ingest/http-client.server";
import { toSourceJson } from "./queries.server";

const SOURCE_MISSING_FIELDS = "Please fill all required fields";
const DUPLICATE_URL = "A source with this URL already exists.";

export const sourceSchema = z.object({
  name: requiredText(SOURCE_MISSING_FIELDS, 200),
  url: httpUrl(SOURCE_MISSING_FIELDS),
  category: z.enum(SOURCE_CATEGORIES, {
    error: (issue) => (issue.input ? `'category' must be one of: ${SOURCE_CATEGORIES.join(", ")}` : SOURCE_MISSING_FIELDS),
  }),
  keywords: textList(100).optional(),
});

type SourceInput = z.output<typeof sourceSchema>;

/**
 * The stored fields of a valid source: an address the fetcher would refuse (a private network, this host)
 * is refused now, not at its next scrape; keywords are trimmed and listed once.
 */
async function sourceFields(input: SourceInput) {
  const refusal = await privateAddressRefusal(input.url);
  if (refusal) throw jsonError(400, `'url' is refused: ${refusal}`);
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim()).filter(Boolean))];
  return { name: input.name, url: input.url, category: input.category, keywords };
}

export async function createSource(input: SourceInput) {
  const row = db()
    .insert(t.sources)
    .values(await sourceFields(input))
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) throw jsonError(409, DUPLICATE_URL);
  return toSourceJson(row);
}

/**
 * Edits a source in place, so its health history and articles stay with it. Fields left out keep their
 * values; the whole is checked as a new source would be. A new URL is a new feed: its type is detected
 * again and it is checked at the next update, without the old feed's conditional-GET validators.
 */
export async function updateSource(id: number, changes: Record<string, unknown>) {
  const current = db().select().from(t.sources).where(eq(t.sources.id, id)).get();
  if (!current) throw jsonError(404, "Source not found");
  const fields = await sourceFields(
    parseInput(sourceSchema, { name: current.name, url: current.url, category: current.category, keywords: current.keywords, ...changes }),
  );
  const taken = db()
    .select({ id: t.sources.id })
    .from(t.sources)
    .where(and(eq(t.sources.url, fields.url), ne(t.sources.id, id)))
    .get();
  if (taken) throw jsonError(409, DUPLICATE_URL);
  const newFeed = fields.url !== current.url ? { type: null, etag: null, lastModified: null, nextCheckAt: null } : {};
  const row = db()
    .update(t.sources)
    .set({ ...fields, ...newFeed })
    .where(eq(t.sources.id, id))
    .returning()
    .get();
  return toSourceJson(row!);
}

/** Deletes a source; its articles stay, keeping the source's name. */
export function deleteSource(id: number) {
  const deleted = db().delete(t.sources).where(eq(t.sources.id, id)).returning({ name: t.sources.name }).get();
  if (!deleted) throw jsonError(404, "Source not found");
  return deleted;
}

export function toggleSource(id: number) {
  const row = db().update(t.sources).set({ isActive: not(t.sources.isActive) }).where(eq(t.sources.id, id)).returning().get();
  if (!row) throw jsonError(404, "Source not found");
  return toSourceJson(row);
}
