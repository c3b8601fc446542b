// PATCH /api/articles/{id}/bookmark toggles the caller's bookmark and answers the article as the caller sees it.
// Without JavaScript the card's form POSTs here with the state it asks for (`bookmarked`: the shared feed page
// cannot show a reader's own state, so flipping could undo what the reader meant) and is sent back to the page
// it came from, with a toast saying what happened.
import type { ActionFunctionArgs } from "@remix-run/node";
import { setBookmark, toggleBookmark } from "~/articles/store/bookmarks.server";
import { getArticle } from "~/feed/queries.server";
import { readForm } from "~/http/input.server";
import { redirectWithToast } from "~/http/flash.server";
import { withAppErrors } from "~/http/app-error.server";
import { allowOnly, methodNotAllowed, secureJson } from "~/http/responses.server";
import { safeReturnPath } from "~/http/return-to";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { clientAddress } from "~/http/client-address.server";

const ALLOW = "PATCH, POST";
const USE_PATCH = "Use PATCH to toggle a bookmark.";

export const action = withAppErrors(async ({ request, params, context }: ActionFunctionArgs) => {
  const method = request.method.toUpperCase();
  if (method !== "PATCH" && method !== "POST") return methodNotAllowed(ALLOW, USE_PATCH);
  const { article, visitorId, headers } = await visitorArticleRequest(request, clientAddress(context), params.id);
  // The form is read before the toggle: a body that is refused must change nothing.
  const form = method === "POST" ? await readForm(request) : null;
  const asked = form?.get("bookmarked");
  const bookmarked =
    asked === "true" || asked === "false" ? await setBookmark(visitorId, article.id, asked === "true") : await toggleBookmark(visitorId, article.id);
  if (form) {
    const back = new URL(safeReturnPath(form.get("returnTo")), "http://site.invalid");
    back.hash = `article-${article.id}`;
    const toast = bookmarked ? { title: "Article saved", message: "Find it under Saved, above the feed." } : { title: "Removed from saved articles" };
    return redirectWithToast(`${back.pathname}${back.search}${back.hash}`, toast, { headers });
  }
  return secureJson(await getArticle(article.id, visitorId), { headers });
});

export const loader = allowOnly(ALLOW, USE_PATCH);
