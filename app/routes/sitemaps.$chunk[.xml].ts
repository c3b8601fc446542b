// /sitemaps/{n}.xml: one file of the sitemap index (50,000 URLs each), read a thousand URLs at a time as the
// client reads it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapChunkPieces } from "~/feed/article-page.server";
import { textStream } from "~/http/file-responses.server";
import { allowOnly, jsonError } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";
import { idParam } from "~/validation";

export async function loader({ params }: LoaderFunctionArgs) {
  const chunk = idParam(params.chunk);
  const pieces = chunk === undefined ? undefined : await sitemapChunkPieces(await publicUrl(), chunk);
  if (pieces === undefined) throw jsonError(404, "No such sitemap.");
  return textStream(pieces, "application/xml; charset=utf-8");
}

export const action = allowOnly("GET, HEAD");
