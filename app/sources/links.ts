// A source as the public pages show it (the feed's and About's sources panel, app/components/SourcesFaq.tsx): its
// name, group and site, never its machine-readable feed address.
import { isHttpUrl } from "../articles/canonical-url";

export type SourceLink = { name: string; site?: string };

/** The sources by category ("government", "legal", ...), each list in the sources' order: a category is named once. */
export type SourceLinks = Record<string, SourceLink[]>;

/** Where a source's link is shown: the site's home page, not its feed address; none unless http(s). */
function siteOf(url: string) {
  return isHttpUrl(url) ? new URL(url.trim()).origin : undefined;
}

/** What the panel needs of each source, for a loader's data (the page carries its loader data twice: HTML and JSON). */
export function sourceLinks(sources: { name: string; url: string; category: string }[]): SourceLinks {
  const byCategory: SourceLinks = {};
  for (const source of sources) (byCategory[source.category] ??= []).push({ name: source.name, site: siteOf(source.url) });
  return byCategory;
}

/** How many sources the lists hold together. */
export function sourceCount(sources: SourceLinks) {
  return Object.values(sources).reduce((sum, list) => sum + list.length, 0);
}
