// Managing news sources from the admin dashboard and the admin API.
import { eq, not } from "drizzle-orm";
import { z } from "zod";
import { SOURCE_CATEGORIES } from "../articles/vocabulary";
import { db, t } from "../db.server";
import { httpUrl, requiredText, textList } from "../http/fields";
import { jsonError } from "../http/responses.server";
import { privateAddressRefusal } from "../ingest/http-client.server";
import { toSourceJson } from "./queries.server";

export const SOURCE_MISSING_FIELDS = "Please fill all required fields";

export const sourceSchema = z.object({
  name: requiredText(SOURCE_MISSING_FIELDS, 200),
  url: httpUrl(SOURCE_MISSING_FIELDS),
  category: z.enum(SOURCE_CATEGORIES, {
    error: (issue) => (issue.input ? `'category' must be one of: ${SOURCE_CATEGORIES.join(", ")}` : SOURCE_MISSING_FIELDS),
  }),
  keywords: textList(100).optional(),
});

/** Adds a source; an address the fetcher would refuse (a private network, this host) is refused now, not at its first scrape. */
export async function createSource(input: z.output<typeof sourceSchema>) {
  const refusal = await privateAddressRefusal(input.url);
  if (refusal) throw jsonError(400, `'url' is refused: ${refusal}`);
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim()).filter(Boolean))];
  const row = db()
    .insert(t.sources)
    .values({ name: input.name, url: input.url, category: input.category, keywords })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) throw jsonError(409, "A source with this URL already exists.");
  return toSourceJson(row);
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
