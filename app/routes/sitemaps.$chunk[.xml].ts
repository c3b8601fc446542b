// /sitemaps/{n}.xml: one file of the sitemap index (50,000 URLs each).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { sitemapChunk } from "~/articles/article-page.server";
import { textFile } from "~/http/file-responses.server";
import { allowOnly, jsonError } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";
import { idParam } from "~/validation";

export function loader({ params }: LoaderFunctionArgs) {
  const chunk = idParam(params.chunk);
  const body = chunk === undefined ? undefined : sitemapChunk(publicUrl(), chunk);
  if (body === undefined) throw jsonError(404, "No such sitemap.");
  return textFile(body, "application/xml; charset=utf-8");
}

export const action = allowOnly("GET, HEAD");
