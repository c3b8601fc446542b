// Right after a bulk load: a server started on a fresh copy of the large corpus (saved as a bulk load leaves it,
// with no related list stored yet) serves feed pages nobody asked for before, each request a page of its own,
// so neither the shared page copy (docs/decisions/013) nor anything a page stores can help the next one.
import fs from "node:fs";
import path from "node:path";
import type { AutocannonRequest } from "autocannon";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { runLoad } from "../../support/load";
import { startProductionServer } from "../../support/prod-server";
import type { BenchStep, Ratio } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

const TARGET_RPS = 100;

/**
 * Requests for `/?page=N`, N counting up from 2 across every connection, so no page is asked twice (`/?page=1`
 * is answered with a redirect to `/`, its one address).
 */
export function distinctPages(pages: number): AutocannonRequest[] {
  let next = 0;
  return [
    {
      method: "GET",
      setupRequest: (request) => ({ ...request, path: `/?page=${(next++ % (pages - 1)) + 2}` }),
    },
  ];
}

export const freshPagesStep: BenchStep = {
  name: "fresh-pages",
  sqliteOnly: "it serves a fresh copy of the SQLite corpus file as the bulk load left it",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const file = path.join(path.dirname(context.databases.large), "fresh.db");
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    // The working copy of the large corpus may have had lists stored by earlier steps' pages: start from the
    // corpus file itself, which is saved with none.
    fs.copyFileSync(context.corpusFile, file);
    const port = Number(process.env.BENCH_PORT ?? 3261) + 5;
    const server = await startProductionServer({ port, databaseFile: file });
    try {
      const pages = Math.ceil(count / PAGE_SIZE);
      const result = await runLoad({ url: server.url, connections, seconds, headers: BROWSER_HEADERS, requests: distinctPages(pages) });
      if (Object.keys(result.statusCounts).some((status) => status !== "200")) throw new Error(`fresh pages: ${JSON.stringify(result.statusCounts)}`);
      const detail = `${result.requests} distinct pages in ${seconds} s: ${result.requestsPerSecond.toFixed(1)} req/s, p50 ${result.p50Ms.toFixed(1)} ms, p95 ${result.p95Ms.toFixed(1)} ms`;
      const ratio: Ratio = {
        name: `distinct never-asked feed pages right after a bulk load, ${connections} connections (req/s)`,
        value: result.requestsPerSecond,
        target: `>= ${TARGET_RPS}`,
        met: result.requestsPerSecond >= TARGET_RPS,
        detail,
      };
      return {
        measurements: [{ name: `distinct feed pages after a bulk load @${count.toLocaleString("en-US")}`, server: "large", path: "/?page=N", ...result }],
        ratios: [ratio],
        figures: { freshPagesPeakRssBytes: server.peakRss() },
      };
    } finally {
      await server.stop();
    }
  },
};
