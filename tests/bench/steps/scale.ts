// Cost must stay flat as the corpus grows: the same pages on the large corpus and on 1,000 articles,
// measured one after the other in this run (not at the same time: they would share the CPUs), in
// alternating rounds; the best round of each counts, so a burst of other work on the machine does not.
import { runLoad, warmUp, type LoadResult } from "../../support/load";
import type { BenchStep, Measurement, Ratio } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

const ROUNDS = 2;

const PAGES = [
  { name: "feed page 1 (shared copy)", path: "/", target: 0.9 },
  { name: "api 12 newest", path: "/api/articles?limit=12", target: 0.8 },
];

export const scaleStep: BenchStep = {
  name: "scale",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    for (const { name, path, target } of PAGES) {
      const best = { small: undefined as LoadResult | undefined, large: undefined as LoadResult | undefined };
      for (let round = 0; round < ROUNDS; round++) {
        for (const size of ["small", "large"] as const) {
          const url = context.servers[size].url + path;
          await warmUp(url, BROWSER_HEADERS);
          const result = await runLoad({ url, connections, seconds, headers: BROWSER_HEADERS });
          if (!best[size] || result.requestsPerSecond > best[size]!.requestsPerSecond) best[size] = result;
        }
      }
      const small = { name: `${name} @1,000`, server: "small" as const, path, ...best.small! };
      const large = { name: `${name} @${count.toLocaleString("en-US")}`, server: "large" as const, path, ...best.large! };
      measurements.push(small, large);
      const value = large.requestsPerSecond / small.requestsPerSecond;
      // A ratio of error pages says nothing about the page: not met, whatever its value.
      const failing = [small, large].filter((m) => Object.keys(m.statusCounts).some((status) => status !== "200"));
      ratios.push({
        name: `${name}: throughput at ${count.toLocaleString("en-US")} / at 1,000`,
        value,
        target: `>= ${target}`,
        met: value >= target && failing.length === 0,
        detail: `${failing.map((m) => `${m.name} answered ${JSON.stringify(m.statusCounts)}; `).join("")}best of ${ROUNDS} rounds: ${large.requestsPerSecond.toFixed(1)} vs ${small.requestsPerSecond.toFixed(1)} req/s; p50 ${large.p50Ms.toFixed(1)} vs ${small.p50Ms.toFixed(1)} ms`,
      });
    }
    return { measurements, ratios };
  },
};
