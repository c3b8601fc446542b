// The deregulation ledger on the large corpus (docs/ledger.md): the page, its JSON answer and CSV, which are counted
// on every request whatever SHARED_PAGE_CACHE says (never a stale number), and the feed view behind its largest
// count, as the shared copy every anonymous reader gets and rendered per request on a server started with
// SHARED_PAGE_CACHE=false, as tests/bench/steps/targets.ts measures the feed.
import { runLoad, warmUp } from "../../support/load";
import { startProductionServer, type ProductionServer } from "../../support/prod-server";
import type { LedgerJson } from "~/ledger/answer.server";
import type { BenchStep, Measurement } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

export const ledgerStep: BenchStep = {
  name: "ledger",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const port = Number(process.env.BENCH_PORT ?? 3261) + 4;
    const measurements: Measurement[] = [];
    let rendering: ProductionServer | undefined;
    const measure = async (name: string, server: ProductionServer, path: string, clients = connections) => {
      await warmUp(server.url + path, BROWSER_HEADERS);
      const result = await runLoad({ url: server.url + path, connections: clients, seconds, headers: BROWSER_HEADERS });
      if (Object.keys(result.statusCounts).some((status) => status !== "200")) throw new Error(`${path}: ${JSON.stringify(result.statusCounts)}`);
      measurements.push({ name, server: "large", path, ...result });
    };
    try {
      const shared = context.servers.large;
      rendering = await startProductionServer({
        port,
        databaseFile: context.databases.large,
        env: { SHARED_PAGE_CACHE: "false", ...context.databaseEnv.large },
      });
      const ledger = (await (await fetch(`${shared.url}/api/ledger`)).json()) as LedgerJson;
      const at = `@${count.toLocaleString("en-US")}`;
      await measure(`/ledger (counted per request) ${at}`, shared, `/ledger?fy=${ledger.fiscalYear}`);
      await measure(`/ledger (counted per request), 1 connection ${at}`, shared, `/ledger?fy=${ledger.fiscalYear}`, 1);
      await measure(`/ledger on a server without the shared copy ${at}`, rendering, `/ledger?fy=${ledger.fiscalYear}`);
      await measure(`/api/ledger ${at}`, shared, `/api/ledger?fy=${ledger.fiscalYear}`);
      await measure(`/ledger.csv ${at}`, shared, `/ledger.csv?fy=${ledger.fiscalYear}`, 1);
      const view = ledger.total.deregulatoryFinal.feed;
      await measure(`feed view of the year's ${ledger.total.deregulatoryFinal.count} deregulatory actions, shared copy ${at}`, shared, view);
      await measure(`the same view rendered per request ${at}`, rendering, view);
      return {
        measurements,
        figures: {
          ledger: {
            fiscalYear: ledger.fiscalYear,
            agencies: ledger.agencies.length,
            deregulatory: ledger.total.deregulatoryFinal.count,
            regulatory: ledger.total.regulatoryFinal.count,
            judgedDeregulatory: ledger.total.judgement.deregulatoryFinal.count,
          },
        },
      };
    } finally {
      await rendering?.stop();
    }
  },
};
