// Managing news sources from the admin dashboard and the admin API.
import { z } from "zod";
import { SOURCE_CATEGORIES, SOURCE_TYPES, type SourceType } from "../articles/vocabulary";
import { AppError } from "../errors";
import { httpUrl, parseInput, requiredText, textList } from "../validation";
import {
  deleteSourceRow,
  insertSource,
  setDetectedSourceType,
  sourceById,
  toggleSourceActive,
  toSourceJson,
  updateSourceFields,
  urlTakenByOtherSource,
  type SourceRow,
} from "./store.server";

const SOURCE_MISSING_FIELDS = "Please fill all required fields";
const DUPLICATE_URL = "A source with this URL already exists.";

export const sourceSchema = z.object({
  name: requiredText(SOURCE_MISSING_FIELDS, 200),
  url: httpUrl(SOURCE_MISSING_FIELDS),
  category: z.enum(SOURCE_CATEGORIES, {
    error: (issue) => (issue.input ? `'category' must be one of: ${SOURCE_CATEGORIES.join(", ")}` : SOURCE_MISSING_FIELDS),
  }),
  keywords: textList(100).optional(),
  /** The editor's pick of how to read the source; empty or left out: detected from its answer. */
  type: z
    .enum(["", ...SOURCE_TYPES], { error: () => `'type' must be one of: ${SOURCE_TYPES.join(", ")} (or empty to detect it)` })
    .optional()
    .transform((type) => (type ? (type as SourceType) : undefined)),
});

type SourceInput = z.output<typeof sourceSchema>;

/**
 * What adding or re-pointing a source asks of the fetcher (app/ingest): whether it would refuse the address, and
 * the feed's type. The caller passes it in (app/admin/operations.server.ts), so sources/ does not depend on
 * ingest/, which depends on sources/ for source health.
 */
export type FeedProbe = {
  addressRefusal(url: string): Promise<string | undefined>;
  detectType(url: string, request: { timeoutMs: number }): Promise<SourceType | undefined>;
};

/**
 * The stored fields of a valid source: an address the fetcher would refuse (a private network, this host)
 * is refused now, not at its next scrape; keywords are trimmed and listed once.
 */
async function sourceFields(input: SourceInput, probe: FeedProbe) {
  const refusal = await probe.addressRefusal(input.url);
  if (refusal) throw new AppError("invalid", `'url' is refused: ${refusal}`);
  const keywords = [...new Set((input.keywords ?? []).map((k) => k.trim()).filter(Boolean))];
  return { name: input.name, url: input.url, category: input.category, keywords };
}

/** How long adding a source waits for its first answer; a source not told apart in time is told at its first read. */
const DETECT_TIMEOUT_MS = 5_000;

/**
 * Tells a newly added (or re-pointed) source's type by fetching it once through the fetcher and its address
 * policy, so a backfill started before its first scrape reads a Federal Register source's whole range. When the
 * fetch fails or the answer is no known format, the source stays without a type, to be told when it is read.
 */
async function withDetectedType(row: SourceRow, probe: FeedProbe): Promise<SourceRow> {
  let type: SourceType | undefined;
  try {
    type = await probe.detectType(row.url, { timeoutMs: DETECT_TIMEOUT_MS });
  } catch (error) {
    console.warn(`[sources] type of source ${row.id} not detected: ${error instanceof Error ? error.message : String(error)}`);
    return row;
  }
  if (!type) return row;
  // Only while the row still has this URL and no type: an edit or a scrape in the meantime has the last word.
  const updated = await setDetectedSourceType(row.id, row.url, type);
  return updated ?? row;
}

export async function createSource(input: SourceInput, probe: FeedProbe) {
  const row = await insertSource({ ...(await sourceFields(input, probe)), type: input.type ?? null });
  if (!row) throw new AppError("conflict", DUPLICATE_URL);
  return toSourceJson(input.type ? row : await withDetectedType(row, probe));
}

/**
 * Edits a source in place, so its health history and articles stay with it. Fields left out keep their
 * values; the whole is checked as a new source would be. A new URL is a new feed: its type is detected
 * again (withDetectedType) and it is checked at the next update, without the old feed's conditional-GET validators.
 */
export async function updateSource(id: number, changes: Record<string, unknown>, probe: FeedProbe) {
  const current = await sourceById(id);
  if (!current) throw new AppError("not-found", "Source not found");
  const input = parseInput(sourceSchema, { name: current.name, url: current.url, category: current.category, keywords: current.keywords, ...changes });
  const fields = await sourceFields(input, probe);
  if (await urlTakenByOtherSource(fields.url, id)) throw new AppError("conflict", DUPLICATE_URL);
  const newUrl = fields.url !== current.url;
  const newFeed = newUrl ? { type: null, etag: null, lastModified: null, nextCheckAt: null } : {};
  // An editor's pick stands (a changed one is read anew: validators of the other reading would answer 304); without
  // one, a new URL's type is detected again and an unchanged one's kept.
  const picked = input.type ? { type: input.type, ...(input.type !== current.type ? { etag: null, lastModified: null } : {}) } : {};
  const row = (await updateSourceFields(id, { ...fields, ...newFeed, ...picked }))!;
  return toSourceJson(newUrl && !row.type ? await withDetectedType(row, probe) : row);
}

/** Deletes a source; its articles stay, keeping the source's name. */
export async function deleteSource(id: number) {
  const deleted = await deleteSourceRow(id);
  if (!deleted) throw new AppError("not-found", "Source not found");
  return deleted;
}

export async function toggleSource(id: number) {
  const row = await toggleSourceActive(id);
  if (!row) throw new AppError("not-found", "Source not found");
  return toSourceJson(row);
}
