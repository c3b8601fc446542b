// The public inspection desk's answer checked where it enters: a body that is not one fails its source with a
// message for the operator, as a malformed documents.json page does (federal-register-api.server.ts).
import { FetchError, type FetchResult } from "../fetcher/http-client.server";
import { looksLikeHtml } from "./feed.server";
import { isPublicInspectionPage, publicInspectionPageSchema, type PublicInspectionPage } from "./public-inspection";

export function parsePublicInspectionResponse(result: FetchResult): PublicInspectionPage {
  const host = new URL(result.url).hostname;
  const text = result.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    if (looksLikeHtml(text)) throw new FetchError("Not a public inspection response: got an HTML page");
    throw new FetchError(`Not a public inspection response: invalid JSON from ${host}`);
  }
  // A source known to be the desk may also answer an empty list without the update times (a day with no filings).
  const empty = Boolean(value) && Array.isArray((value as { results?: unknown }).results) && (value as { results: unknown[] }).results.length === 0;
  if (!empty && !isPublicInspectionPage(value))
    throw new FetchError(`Not a public inspection response: no documents on public inspection in the JSON from ${host}`);
  const page = publicInspectionPageSchema.safeParse(value);
  if (!page.success) {
    const issue = page.error.issues[0];
    throw new FetchError(`Not a public inspection response: malformed answer from ${host} (${issue.path.join(".")}: ${issue.message})`);
  }
  return page.data;
}
