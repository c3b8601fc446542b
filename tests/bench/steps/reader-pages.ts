// The reader's pages beyond the feed, on the large corpus: an article's own page, the open comment periods and
// their calendar, and the sitemap search engines read (its first file lists 50,000 article pages). Each is
// measured like the feed (tests/bench/steps/endpoints.ts), with a view's feeds, its CSV export and the API page.
import { articlePath } from "~/articles/article-page";
import { runLoad, warmUp } from "../../support/load";
import type { BenchStep, Measurement } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

/** The address of the newest article's own page on the server at `url`. */
export async function newestArticlePath(url: string) {
  const [newest] = (await (await fetch(`${url}/api/articles?limit=1`)).json()) as { id: number; title: string }[];
  return articlePath(newest);
}

export const readerPagesStep: BenchStep = {
  name: "reader-pages",
  async run(context) {
    const { seconds, connections } = context.options;
    const server = context.servers.large;
    const pages = [
      { name: "article page (newest)", path: await newestArticlePath(server.url) },
      { name: "open comment periods", path: "/comment-periods" },
      { name: "open comment periods, calendar", path: "/comment-periods.ics" },
      { name: "sitemap index", path: "/sitemap.xml" },
      { name: "Atom feed of a view (50 newest)", path: "/feed.atom?category=regulatory-rollbacks" },
      { name: "JSON Feed of a view (50 newest)", path: "/feed.json?category=regulatory-rollbacks" },
      { name: "feed page with agency and type filters", path: "/?agency=Environmental+Protection+Agency&type=rule" },
      { name: "CSV export of a whole category", path: "/export.csv?category=legal-decisions", connections: 1 },
      { name: "API description page", path: "/api/docs" },
      { name: "sitemap file 1 (50,000 article pages)", path: "/sitemaps/1.xml", connections: 1 },
    ];
    const measurements: Measurement[] = [];
    for (const page of pages) {
      const probe = await fetch(server.url + page.path, { headers: BROWSER_HEADERS });
      await probe.arrayBuffer();
      if (probe.status !== 200) throw new Error(`${page.path} answered ${probe.status}`);
      await warmUp(server.url + page.path, BROWSER_HEADERS);
      const result = await runLoad({ url: server.url + page.path, connections: page.connections ?? connections, seconds, headers: BROWSER_HEADERS });
      measurements.push({ name: page.name, server: "large", path: page.path, ...result });
    }
    return { measurements };
  },
};
