// Answers that are files rather than pages or JSON: the sitemap, robots.txt and calendar downloads.
import { applySecurityHeaders } from "./security-headers.server";

/** A text body of the given type, with the security headers; `download` names the file a browser saves. */
export function textFile(body: string, contentType: string, options: { download?: string; cacheControl?: string } = {}) {
  const headers = new Headers({ "Content-Type": contentType, "Cache-Control": options.cacheControl ?? "public, max-age=300" });
  if (options.download) headers.set("Content-Disposition", `attachment; filename="${options.download.replace(/[^\w.-]/g, "_")}"`);
  applySecurityHeaders(headers);
  return new Response(body, { status: 200, headers });
}
