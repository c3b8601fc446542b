// The feed's speed targets, side by side in one run: the shared page every anonymous reader gets
// (docs/decisions/013), and the render path, measured on servers of their own started with
// SHARED_PAGE_CACHE=false on the same corpora, for browsing and searching, at the large corpus and at 1,000.
import { runLoad, warmUp, type LoadResult } from "../../support/load";
import { startProductionServer, type ProductionServer } from "../../support/prod-server";
import { groupedHref } from "~/feed/grouped-view";
import { rulemakingPath } from "~/rulemakings/keys";
import type { BenchStep, Measurement, Ratio } from "../types";
import { BROWSER_HEADERS, FEED_SEARCH } from "./endpoints";

/** A term found in a few percent of the corpus, and one found in most of it. */
const NARROW = FEED_SEARCH;
const BROAD = "rule";
const GROUPED_PATH = groupedHref();

const TARGETS = { sharedRps: 1_000, renderedRps: 150, renderedP95Ms: 60, searchShare: 0.8, scale: 0.9 };

export const targetsStep: BenchStep = {
  name: "targets",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const basePort = Number(process.env.BENCH_PORT ?? 3261) + 2;
    const rendering: { large?: ProductionServer; small?: ProductionServer } = {};
    const measurements: Measurement[] = [];
    const measure = async (name: string, server: ProductionServer, size: "large" | "small", path: string, clients = connections): Promise<LoadResult> => {
      await warmUp(server.url + path, BROWSER_HEADERS);
      const result = await runLoad({ url: server.url + path, connections: clients, seconds, headers: BROWSER_HEADERS });
      if (Object.keys(result.statusCounts).some((status) => status !== "200")) throw new Error(`${path}: ${JSON.stringify(result.statusCounts)}`);
      measurements.push({ name, server: size, path, ...result });
      return result;
    };
    try {
      const env = { SHARED_PAGE_CACHE: "false" };
      rendering.large = await startProductionServer({ port: basePort, databaseFile: context.databases.large, env: { ...env, ...context.databaseEnv.large } });
      rendering.small = await startProductionServer({
        port: basePort + 1,
        databaseFile: context.databases.small,
        env: { ...env, ...context.databaseEnv.small },
      });
      const atLarge = `@${count.toLocaleString("en-US")}`;
      const shared1 = await measure(`/ shared copy, 1 connection ${atLarge}`, context.servers.large, "large", "/", 1);
      const shared = await measure(`/ shared copy ${atLarge}`, context.servers.large, "large", "/");
      const rendered1 = await measure(`/ rendered per request, 1 connection ${atLarge}`, rendering.large, "large", "/", 1);
      const rendered = await measure(`/ rendered per request ${atLarge}`, rendering.large, "large", "/");
      const renderedSmall = await measure("/ rendered per request @1,000", rendering.small, "small", "/");
      const narrow = await measure(`search "${NARROW}" rendered per request ${atLarge}`, rendering.large, "large", `/?q=${encodeURIComponent(NARROW)}`);
      const broad = await measure(`search "${BROAD}" rendered per request ${atLarge}`, rendering.large, "large", `/?q=${encodeURIComponent(BROAD)}`);
      // The rulemaking pages: the Regulatory Rollbacks view by rulemaking, and the page of the rulemaking with the most
      // documents among the newest articles (the generated corpus gives most Federal Register documents a RIN).
      const grouped = await measure(`Regulatory Rollbacks by rulemaking rendered per request ${atLarge}`, rendering.large, "large", GROUPED_PATH);
      const newest = (await (await fetch(`${rendering.large.url}/api/articles?limit=100`)).json()) as {
        rulemaking: { key: string; documents: number } | null;
      }[];
      const largest = newest.flatMap((article) => (article.rulemaking ? [article.rulemaking] : [])).sort((a, b) => b.documents - a.documents)[0];
      if (!largest) throw new Error("None of the newest 100 articles is part of a rulemaking: the corpus has no RINs");
      const rulemaking = await measure(
        `rulemaking page (${largest.documents} documents) rendered per request ${atLarge}`,
        rendering.large,
        "large",
        rulemakingPath(largest.key),
      );
      const figures = (result: LoadResult) =>
        `${result.requestsPerSecond.toFixed(1)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms`;
      const atLeast = (name: string, value: number, target: number, detail: string): Ratio => ({
        name,
        value,
        target: `>= ${target}`,
        met: value >= target,
        detail,
      });
      const ratios: Ratio[] = [
        atLeast(
          `/ shared copy, ${connections} connections (req/s)`,
          shared.requestsPerSecond,
          TARGETS.sharedRps,
          `${figures(shared)}; 1 connection: ${figures(shared1)}`,
        ),
        atLeast(
          `/ rendered per request, ${connections} connections (req/s)`,
          rendered.requestsPerSecond,
          TARGETS.renderedRps,
          `${figures(rendered)}; 1 connection: ${figures(rendered1)}`,
        ),
        {
          name: `/ rendered per request, ${connections} connections (p95 ms)`,
          value: rendered.p95Ms,
          target: `< ${TARGETS.renderedP95Ms}`,
          met: rendered.p95Ms < TARGETS.renderedP95Ms,
          detail: figures(rendered),
        },
        atLeast(
          `/ rendered per request: throughput ${atLarge} / @1,000`,
          rendered.requestsPerSecond / renderedSmall.requestsPerSecond,
          TARGETS.scale,
          `${figures(rendered)} vs ${figures(renderedSmall)}`,
        ),
        ...[
          { term: NARROW, result: narrow },
          { term: BROAD, result: broad },
        ].map(({ term, result }) =>
          atLeast(
            `search "${term}" / browse, both rendered per request (throughput)`,
            result.requestsPerSecond / rendered.requestsPerSecond,
            TARGETS.searchShare,
            `${figures(result)} vs ${figures(rendered)}`,
          ),
        ),
        // A rulemaking page or the grouped view may cost what a search does beside the plain feed, no more.
        ...[
          { name: "Regulatory Rollbacks by rulemaking", result: grouped },
          { name: "rulemaking page", result: rulemaking },
        ].map(({ name, result }) =>
          atLeast(
            `${name} / browse, both rendered per request (throughput)`,
            result.requestsPerSecond / rendered.requestsPerSecond,
            TARGETS.searchShare,
            `${figures(result)} vs ${figures(rendered)}`,
          ),
        ),
      ];
      return { measurements, ratios };
    } finally {
      await rendering.large?.stop();
      await rendering.small?.stop();
    }
  },
};
