// The limit in the bench (docs/benchmarks.md): the product beside the least its own stack can do, in the same run, on the
// same corpus, so every later change is measured as a ratio this noisy machine cannot move much.
//   - The render path: the product with SHARED_PAGE_CACHE=false against the limit page (tests/bench/limit-page.tsx),
//     both on the large corpus's working copy, for `/` asked again and again and for deep pages never asked before.
//   - The shared copy: the running large server's copy of `/` against bare `node:http` answering the same brotli bytes
//     with the same headers (tests/bench/bare-copy.ts).
// Each pair is measured in alternating rounds (a, b, b, a) so that load from elsewhere on the machine falls on both.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AutocannonRequest } from "autocannon";
import { build } from "esbuild";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { WEB_PROCESS_NODE_FLAGS } from "~/web-process";
import { runLoad, warmUp, type LoadResult } from "../../support/load";
import { startProductionServer, type ProductionServer } from "../../support/prod-server";
import { seededRandom } from "../../support/seeded-random";
import { BENCH_DIR } from "../corpus";
import type { BenchStep, Measurement, Ratio } from "../types";
import { BROWSER_HEADERS } from "./endpoints";

/** The targets: the product at half its stack's limit or more, on the render path and for the shared copy. */
const TARGET_RATIO = 0.5;
/** The bound on a feed page's HTML, loader data included (docs/benchmarks.md, "The limit in the bench"). */
const HTML_TARGET_KB = 80;
const ROUNDS = 2;

/** The reference servers compiled as server.ts is (package.json `build`): plain Node, no TypeScript loader in memory. */
async function bundleReferenceServers() {
  const outdir = path.join(BENCH_DIR, "limit");
  await build({
    entryPoints: { "limit-page": "tests/bench/limit-page.tsx", "bare-copy": "tests/bench/bare-copy.ts" },
    bundle: true,
    platform: "node",
    format: "esm",
    outdir,
    // Packages stay in node_modules, as with `--packages=external`, which would also take the app's `~/` paths for packages.
    plugins: [{ name: "packages-external", setup: (on) => void on.onResolve({ filter: /^[^./~]/ }, (args) => ({ path: args.path, external: true })) }],
    logLevel: "warning",
  });
  return { limitPage: path.join(outdir, "limit-page.js"), bareCopy: path.join(outdir, "bare-copy.js") };
}

type Raw = { status: number; headers: [string, string][]; body: Buffer };

/** One answer as sent, not decoded (fetch would inflate it): status, headers and body bytes. */
function fetchRaw(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i].toLowerCase(), response.rawHeaders[i + 1]]);
          resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
      })
      .on("error", reject);
  });
}

/** Every page of the corpus but the first, in a seeded order: each side takes every other one, so none is asked twice. */
function shuffledPages(count: number) {
  const pages = Array.from({ length: Math.max(1, Math.ceil(count / PAGE_SIZE) - 1) }, (_, i) => i + 2);
  const random = seededRandom(40);
  for (let i = pages.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pages[i], pages[j]] = [pages[j], pages[i]];
  }
  return [pages.filter((_, i) => i % 2 === 0), pages.filter((_, i) => i % 2 === 1)];
}

/**
 * Requests for the next page of `pages` on every call, across rounds and connections: no page twice while the corpus
 * has pages enough (a small one starts over; `asked` says how many were asked in all).
 */
function pageCursor(pages: number[]) {
  let next = 0;
  const requests = (): AutocannonRequest[] => [{ method: "GET", setupRequest: (request) => ({ ...request, path: `/?page=${pages[next++ % pages.length]}` }) }];
  return Object.assign(requests, { asked: () => next, available: pages.length });
}

type Side = { label: string; server: ProductionServer; path: string; requests?: () => AutocannonRequest[] };

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const figures = (rps: number, results: LoadResult[]) =>
  `${rps.toFixed(1)} req/s (rounds ${results.map((r) => r.requestsPerSecond.toFixed(1)).join(", ")}), p50 ${mean(results.map((r) => r.p50Ms)).toFixed(1)} ms, p95 ${mean(results.map((r) => r.p95Ms)).toFixed(1)} ms, ${(mean(results.map((r) => r.bytesPerRequest)) / 1024).toFixed(1)} KB/answer`;

export const limitStep: BenchStep = {
  name: "limit",
  async run(context) {
    const { seconds, connections, count } = context.options;
    const basePort = Number(process.env.BENCH_PORT ?? 3261) + 7;
    const atLarge = `@${count.toLocaleString("en-US")}`;
    const measurements: Measurement[] = [];
    const started: ProductionServer[] = [];
    const start = async (...args: Parameters<typeof startProductionServer>) => {
      const server = await startProductionServer(...args);
      started.push(server);
      return server;
    };

    /** Both sides in rounds a, b, b, a, ...; each side's req/s is the mean of its rounds. */
    const sideBySide = async (name: string, a: Side, b: Side) => {
      const results = new Map<Side, LoadResult[]>([
        [a, []],
        [b, []],
      ]);
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 ? [b, a] : [a, b]) {
          const result = await runLoad({ url: side.server.url + side.path, connections, seconds, headers: BROWSER_HEADERS, requests: side.requests?.() });
          if (Object.keys(result.statusCounts).some((status) => status !== "200") || result.errors)
            throw new Error(`${side.label} ${side.path}: ${JSON.stringify(result.statusCounts)}, ${result.errors} errors`);
          results.get(side)!.push(result);
          measurements.push({ name: `${name}: ${side.label}, round ${round + 1} ${atLarge}`, server: "large", path: side.path, ...result });
        }
      }
      const [rpsA, rpsB] = [a, b].map((side) => mean(results.get(side)!.map((r) => r.requestsPerSecond)));
      return { ratio: rpsA / rpsB, rpsA, rpsB, detail: `${a.label} ${figures(rpsA, results.get(a)!)}; ${b.label} ${figures(rpsB, results.get(b)!)}` };
    };

    try {
      const scripts = await bundleReferenceServers();
      const product = await start({
        port: basePort,
        databaseFile: context.databases.large,
        env: { SHARED_PAGE_CACHE: "false", ...context.databaseEnv.large },
      });
      const limit = await start({
        port: basePort + 1,
        databaseFile: context.databases.large,
        env: context.databaseEnv.large,
        args: [...WEB_PROCESS_NODE_FLAGS, scripts.limitPage],
        readyPath: "/",
      });

      // The same content: the limit page's 12 cards are the product's, and each has its related list.
      const identity = { accept: "text/html", "accept-encoding": "identity" };
      const [productHtml, limitHtml] = await Promise.all([product, limit].map(async (server) => (await fetchRaw(`${server.url}/`, identity)).body));
      const limitData = JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/s.exec(limitHtml.toString("utf8"))![1]) as {
        articles: { id: number }[];
        related: Record<string, unknown[]>;
      };
      const missing = limitData.articles.filter((article) => !productHtml.includes(`id="article-${article.id}"`));
      if (limitData.articles.length !== PAGE_SIZE || missing.length)
        throw new Error(`the limit page's cards are not the product's: ${JSON.stringify(missing)}`);
      const relatedShown = Object.values(limitData.related).reduce((sum, list) => sum + list.length, 0);

      for (const server of [product, limit]) await warmUp(`${server.url}/`, BROWSER_HEADERS, 20);
      const front = await sideBySide(
        "/ asked again and again",
        { label: "product rendered (SHARED_PAGE_CACHE=false)", server: product, path: "/" },
        { label: "limit page", server: limit, path: "/" },
      );
      const cursors = shuffledPages(count).map(pageCursor);
      const deep = await sideBySide(
        "distinct deep pages never asked before",
        { label: "product rendered (SHARED_PAGE_CACHE=false)", server: product, path: "/?page=N", requests: cursors[0] },
        { label: "limit page", server: limit, path: "/?page=N", requests: cursors[1] },
      );
      const repeated = cursors.map((cursor) => Math.max(0, cursor.asked() - cursor.available));

      // The shared copy of `/` as a browser gets it from the running server, served again by bare node:http.
      const shared = context.servers.large;
      // Asked twice: a page asked again is kept compressed with more care and answered in those bytes from then on
      // (app/http/shared-page-cache.server.ts).
      await fetchRaw(`${shared.url}/`, BROWSER_HEADERS);
      const copy = await fetchRaw(`${shared.url}/`, BROWSER_HEADERS);
      const encoding = copy.headers.find(([name]) => name === "content-encoding")?.[1];
      if (copy.status !== 200 || encoding !== "br") throw new Error(`the shared copy of / answered ${copy.status} with ${encoding ?? "no"} encoding`);
      const copyFile = path.join(BENCH_DIR, "limit", "shared-copy.json");
      // Per-connection headers are the server's own business; the page's are all kept.
      const pageHeaders = copy.headers.filter(([name]) => !["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(name));
      fs.writeFileSync(copyFile, JSON.stringify({ headers: pageHeaders, bodyBase64: copy.body.toString("base64") }));
      const bare = await start({
        port: basePort + 2,
        databaseFile: context.databases.large,
        env: { COPY_FILE: copyFile },
        args: [...WEB_PROCESS_NODE_FLAGS, scripts.bareCopy],
        readyPath: "/",
      });
      const again = await fetchRaw(`${bare.url}/`, BROWSER_HEADERS);
      if (!again.body.equals(copy.body)) throw new Error("the bare server's answer differs from the shared copy");
      for (const server of [shared, bare]) await warmUp(`${server.url}/`, BROWSER_HEADERS, 20);
      const copied = await sideBySide(
        "/ shared copy",
        { label: "product's shared copy", server: shared, path: "/" },
        { label: "bare node:http, same bytes and headers", server: bare, path: "/" },
      );

      const kb = (bytes: number) => bytes / 1024;
      const mb = (bytes: number | undefined) => (bytes === undefined ? NaN : bytes / 1024 / 1024);
      const rss = { product: product.peakRss(), limit: limit.peakRss(), bare: bare.peakRss() };
      const memory = `peak RSS: product rendering ${mb(rss.product).toFixed(0)} MB, limit page ${mb(rss.limit).toFixed(0)} MB`;
      const ratios: Ratio[] = [
        {
          name: `/ asked again and again: product rendered / limit page, ${connections} connections (req/s ratio)`,
          value: front.ratio,
          target: `>= ${TARGET_RATIO}`,
          met: front.ratio >= TARGET_RATIO,
          detail: `${front.detail}; ${memory}`,
        },
        {
          name: `distinct deep pages never asked before: product rendered / limit page, ${connections} connections (req/s ratio)`,
          value: deep.ratio,
          target: `>= ${TARGET_RATIO}`,
          met: deep.ratio >= TARGET_RATIO,
          detail: `${deep.detail}; ${cursors[0].available.toLocaleString("en-US")} pages for each side${repeated.some(Boolean) ? `, of which asked again: product ${repeated[0]}, limit page ${repeated[1]} (the corpus is too small for ${seconds} s)` : ", none asked twice"}`,
        },
        {
          name: `/ shared copy / bare node:http with the same bytes and headers, ${connections} connections (req/s ratio)`,
          value: copied.ratio,
          target: `>= ${TARGET_RATIO}`,
          met: copied.ratio >= TARGET_RATIO,
          detail: `${copied.detail}; ${copy.body.length.toLocaleString("en-US")} bytes of brotli`,
        },
        {
          name: "HTML of / rendered, loader data included (KB, uncompressed)",
          value: kb(productHtml.length),
          target: `<= ${HTML_TARGET_KB}`,
          met: kb(productHtml.length) <= HTML_TARGET_KB,
          detail: `product ${kb(productHtml.length).toFixed(1)} KB; limit page ${kb(limitHtml.length).toFixed(1)} KB (the same 12 cards, ${relatedShown} related articles, its data as JSON)`,
        },
      ];
      return {
        measurements,
        ratios,
        peakRss: { "product rendering (limit step)": rss.product, "limit page": rss.limit, "bare node:http copy": rss.bare },
        figures: {
          limit: {
            rounds: ROUNDS,
            front: { productRps: front.rpsA, limitRps: front.rpsB, ratio: front.ratio },
            deepPages: { productRps: deep.rpsA, limitRps: deep.rpsB, ratio: deep.ratio },
            sharedCopy: { productRps: copied.rpsA, bareRps: copied.rpsB, ratio: copied.ratio, brotliBytes: copy.body.length },
            htmlBytes: { product: productHtml.length, limit: limitHtml.length },
            relatedShown,
            peakRssBytes: rss,
          },
        },
      };
    } finally {
      for (const server of started) await server.stop();
    }
  },
};
