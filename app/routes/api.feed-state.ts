// GET /api/feed-state?ids=1,2,3: what the shared feed page cannot carry about these articles
// (docs/decisions/013-shared-feed-page.md): which of them the caller has bookmarked (none without a visitor
// cookie), and their current view counts. The page asks for it after load.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookmarkedAmong } from "~/articles/store/bookmarks.server";
import { viewCounts } from "~/articles/store/views.server";
import type { FeedState } from "~/articles/answer.server";
import { jsonError, allowOnly, secureJson } from "~/http/responses.server";
import { readVisitorId } from "~/visitors/visitor.server";

/** A page holds 12 cards; the bound only keeps one request from asking about the whole table. */
const MAX_IDS = 100;

export type { FeedState };

export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("ids") ?? "";
  const parts = raw ? raw.split(",") : [];
  if (parts.length > MAX_IDS || parts.some((part) => !/^[1-9]\d{0,15}$/.test(part))) {
    return jsonError(400, `ids must be up to ${MAX_IDS} article ids separated by commas.`);
  }
  const ids = parts.map(Number);
  const visitorId = await readVisitorId(request);
  const state: FeedState = { bookmarked: visitorId ? await bookmarkedAmong(visitorId, ids) : [], views: await viewCounts(ids) };
  return secureJson(state, { headers: { "Cache-Control": "private, no-store", Vary: "Cookie" } });
}

export const action = allowOnly("GET, HEAD");
