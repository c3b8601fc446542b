// /robots.txt: everything public may be crawled; the admin and account pages say no-store and need no listing.
import { textFile } from "~/http/file-responses.server";
import { allowOnly } from "~/http/responses.server";
import { publicUrl } from "~/public-url.server";

export async function loader() {
  const lines = ["User-agent: *", "Disallow: /admin", "Disallow: /api/", "", `Sitemap: ${await publicUrl()}/sitemap.xml`, ""];
  return textFile(lines.join("\n"), "text/plain; charset=utf-8");
}

export const action = allowOnly("GET, HEAD");
