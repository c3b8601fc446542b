// "Read Original" without JavaScript: counts the view, then sends the browser to the article's stored URL.
// Only ever that URL, so this can never be used as an open redirect.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isHttpUrl } from "~/articles/canonical-url";
import { recordView } from "~/articles/views.server";
import { visitorArticleRequest } from "~/articles/visitor-request.server";
import { jsonError, methodNotAllowed, secureRedirect } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { article, viewerKeys, headers } = await visitorArticleRequest(request, clientAddress(context), params.id, { sameOrigin: false });
  if (!/^https?:\/\//i.test(article.originalUrl) || !isHttpUrl(article.originalUrl)) return jsonError(404, "This article has no web address.");
  recordView(viewerKeys, article.id);
  headers.set("Cache-Control", "no-store");
  // Serialized by the URL parser: a row stored before addresses were checked (a space, CR/LF, non-ASCII)
  // still becomes a valid Location header instead of a 500.
  return secureRedirect(new URL(article.originalUrl.trim()).href, { status: 302, headers });
}

export const action = methodNotAllowed;
