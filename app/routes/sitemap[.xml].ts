// /sitemap.xml: every article page and the site's pages, or a sitemap index past 50,000 URLs.
import { sitemapDocument } from "~/articles/article-page.server";
import { textFile } from "~/http/file-responses.server";
import { allowOnly } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";

export function loader() {
  return textFile(sitemapDocument(publicUrl()), "application/xml; charset=utf-8");
}

export const action = allowOnly("GET, HEAD");
