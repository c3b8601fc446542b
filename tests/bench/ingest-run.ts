// One engine's part of `npm run bench:ingest` (tests/bench/ingest.ts), in a process of its own because the app reads
// DATABASE_URL once: the backfill of `--count` Federal Register documents from a stand-in API on loopback (10,000-result
// cap, paging, date windows) into the empty database DATABASE_URL names, then, with `--feeds`, 200 RSS feeds scraped
// twice (the second pass unchanged, answered 304). The figures go to `--report` as JSON.
import fs from "node:fs";
import path from "node:path";

export type IngestReport = {
  engine: string;
  documents: number;
  stored: number;
  seconds: number;
  /** CPU of this process (user and system) during the backfill: the stand-in API, fetching, judging and storing. */
  cpuSeconds: number;
  pages: number;
  error?: string;
  feeds?: { count: number; firstMs: number; firstNew: number; failed: number; secondMs: number; notModified: number };
};

const FEEDS = 200;
const DAYS = 100;

function parseArgs(argv: string[]) {
  const options = { count: 100_000, report: "", feeds: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--count") options.count = Number(argv[++i]);
    else if (argv[i] === "--report") options.report = path.resolve(argv[++i]);
    else if (argv[i] === "--feeds") options.feeds = true;
    else throw new Error(`Unknown option ${argv[i]}. Usage: --count N --report file.json [--feeds]`);
  }
  if (!Number.isSafeInteger(options.count) || options.count < DAYS || !options.report) throw new Error(`--count (at least ${DAYS}) and --report are needed`);
  return options;
}

const options = parseArgs(process.argv.slice(2));
Object.assign(process.env, {
  SESSION_SECRET: "bench-session-secret-of-32-characters",
  NODE_ENV: "production",
  ALLOW_PRIVATE_NETWORKS: "true",
});
const { closeDatabase, db, engine, execute, t } = await import("~/db.server");
const { migrate } = await import("~/schema-store.server");
const { backfillSources, scrapeSources } = await import("~/ingest/scrape.server");
const { federalRegisterRoute, generateDocuments } = await import("../support/federal-register-api");
const { readFixture, startServer } = await import("../support/http-server");
await migrate();

const sample = JSON.parse(fs.readFileSync("scripts/demo/federal-register-2025-sample.json", "utf8")).results as { title: string; abstract?: string | null }[];
const today = new Date().toISOString().slice(0, 10);
const docs = generateDocuments({ days: DAYS, perDay: Math.ceil(options.count / DAYS), lastDay: today, samples: sample, prefix: "B" }).slice(0, options.count);
const feedTemplate = readFixture("sec-press-releases.rss").toString("utf8");

const server = await startServer({
  "/api/v1/documents.json": federalRegisterRoute(docs),
  "/feed": (req, res) => {
    const n = new URL(req.url!, "http://x").searchParams.get("n");
    const etag = `"feed-${n}"`;
    if (req.headers["if-none-match"] === etag) return void res.writeHead(304).end();
    // Each feed has its own items (distinct links), as 200 different sites would.
    const body = feedTemplate.replaceAll("https://www.sec.gov/newsroom/", `https://feed${n}.example.gov/newsroom/`);
    res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag }).end(body);
  },
});

await execute(
  db()
    .insert(t.sources)
    .values({
      name: "Federal Register (stand-in)",
      url: `${server.origin}/api/v1/documents.json?order=newest&per_page=100`,
      type: "federal-register-api",
      category: "government",
    }),
);
const cpu = process.cpuUsage();
const started = performance.now();
const backfill = await backfillSources({ daysBack: DAYS });
const seconds = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const fr = backfill.sources[0];
const report: IngestReport = {
  engine: engine(),
  documents: fr.fetched,
  stored: fr.new,
  seconds,
  cpuSeconds: (used.user + used.system) / 1e6,
  pages: fr.pages,
  ...(fr.error ? { error: fr.error } : {}),
};

if (options.feeds) {
  await execute(db().update(t.sources).set({ isActive: false }));
  await execute(
    db()
      .insert(t.sources)
      .values(Array.from({ length: FEEDS }, (_, n) => ({ name: `Feed ${n}`, url: `${server.origin}/feed?n=${n}`, type: "rss", category: "news" }))),
  );
  let at = performance.now();
  const first = await scrapeSources();
  const firstMs = performance.now() - at;
  at = performance.now();
  const second = await scrapeSources();
  const secondMs = performance.now() - at;
  report.feeds = {
    count: FEEDS,
    firstMs,
    firstNew: first.totals.new,
    failed: first.totals.failed,
    secondMs,
    notModified: second.sources.filter((s) => s.notModified).length,
  };
}

await server.close();
await closeDatabase();
fs.writeFileSync(options.report, JSON.stringify(report, null, 2));
