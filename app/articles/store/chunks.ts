// PostgreSQL's statements take at most 65,535 parameters: the store's multi-row statements cut their rows in chunks
// well below it (app/articles/store/insert.server.ts, app/articles/store/article-indexes.server.ts).

/** `items` in slices of at most `size`. */
export function* chunks<T>(items: T[], size: number) {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
