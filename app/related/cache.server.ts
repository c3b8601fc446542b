// Related articles, what the search keeps between requests: one cache per database connection of the lists it
// read, the features of the articles it scored and its answers, valid for one article revision.
import type { RelatedFeatures, Scored } from "./score";
import type { IdList } from "./search.server";

/**
 * What the search reads and finds, kept across requests while the articles stay as they are: visitors ask for
 * the same pages again and again, and a page's category, priority and source lists are mostly the next page's.
 * The article_revision counter (moved by triggers on every insert, delete and change of a scored column) tells
 * whether it all still holds; when it moves, or the cache outgrows its bounds, everything is dropped at once.
 * One cache per database connection, so a process that opens another database file never mixes the two.
 */
export type SearchCache = {
  revision: number;
  lists: Map<string, IdList>;
  listEntries: number;
  features: Map<number, RelatedFeatures>;
  results: Map<string, Scored[]>;
};

/** Bounds of one connection's cache: 8 MB of id lists (4 bytes an id), 10,000 articles' features, 20,000 answers. */
const CACHE_BOUNDS = { listEntries: 2_000_000, features: 10_000, results: 20_000 };

const searchCaches = new WeakMap<object, SearchCache>();

const emptyCache = (revision: number): SearchCache => ({
  revision,
  lists: new Map(),
  listEntries: 0,
  features: new Map(),
  results: new Map(),
});

/**
 * The cache of a connection (`connection`, any object standing for it), emptied if the articles changed since
 * (`revision`: the article revision read inside the read transaction, so the one of the data the search reads);
 * a part that outgrew its bound is emptied on its own.
 */
export function searchCache(connection: object, revision: number): SearchCache {
  let cache = searchCaches.get(connection);
  if (!cache || cache.revision !== revision) searchCaches.set(connection, (cache = emptyCache(revision)));
  if (cache.listEntries > CACHE_BOUNDS.listEntries) {
    cache.lists.clear();
    cache.listEntries = 0;
  }
  if (cache.features.size > CACHE_BOUNDS.features) cache.features.clear();
  if (cache.results.size > CACHE_BOUNDS.results) cache.results.clear();
  return cache;
}
