// Cost must stay flat as the corpus grows: the same pages on the large corpus and on 1,000 articles,
// measured one after the other in this run (not at the same time: they would share the CPUs).
import { runLoad } from "../../support/load";
import type { BenchStep, Measurement, Ratio } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

const PAGES = [
  { name: "feed page 1", path: "/", target: 0.8 },
  { name: "api 12 newest", path: "/api/articles?limit=12", target: 0.8 },
];

export const scaleStep: BenchStep = {
  name: "scale",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const measurements: Measurement[] = [];
    const ratios: Ratio[] = [];
    for (const { name, path, target } of PAGES) {
      const small = { name: `${name} @1,000`, server: "small" as const, path, ...(await runLoad({ url: context.servers.small.url + path, connections, seconds, headers: BROWSER_HEADERS })) };
      const large = { name: `${name} @${count.toLocaleString("en-US")}`, server: "large" as const, path, ...(await runLoad({ url: context.servers.large.url + path, connections, seconds, headers: BROWSER_HEADERS })) };
      measurements.push(small, large);
      const value = large.requestsPerSecond / small.requestsPerSecond;
      ratios.push({
        name: `${name}: throughput at ${count.toLocaleString("en-US")} / at 1,000`,
        value,
        target: `>= ${target}`,
        met: value >= target,
        detail: `${large.requestsPerSecond.toFixed(0)} vs ${small.requestsPerSecond.toFixed(0)} req/s; p50 ${large.p50Ms} vs ${small.p50Ms} ms`,
      });
    }
    return { measurements, ratios };
  },
};
