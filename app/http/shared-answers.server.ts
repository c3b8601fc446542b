// One copy of an `/api/articles` answer every anonymous reader shares, per URL and content revision, as the shared
// pages are (docs/decisions/013, docs/decisions/056): made once, compressed once, kept in this process for at most
// a minute, bounded by bytes (app/kept-per-revision.ts).
import { config } from "../config.server";
import { keptPerRevision } from "../kept-per-revision";
import type { StoredList } from "./responses.server";

/**
 * Bytes of answers kept: an answer of a month in a category (484 articles at 100,000) is about 70 KB in both
 * encodings, so 8 MB holds the hundred-odd URLs a client polls, not every page a crawler walks through.
 */
export const SHARED_ANSWERS_MAX_BYTES = 8 * 1024 * 1024;

/** The answers' store: `answers(key, revision, make)` is the kept answer of `key` for `revision`, made when missing. */
export function sharedAnswers(maxBytes = SHARED_ANSWERS_MAX_BYTES) {
  return keptPerRevision<StoredList>({ capacity: maxBytes, weigh: (list) => list.bytes });
}

/**
 * Whether anonymous answers are shared: in production, unless SHARED_PAGE_CACHE=false turns every shared copy off
 * (to measure the path that makes them, or to rule the copies out when looking into a problem).
 */
export function sharesAnswers() {
  return process.env.NODE_ENV === "production" && config().SHARED_PAGE_CACHE;
}
