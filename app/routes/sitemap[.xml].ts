// /sitemap.xml: every article page and the site's pages, or a sitemap index past 50,000 URLs; written as the
// client reads it (app/http/file-responses.server.ts, textStream).
import { sitemapDocumentPieces } from "~/feed/article-page.server";
import { textStream } from "~/http/file-responses.server";
import { allowOnly } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";

export async function loader() {
  return textStream(await sitemapDocumentPieces(await publicUrl()), "application/xml; charset=utf-8");
}

export const action = allowOnly("GET, HEAD");
