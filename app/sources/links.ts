// A source as the public pages show it (the feed's and About's sources panel, app/components/SourcesFaq.tsx): its
// name, group and site, never its machine-readable feed address.
import { isHttpUrl } from "../articles/canonical-url";

export type SourceLink = { name: string; category: string; site?: string };

/** Where a source's link is shown: the site's home page, not its feed address; none unless http(s). */
function siteOf(url: string) {
  return isHttpUrl(url) ? new URL(url.trim()).origin : undefined;
}

/** What the panel needs of each source, for a loader's data (the page carries its loader data twice: HTML and JSON). */
export function sourceLinks(sources: { name: string; url: string; category: string }[]): SourceLink[] {
  return sources.map((source) => ({ name: source.name, category: source.category, site: siteOf(source.url) }));
}
