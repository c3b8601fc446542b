// Latency and throughput of the public feed and the read API on the large corpus.
import { CATEGORY_VALUES, PAGE_SIZE } from "~/articles/vocabulary";
import { runLoad, warmUp } from "../../support/load";
import type { BenchContext, BenchStep, Measurement } from "../types";

/** Browsers ask for compressed answers; so do the measurements. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/json" };

export const FEED_SEARCH = "emission standards";

export function feedEndpoints(count: number) {
  const deepPage = Math.max(1, Math.floor((count / PAGE_SIZE) * 0.75));
  return [
    { name: "feed page 1", path: "/" },
    { name: `feed deep page (${deepPage})`, path: `/?page=${deepPage}` },
    ...CATEGORY_VALUES.map((category) => ({ name: `feed category ${category}`, path: `/?category=${category}` })),
    { name: `feed search "${FEED_SEARCH}"`, path: `/?q=${encodeURIComponent(FEED_SEARCH)}` },
    { name: "feed high priority, this month", path: "/?priority=high&time=month" },
    { name: "api 12 newest", path: "/api/articles?limit=12" },
  ];
}

async function measure(
  context: BenchContext,
  name: string,
  path: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = BROWSER_HEADERS,
): Promise<Measurement> {
  const server = context.servers.large;
  await warmUp(server.url + path, headers);
  const result = await runLoad({ url: server.url + path, connections, seconds, headers });
  return { name, server: "large", path, ...result };
}

export const endpointsStep: BenchStep = {
  name: "endpoints",
  async run(context) {
    const { seconds, connections } = context.options;
    const measurements: Measurement[] = [];
    for (const { name, path } of feedEndpoints(context.options.count)) {
      measurements.push(await measure(context, name, path, connections, seconds));
    }
    // A reader revalidating the page it holds (the render path is measured by the targets step).
    const etag = (await fetch(context.servers.large.url + "/", { headers: BROWSER_HEADERS })).headers.get("etag");
    if (etag)
      measurements.push(await measure(context, "feed page 1, revalidated (304)", "/", connections, seconds, { ...BROWSER_HEADERS, "if-none-match": etag }));
    // The largest answer the API gives (its default: the newest 1,000 articles).
    measurements.push(await measure(context, "api default list (1,000 articles)", "/api/articles", 2, seconds));
    return { measurements };
  },
};
