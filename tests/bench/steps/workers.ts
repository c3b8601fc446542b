// Web workers (WEB_CONCURRENCY, docs/decisions/025): the render path with 1 and with 2 workers sharing the
// port, on the same corpus, measured alternately twice so a change in the machine's load hits both alike.
import { runLoad, warmUp, type LoadResult } from "../../support/load";
import { startProductionServer } from "../../support/prod-server";
import type { BenchStep, Measurement, Ratio } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

const ROUNDS = 2;

export const workersStep: BenchStep = {
  name: "workers",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const port = Number(process.env.BENCH_PORT ?? 3261) + 6;
    const measurements: Measurement[] = [];
    const best: Record<number, LoadResult | undefined> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const workers of [1, 2]) {
        const server = await startProductionServer({
          port,
          databaseFile: context.databases.large,
          env: { SHARED_PAGE_CACHE: "false", WEB_CONCURRENCY: String(workers), ...context.databaseEnv.large },
        });
        try {
          // Every worker warms up: the port hands connections to them in turn.
          await warmUp(server.url + "/", BROWSER_HEADERS, 3 * workers);
          const result = await runLoad({ url: server.url + "/", connections, seconds, headers: BROWSER_HEADERS });
          measurements.push({
            name: `/ rendered per request, ${workers} worker(s), round ${round + 1} @${count.toLocaleString("en-US")}`,
            server: "large",
            path: "/",
            ...result,
          });
          if (!best[workers] || result.requestsPerSecond > best[workers]!.requestsPerSecond) best[workers] = result;
        } finally {
          await server.stop();
        }
      }
    }
    const [one, two] = [best[1]!, best[2]!];
    const ratio: Ratio = {
      name: "/ rendered per request: 2 web workers / 1 (throughput, best of 2 alternating rounds)",
      value: two.requestsPerSecond / one.requestsPerSecond,
      target: "reported",
      met: true,
      detail: `2 workers ${two.requestsPerSecond.toFixed(1)} req/s (p95 ${two.p95Ms.toFixed(1)} ms) vs 1 worker ${one.requestsPerSecond.toFixed(1)} req/s (p95 ${one.p95Ms.toFixed(1)} ms), ${connections} connections, on ${context.options.count.toLocaleString("en-US")} articles`,
    };
    return { measurements, ratios: [ratio] };
  },
};
