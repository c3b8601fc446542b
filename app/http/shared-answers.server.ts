// One copy of an API answer every anonymous reader shares, per URL and content revision, as the shared pages are
// (docs/decisions/013, docs/decisions/056): made once, compressed once, kept in this process for at most a minute
// (what the revision does not follow, such as view and comment counts, lags by no more, as on the pages), bounded
// by bytes with the least recently used dropped first. Readers asking for the same URL while its answer is made
// wait for that one answer.
import { config } from "../config.server";
import type { StoredList } from "./responses.server";

/** As long as a shared page is fresh (shared-page-cache.server.ts): view and comment counts lag by at most this. */
const FRESH_MS = 60_000;
/**
 * Bytes of answers kept: an answer of a month in a category (484 articles at 100,000) is about 70 KB in both
 * encodings, so 8 MB holds the hundred-odd URLs a client polls, not every page a crawler walks through.
 */
export const SHARED_ANSWERS_MAX_BYTES = 8 * 1024 * 1024;

type Entry = { revision: string; storedAt: number; list: StoredList };

/** The answers' store: `answer(key, revision, make)` is the stored answer of `key` for `revision`, made when missing. */
export function sharedAnswers(maxBytes = SHARED_ANSWERS_MAX_BYTES) {
  // In least recently used order: a hit moves its entry to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  const making = new Map<string, Promise<StoredList>>();
  let bytes = 0;

  function forget(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.list.bytes;
  }

  function remember(key: string, entry: Entry) {
    forget(key);
    if (entry.list.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.list.bytes;
    while (bytes > maxBytes) forget(entries.keys().next().value!);
  }

  async function answer(key: string, revision: string, make: () => Promise<StoredList>): Promise<StoredList> {
    const entry = entries.get(key);
    if (entry && entry.revision === revision && Date.now() - entry.storedAt < FRESH_MS) {
      entries.delete(key);
      entries.set(key, entry);
      return entry.list;
    }
    const flightKey = `${revision}\n${key}`;
    let flight = making.get(flightKey);
    if (!flight) {
      flight = make().then((list) => {
        remember(key, { revision, storedAt: Date.now(), list });
        return list;
      });
      making.set(flightKey, flight);
      // Dropped once settled, whatever the outcome: a refusal is not kept, and the next reader asks again.
      void flight.then(
        () => making.delete(flightKey),
        () => making.delete(flightKey),
      );
    }
    return flight;
  }

  return Object.assign(answer, { stats: () => ({ entries: entries.size, bytes }) });
}

/**
 * Whether anonymous answers are shared: in production, unless SHARED_PAGE_CACHE=false turns every shared copy off
 * (to measure the path that makes them, or to rule the copies out when looking into a problem).
 */
export function sharesAnswers() {
  return process.env.NODE_ENV === "production" && config().SHARED_PAGE_CACHE;
}
