// Sources stored straight in the database, for tests that read, check or list them.
import { db, first, t } from "~/db.server";

export type SourceValues = Partial<typeof t.sources.$inferInsert>;

let unique = 0;

/**
 * Stores a source and answers its row. What is not given: a unique name and address, category "government",
 * and no type (the first answer decides it, as for a source an editor adds).
 */
export async function addSource(values: SourceValues = {}) {
  const n = ++unique;
  const source = await first(
    db()
      .insert(t.sources)
      .values({ name: `Feed ${n}`, url: `https://example.gov/feed-${n}.xml`, category: "government", ...values })
      .returning(),
  );
  return source!;
}

/** A source read from `path` on a local stand-in server at `origin`, named after the path unless a name is given. */
export function addServedSource(origin: string, path: string, values: SourceValues = {}) {
  return addSource({ name: path, url: `${origin}${path}`, ...values });
}
