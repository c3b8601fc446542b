// Ingestion during the load test: the product's job runner (jobs/cli.ts, its own process) scraping loopback
// stand-ins for the outside world: a Federal Register API holding a few thousand documents, feeds that publish
// new items on every request, and real feed files. A new scrape is queued as soon as the previous job finishes,
// so the runner writes for the whole load window. Every stand-in remembers what it served, to be compared
// with what was stored.
import fs from "node:fs";
import { and, eq, inArray, sql } from "drizzle-orm";
import { canonicalUrl } from "~/articles/canonical-url";
import type { SourceCategory, SourceType } from "~/articles/vocabulary";
import { all, db, first, t } from "~/db.server";
import { parseFeed } from "~/ingest/feed.server";
import type { JobKind } from "~/jobs/queue.server";
import { enqueueJob, type JobRow } from "~/jobs/store.server";
import { generatedArticle } from "../bench/generator";
import { federalRegisterRoute, generateDocuments } from "../support/federal-register-api";
import { readFixture, serveFixture, startServer, type Route } from "../support/http-server";
import { ALARMING } from "../support/prod-server";
import { startRunner, type ProductProcess } from "./faults/processes";
import { addServedSource } from "../support/sources";

/** A source the runner scrapes, and the canonical URL of every item its stand-in has served. */
export type LoopbackSource = { id: number; name: string; served: Set<string> };

export const INGESTION_KINDS: JobKind[] = ["scrape", "backfill"];

/** The Federal Register stand-in: 3,000 documents over 30 days, read 100 a page by a scrape, 1,000 by a backfill. */
const FEDERAL_REGISTER_DAYS = 30;
const FEDERAL_REGISTER_PER_DAY = 100;
/** A live feed publishes this many new items per request and lists this many (the rest were served before). */
const LIVE_NEW_PER_REQUEST = 10;
const LIVE_LISTED = 40;
/** How often the test looks for a finished job to follow, and how long the runner may take to start and to drain the queue. */
const QUEUE_CHECK_MS = 200;
const RUNNER_START_MS = 30_000;
const DRAIN_MS = 60_000;
const EXIT_MS = 10_000;

const FIXTURES: {
  name: string;
  file: string;
  type: SourceType;
  category: SourceCategory;
  contentType: string;
  charset: string;
  validators?: { etag?: string; lastModified?: string };
}[] = [
  {
    name: "SEC press releases",
    file: "sec-press-releases.rss",
    type: "rss",
    category: "government",
    contentType: "application/rss+xml; charset=utf-8",
    charset: "utf-8",
    validators: { etag: '"sec-2025-58"' },
  },
  {
    name: "CourtListener: Supreme Court",
    file: "courtlistener-scotus.atom",
    type: "atom",
    category: "legal",
    contentType: "application/atom+xml; charset=utf-8",
    charset: "utf-8",
    validators: { lastModified: "Fri, 27 Jun 2025 23:01:00 GMT" },
  },
  {
    name: "Federal Reserve: banking regulation",
    file: "federal-reserve.rdf",
    type: "rss",
    category: "government",
    contentType: "application/rdf+xml; charset=utf-8",
    charset: "utf-8",
  },
  {
    name: "GovInfo: public laws",
    file: "govinfo-plaw-latin1.rss",
    type: "rss",
    category: "government",
    contentType: "application/rss+xml; charset=ISO-8859-1",
    charset: "latin1",
  },
];

const LIVE_FEEDS: { name: string; site: string; format: "rss" | "atom"; category: SourceCategory }[] = [
  { name: "Regulatory wire (live)", site: "wire.news.test", format: "rss", category: "news" },
  { name: "Agency newsroom (live)", site: "newsroom.agency.test", format: "rss", category: "government" },
  { name: "Court docket (live)", site: "docket.courts.test", format: "atom", category: "legal" },
];

const xml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

type LiveItem = { title: string; summary: string; link: string; published: Date };

/** Item `index` of a live feed: a generated headline and abstract, published 10 s after the one before. */
function liveItem(site: string, index: number, firstPublished: number): LiveItem {
  const article = generatedArticle(index, 1, new Date(), [{ id: 0, name: site, category: "news" }]);
  return { title: article.title, summary: article.summary, link: `https://${site}/stories/${index}`, published: new Date(firstPublished + index * 10_000) };
}

function rssDocument(site: string, items: LiveItem[]) {
  const entries = items.map(
    (item) =>
      `<item><title>${xml(item.title)}</title><link>${item.link}</link><guid>${item.link}</guid>` +
      `<description>${xml(item.summary)}</description><pubDate>${item.published.toUTCString()}</pubDate></item>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>${site}</title><link>https://${site}/</link><description>Latest from ${site}</description>\n${entries.join("\n")}\n</channel></rss>\n`;
}

function atomDocument(site: string, items: LiveItem[]) {
  const entries = items.map(
    (item) =>
      `<entry><title>${xml(item.title)}</title><link href="${item.link}" rel="alternate"/><id>${item.link}</id>` +
      `<updated>${item.published.toISOString()}</updated><summary>${xml(item.summary)}</summary></entry>`,
  );
  const updated = (items[0]?.published ?? new Date()).toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>${site}</title><link href="https://${site}/" rel="alternate"/><id>https://${site}/</id><updated>${updated}</updated>\n${entries.join("\n")}\n</feed>\n`;
}

/** A feed that publishes LIVE_NEW_PER_REQUEST new items on every request and lists the newest LIVE_LISTED. */
function liveFeedRoute(feed: (typeof LIVE_FEEDS)[number], served: Set<string>): Route {
  const firstPublished = Date.now() - 86_400_000;
  let requests = 0;
  return (_request, response) => {
    const newest = ++requests * LIVE_NEW_PER_REQUEST;
    const items: LiveItem[] = [];
    for (let index = newest - 1; index >= Math.max(0, newest - LIVE_LISTED); index--) items.push(liveItem(feed.site, index, firstPublished));
    for (const item of items) served.add(canonicalUrl(item.link));
    const body = feed.format === "rss" ? rssDocument(feed.site, items) : atomDocument(feed.site, items);
    response.writeHead(200, { "content-type": `application/${feed.format}+xml; charset=utf-8` }).end(body);
  };
}

/** A real feed file (with its validators, so later scrapes get 304); what it served is what the adapter reads from it. */
async function fixtureRoute(fixture: (typeof FIXTURES)[number], served: Set<string>): Promise<Route> {
  const serve = serveFixture(fixture.file, fixture.contentType, fixture.validators);
  const items = await parseFeed(new TextDecoder(fixture.charset).decode(readFixture(fixture.file)), `https://${fixture.file}/`, {
    id: null,
    name: fixture.name,
  });
  return (request, response, origin) => {
    void serve(request, response, origin);
    if (response.statusCode === 200) for (const article of items.articles) served.add(canonicalUrl(article.originalUrl));
  };
}

async function pendingIngestionKinds() {
  const rows = await all(
    db()
      .select({ kind: t.jobs.kind })
      .from(t.jobs)
      .where(and(inArray(t.jobs.kind, INGESTION_KINDS), inArray(t.jobs.status, ["queued", "running"]))),
  );
  return new Set(rows.map((row) => row.kind));
}

export async function ingestionJobs(): Promise<JobRow[]> {
  return all(db().select().from(t.jobs).where(inArray(t.jobs.kind, INGESTION_KINDS)).orderBy(t.jobs.id));
}

/** Lines of a process's output that say something went wrong (the web's alarm list, plus a job's failure). */
export function troubleLines(output: string) {
  return output.split("\n").filter((line) => ALARMING.test(line) || /\bfailed: /.test(line));
}

/** CPU time a process has used so far (user + system), in seconds; undefined off Linux. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Ingestion = {
  sources: LoopbackSource[];
  runner: ProductProcess;
  /** Milliseconds from spawning the runner to its first job running. */
  startupMs: number;
  /** Articles of the loopback sources in the database now. */
  storedCount(): Promise<number>;
  /** Canonical URLs stored for one source. */
  storedKeys(sourceId: number): Promise<string[]>;
  /**
   * Stops topping up the queue, waits (bounded) for the queued and running ingestion jobs to finish, then
   * sends the runner SIGTERM and waits (bounded) for it to exit.
   */
  finish(drainBoundMs?: number): Promise<{ drainMs: number; exitCode: number | null | "still running"; exitMs: number }>;
  close(): Promise<void>;
};

/**
 * Serves the stand-ins, registers them as sources, queues the first scrape and a backfill of the whole
 * Federal Register stand-in, and starts the runner, resolving once its first job is running.
 */
export async function startIngestion(): Promise<Ingestion> {
  const federalRegister = { name: "Federal Register (stand-in API)", served: new Set<string>() };
  const documents = generateDocuments({
    days: FEDERAL_REGISTER_DAYS,
    perDay: FEDERAL_REGISTER_PER_DAY,
    lastDay: new Date().toISOString().slice(0, 10),
    samples: JSON.parse(fs.readFileSync("scripts/demo/federal-register-2025-sample.json", "utf8")).results,
    prefix: "L",
  });
  const live = LIVE_FEEDS.map((feed) => ({ ...feed, served: new Set<string>() }));
  const fixtures = FIXTURES.map((fixture) => ({ ...fixture, served: new Set<string>() }));
  const routes: Record<string, Route> = {
    "/api/v1/documents.json": federalRegisterRoute(documents, (_url, results) => {
      for (const doc of results) federalRegister.served.add(canonicalUrl(doc.html_url));
    }),
  };
  for (const feed of live) routes[`/live/${feed.site}`] = liveFeedRoute(feed, feed.served);
  for (const fixture of fixtures) routes[`/fixtures/${fixture.file}`] = await fixtureRoute(fixture, fixture.served);
  const server = await startServer(routes);

  const register = async (name: string, path: string, type: SourceType, category: SourceCategory, served: Set<string>): Promise<LoopbackSource> => {
    const { id } = await addServedSource(server.origin, path, { name, type, category });
    return { id, name, served };
  };
  const sources = await Promise.all([
    register(federalRegister.name, "/api/v1/documents.json?order=newest&per_page=100", "federal-register-api", "government", federalRegister.served),
    ...live.map((feed) => register(feed.name, `/live/${feed.site}`, feed.format, feed.category, feed.served)),
    ...fixtures.map((fixture) => register(fixture.name, `/fixtures/${fixture.file}`, fixture.type, fixture.category, fixture.served)),
  ]);
  const sourceIds = sources.map((source) => source.id);

  // The first scrape reads the stand-in API's newest 1,000 documents, the backfill the rest; from then on a
  // scrape is queued whenever the previous job has finished, as an operator pressing the button would.
  await enqueueJob("scrape", {}, "load test");
  await enqueueJob("backfill", { daysBack: FEDERAL_REGISTER_DAYS }, "load test");
  const topUp = async () => {
    if (!(await pendingIngestionKinds()).size) await enqueueJob("scrape", {}, "load test");
  };
  const spawnedAt = performance.now();
  const runner = startRunner();
  const feeder = setInterval(topUp, QUEUE_CHECK_MS);
  const cleanUp = async () => {
    clearInterval(feeder);
    if (runner.child.exitCode === null && runner.child.signalCode === null) runner.child.kill("SIGKILL");
    await server.close();
  };
  for (;;) {
    if (await first(db().select({ id: t.jobs.id }).from(t.jobs).where(eq(t.jobs.status, "running")))) break;
    if (runner.child.exitCode !== null || performance.now() - spawnedAt > RUNNER_START_MS) {
      await cleanUp();
      throw new Error(`the job runner did not start a job:\n${runner.output()}`);
    }
    await sleep(50);
  }
  const startupMs = performance.now() - spawnedAt;

  return {
    sources,
    runner,
    startupMs,
    storedCount: async () => (await first<{ n: number }>(sql`SELECT count(*) AS n FROM articles WHERE source_id IN ${sourceIds}`))!.n,
    storedKeys: async (sourceId) =>
      (await all(db().select({ key: t.articles.canonicalUrl }).from(t.articles).where(eq(t.articles.sourceId, sourceId)))).map((row) => row.key),
    async finish(drainBoundMs = DRAIN_MS) {
      clearInterval(feeder);
      const draining = performance.now();
      while ((await pendingIngestionKinds()).size) {
        if (performance.now() - draining > drainBoundMs) throw new Error(`ingestion jobs still pending after ${drainBoundMs} ms:\n${runner.output()}`);
        await sleep(100);
      }
      const drainMs = performance.now() - draining;
      const stopping = performance.now();
      runner.child.kill("SIGTERM");
      const exitCode = await Promise.race([runner.exited, sleep(EXIT_MS).then(() => "still running" as const)]);
      return { drainMs, exitCode, exitMs: performance.now() - stopping };
    },
    close: cleanUp,
  };
}
