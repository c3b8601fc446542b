// Values kept per key and content revision, for work every reader of one revision would otherwise repeat: the
// shared pages (app/http/shared-page-cache.server.ts), the anonymous `/api/articles` answers
// (app/http/shared-answers.server.ts) and the identifier counts of a view (app/feed/identifier-facets.server.ts).
// A value is kept for its revision and at most `freshMs` (what the revision does not follow, such as view and
// comment counts, lags by no more, as on the shared pages), within `capacity` (each value weighing `weigh(value)`,
// 1 unless said), the least recently used dropped first. Callers asking for a key while its value is made wait for
// that one; a failure is kept by no one, and the next caller asks again. A value of null is passed on, never kept
// (a page that turned out not to be shareable).

export type KeptPerRevisionOptions<T> = { capacity: number; weigh?: (value: NonNullable<T>) => number; freshMs?: number };

/** As long as a shared page is fresh (its s-maxage, app/http/shared-page-cache.server.ts). */
const FRESH_MS = 60_000;

export function keptPerRevision<T>({ capacity, weigh = () => 1, freshMs = FRESH_MS }: KeptPerRevisionOptions<T>) {
  // In least recently used order: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, { revision: string; storedAt: number; value: NonNullable<T>; weight: number }>();
  const making = new Map<string, Promise<T>>();
  let weight = 0;

  function forget(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    weight -= old.weight;
  }

  function remember(key: string, revision: string, value: T) {
    forget(key);
    if (value === null || value === undefined) return;
    const own = weigh(value);
    if (own > capacity) return;
    entries.set(key, { revision, storedAt: Date.now(), value, weight: own });
    weight += own;
    while (weight > capacity) forget(entries.keys().next().value!);
  }

  /** The kept value of `key` while fresh for `revision` (now the most recently used), else undefined. */
  function peek(key: string, revision: string): NonNullable<T> | undefined {
    const entry = entries.get(key);
    if (!entry || entry.revision !== revision || Date.now() - entry.storedAt >= freshMs) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry.value;
  }

  /** Weighs the kept value of `key` again, after it grew or shrank in place; the least recently used go if it outgrew the bound. */
  function reweigh(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    const own = weigh(entry.value);
    weight += own - entry.weight;
    entry.weight = own;
    while (weight > capacity) forget(entries.keys().next().value!);
  }

  /** The value of `key` for `revision`: the kept one while fresh, else made by `make` (once for all who ask meanwhile). */
  async function kept(key: string, revision: string, make: () => Promise<T>): Promise<T> {
    const fresh = peek(key, revision);
    if (fresh !== undefined) return fresh;
    // A stale value is dropped now rather than when the bound pushes it out.
    forget(key);
    const flightKey = `${revision}\n${key}`;
    let flight = making.get(flightKey);
    if (!flight) {
      flight = make().then((value) => {
        remember(key, revision, value);
        return value;
      });
      making.set(flightKey, flight);
      void flight.then(
        () => making.delete(flightKey),
        () => making.delete(flightKey),
      );
    }
    return flight;
  }

  return Object.assign(kept, { peek, reweigh, stats: () => ({ entries: entries.size, weight }) });
}
