// Proves that a change leaves the product's public answers byte-identical on the demo data: the /api/articles
// reads, the feed pages, the feeds, the CSV export, article, rulemaking and comment-period pages, the sitemap and
// the OpenAPI description answer the same status, headers and bytes before and after.
//
//   npm run compare:answers -- snapshot <dir> [--ref <git-ref>]    (or: npx tsx scripts/compare-answers.ts ...)
//   npm run compare:answers -- diff <dirA> <dirB>
//
// `snapshot` builds the product (`npm run build`), loads the demo data (`npm run demo`: set-up, then the Federal
// Register sample through the insert path) into a throw-away SQLite file, starts the web process alone
// (`node build/server.js`, no job runner) on a free loopback port, asks it for every address of `FIXED_ADDRESSES`
// and `derivedAddresses` below and writes each answer raw into <dir> (answers.json: status, headers, sha256,
// length; bodies/: the bytes). Without --ref it builds the checkout it is run in, uncommitted changes included
// (its build/ and public/build/ are rewritten, as `npm run build` does); with --ref it builds that commit in a
// temporary git worktree (node_modules copied in) with the commit's own scripts, and removes the worktree after.
// `diff` normalises both sides (see `normalise`) and prints, per address, `same` or `DIFFERENT` with the first
// differing line; it exits 1 when any answer differs or an address is in one snapshot only.
//
// Typical use: `snapshot ../before --ref HEAD`, change the code, `snapshot ../after`, `diff ../before ../after`.
// The product cannot pin its clock, so what depends on "now" is normalised narrowly instead; what varies was found
// by snapshotting one commit twice (in place and from a worktree, and with the clock a day later) and diffing.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

type Answer = { address: string; status: number; headers: Record<string, string>; sha256: string; length: number; file: string };
type Snapshot = { ref: string; commit: string; node: string; startedAt: string; finishedAt: string; elapsedSeconds: number; answers: Answer[] };
type Taken = { status: number; headers: Record<string, string>; body: Buffer };

/** Headers of the connection or the transfer, not of the answer. */
const TRANSPORT_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
/** The address the product links to, the same in every snapshot whatever port it listens on. */
const PUBLIC_URL = "http://localhost:3000";
/** The product's time zone in every snapshot (APP_TIMEZONE): its "today" is a day there. */
const RUN_TIME_ZONE = "America/New_York";

function fail(message: string): never {
  throw new Error(message);
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, { ...options, stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) fail(`${command} ${args.join(" ")} failed in ${options.cwd} (exit ${result.status ?? result.signal})`);
}

function git(cwd: string, ...args: string[]) {
  return spawnSync("git", args, { cwd, encoding: "utf8" }).stdout.trim();
}

/**
 * The environment of every step: nothing of the caller's (no OPENAI_*, SMTP_URL, TZ, ...), so two snapshots see the
 * same settings; a fixed session secret (shared pages' nonces are keyed by it), public address and time zone, one
 * web worker, the local language provider, logs at warn.
 */
function productEnv(work: string, port: number): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TZ: "UTC",
    NODE_ENV: "production",
    DATABASE_URL: path.join(work, "data", "app.db"),
    OUTBOX_DIR: path.join(work, "data", "outbox"),
    SESSION_SECRET: "compare-answers-session-secret-0123456789abcdef",
    ADMIN_EMAIL: "admin@example.com",
    ADMIN_PASSWORD: "compare-answers-admin",
    APP_TIMEZONE: RUN_TIME_ZONE,
    PUBLIC_URL,
    HOST: "127.0.0.1",
    PORT: String(port),
    WEB_CONCURRENCY: "1",
    AI_PROVIDER: "local",
    LOG_LEVEL: "warn",
  };
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(root: string, env: NodeJS.ProcessEnv, base: string) {
  const child = spawn(process.execPath, ["build/server.js"], { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) fail(`the web process exited with code ${child.exitCode}`);
    const ok = await fetch(`${base}/healthz`).then(
      (response) => response.arrayBuffer().then(() => response.ok),
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  fail(`${base}/healthz did not answer 200 within 60 s`);
}

function stopServer(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  });
}

async function get(base: string, address: string) {
  const response = await fetch(base + address, {
    redirect: "manual",
    // Identity, so bodies are the bytes the product wrote; a fixed agent and Accept, so every run asks alike.
    headers: { "Accept-Encoding": "identity", Accept: "*/*", "User-Agent": "compare-answers" },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!TRANSPORT_HEADERS.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, body };
}

/**
 * The addresses asked first, in order (the API's paging is `limit`/`offset`: `page` and `per_page` show its answer
 * to an unknown parameter). The demo data has no agencies, document types or identifiers, and is from 2025, so
 * the agency, type and time filters answer empty lists, and the facets empty counts.
 */
const FIXED_ADDRESSES = `
  /api/articles /api/articles?limit=20 /api/articles?limit=20&offset=20 /api/articles?limit=5&offset=1995
  /api/articles?page=2 /api/articles?per_page=5 /api/articles?category=nonsense /api/articles?saved=1
  /api/articles?category=new-regulations /api/articles?category=regulatory-rollbacks
  /api/articles?category=policy-analysis&limit=10 /api/articles?priority=high
  /api/articles?search=emissions /api/articles?q=emissions /api/articles?q=endangered%20species&category=regulatory-rollbacks
  /api/articles?agency=Environmental%20Protection%20Agency /api/articles?type=rule /api/articles?type=proposed-rule
  /api/articles?timeframe=month /api/articles?time=week /api/articles?time=today
  /api/articles/1 /api/articles/2 /api/articles/1000 /api/articles/2000 /api/articles/999999
  /api/articles/facets /api/articles/facets?category=regulatory-rollbacks&limit=5
  /api/sources /api/trends /api/feed-state?ids=1,2,3 /api/openapi.json /api/docs
  / /?page=2 /?page=167 /?category=regulatory-rollbacks /?category=new-regulations&page=2 /?q=emissions
  /?q=endangered%20species&category=regulatory-rollbacks /?priority=high&type=rule /?time=month
  /?category=regulatory-rollbacks&group=rulemaking /?category=regulatory-rollbacks&group=rulemaking&page=2
  /articles/1 /articles/2000 /articles/1.ics /comment-periods /comment-periods.ics /about
  /feed.atom /feed.json /feed.atom?category=regulatory-rollbacks /feed.json?q=emissions
  /export.csv /export.csv?category=regulatory-rollbacks /export.csv?q=emissions&type=rule
  /sitemap.xml /sitemaps/1.xml /robots.txt /no-such-page
`
  .trim()
  .split(/\s+/);

/**
 * Addresses named by the answers taken, found by fixed rules so that the same data gives the same list: the targets
 * of redirects (`/articles/{id}` answers 301 to the article's page), and the first rulemaking an answer links to,
 * or else a RIN no demo document cites (the demo data names none: the page's and the API's 404).
 */
function derivedAddresses(answers: Map<string, Taken>) {
  const found = new Set<string>();
  let key: string | undefined;
  for (const [address, { status, headers, body }] of answers) {
    if (status >= 300 && status < 400 && headers.location?.startsWith("/")) found.add(headers.location);
    // Articles' data only (the API and the feed), not the examples in the API's description.
    if (/^\/(api\/articles|\?)/.test(address)) key ??= /\/rulemakings\/([A-Za-z0-9._%-]+)/.exec(body.toString("utf8"))?.[1];
  }
  found.add(`/rulemakings/${key ?? "2060-AV83"}`);
  found.add(`/api/rulemakings/${key ?? "2060-AV83"}`);
  return [...found].filter((address) => !answers.has(address));
}

async function snapshot(dir: string, ref: string | undefined) {
  const started = Date.now();
  const cwd = git(process.cwd(), "rev-parse", "--show-toplevel") || fail("run it inside the repository");
  if (fs.existsSync(dir) && fs.readdirSync(dir).length && !fs.existsSync(path.join(dir, "answers.json")))
    fail(`${dir} holds something other than a snapshot: name a new or empty directory`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "compare-answers-"));
  const root = ref ? path.join(work, "checkout") : cwd;
  let server: ChildProcess | undefined;
  let cleaned = false;
  const cleanUp = () => {
    if (cleaned) return;
    cleaned = true;
    server?.kill("SIGKILL");
    if (ref && fs.existsSync(root)) spawnSync("git", ["worktree", "remove", "--force", root], { cwd, stdio: "inherit" });
    fs.rmSync(work, { recursive: true, force: true });
  };
  process.once("SIGINT", () => {
    cleanUp();
    process.exit(130);
  });
  try {
    if (ref) {
      run("git", ["worktree", "add", "--detach", root, ref], { cwd });
      run("cp", ["-a", "--reflink=auto", path.join(cwd, "node_modules"), root], { cwd });
    }
    const port = await freePort();
    const env = productEnv(work, port);
    run("npm", ["run", "--silent", "build"], { cwd: root, env });
    run("npm", ["run", "--silent", "demo"], { cwd: root, env });
    const base = `http://127.0.0.1:${port}`;
    server = await startServer(root, env, base);
    const taken = new Map<string, Taken>();
    for (const address of FIXED_ADDRESSES) taken.set(address, await get(base, address));
    for (const address of derivedAddresses(taken)) taken.set(address, await get(base, address));
    await stopServer(server);
    server = undefined;

    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, "bodies"), { recursive: true });
    const answers: Answer[] = [...taken].map(([address, { status, headers, body }], index) => {
      const file = `bodies/${String(index).padStart(3, "0")}-${address.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80)}`;
      fs.writeFileSync(path.join(dir, file), body);
      return { address, status, headers, sha256: createHash("sha256").update(body).digest("hex"), length: body.length, file };
    });
    const finished = Date.now();
    const result: Snapshot = {
      ref: ref ?? (git(root, "status", "--porcelain") ? "working tree, with uncommitted changes" : "working tree"),
      commit: git(root, "rev-parse", "HEAD"),
      node: process.version,
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      elapsedSeconds: Math.round((finished - started) / 1000),
      answers,
    };
    fs.writeFileSync(path.join(dir, "answers.json"), JSON.stringify(result, null, 2) + "\n");
    console.log(`${answers.length} answers of ${result.commit} (${result.ref}) written to ${dir} in ${result.elapsedSeconds} s`);
  } finally {
    if (server) await stopServer(server);
    cleanUp();
  }
}

/** What `normalise` may also leave out: revision ETags (snapshots of different days), build asset names. */
type Looser = { revisionEtags?: boolean; assetNames?: boolean };

/**
 * An answer as compared: status, headers and body, with only what differs from run to run (found by snapshotting
 * one commit twice, and a second time on another day) replaced by a marker; the product cannot pin its clock.
 * - An instant inside the snapshot's own run, ISO 8601: `[run time]`. The demo data is loaded during the run, so its
 *   load time is the articles' "createdAt" (API), the sitemap's <lastmod> and a page's article:modified_time. The
 *   data's own dates (2025) are never inside the run.
 * - The day of the run (APP_TIMEZONE) where an answer names it as today: a page's `"today":"…"` data, and the
 *   CSV export's file name (`deregulation-<day>.csv`): `[run day]`.
 * - A Content-Security-Policy script nonce, wherever the answer repeats it: `[nonce]`. It is random on a page
 *   rendered per request, and on a shared page an HMAC of the page's ETag, which holds the day (below).
 * - An ETag that is the SHA-1 of the raw body (the JSON answers): `[sha1 of body]`; the body is compared anyway,
 *   and a run time in it changes the hash. Any other ETag is derived from the content revision, which holds the
 *   day (shared pages, feeds, and the shared pages' refusals): compared as it is when both snapshots ran on the
 *   same day, else `[revision etag]` (`revisionEtags`).
 * `assetNames` also hides the build's asset fingerprints and manifest version, only to say whether an answer that
 * differs differs in nothing else.
 */
function normalise(snap: Snapshot, answer: Answer, body: Buffer, looser: Looser = {}) {
  const [from, to] = [Date.parse(snap.startedAt), Date.parse(snap.finishedAt)];
  const days = new Set([from, to].map((instant) => runDay(instant)));
  const nonces = [...(answer.headers["content-security-policy"] ?? "").matchAll(/'nonce-([^']+)'/g)].map((match) => match[1]);
  const clean = (text: string) => {
    let result = text.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z/g, (instant) => {
      const time = Date.parse(instant);
      return time >= from && time <= to ? "[run time]" : instant;
    });
    result = result.replace(/("today":"|filename="deregulation-)(\d{4}-\d{2}-\d{2})/g, (whole, before: string, day: string) =>
      days.has(day) ? `${before}[run day]` : whole,
    );
    for (const nonce of nonces) result = result.split(nonce).join("[nonce]");
    if (looser.assetNames) result = result.replace(/(\/build\/[\w.$/-]*?-)[A-Za-z0-9]{8}\b/g, "$1[hash]").replace(/"version": "\w+"/g, '"version": "[hash]"');
    return result;
  };
  const headers = Object.entries(answer.headers).map(([name, value]) => {
    if (name !== "etag") return `${name}: ${clean(value)}`;
    if (value === `"${createHash("sha1").update(body).digest("base64url")}"`) return 'etag: "[sha1 of body]"';
    return `etag: ${looser.revisionEtags || looser.assetNames ? '"[revision etag]"' : value}`;
  });
  return [`status: ${answer.status}`, ...headers, "", ...splitLines(clean(body.toString("utf8")), answer.headers["content-type"] ?? "")];
}

function runDay(instant: number) {
  return new Date(instant).toLocaleDateString("en-CA", { timeZone: RUN_TIME_ZONE });
}

/** Lines to compare: a body's own lines, and an HTML or XML document cut before each tag (React writes one line). */
function splitLines(text: string, contentType: string) {
  const lines = text.split("\n");
  return /html|xml/.test(contentType) ? lines.flatMap((line) => line.replace(/></g, ">\n<").split("\n")) : lines;
}

function loadSnapshot(dir: string): Snapshot {
  const file = path.join(dir, "answers.json");
  if (!fs.existsSync(file)) fail(`${file} not found: take a snapshot first`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Snapshot;
}

/** The first line where two answers differ (-1: none), and how many lines differ, position by position. */
function compareLines(linesA: string[], linesB: string[]) {
  let first = -1;
  let count = 0;
  for (let i = 0; i < Math.max(linesA.length, linesB.length); i++) {
    if (linesA[i] === linesB[i]) continue;
    if (first < 0) first = i;
    count++;
  }
  return { first, count };
}

function excerpt(line: string, column: number) {
  return JSON.stringify(line.slice(Math.max(0, column - 60), column + 100));
}

function diff(dirA: string, dirB: string) {
  const [a, b] = [loadSnapshot(dirA), loadSnapshot(dirB)];
  const byAddress = (snap: Snapshot) => new Map(snap.answers.map((answer) => [answer.address, answer]));
  const [answersA, answersB] = [byAddress(a), byAddress(b)];
  const addresses = [...new Set([...answersA.keys(), ...answersB.keys()])];
  const sameDay = runDay(Date.parse(a.startedAt)) === runDay(Date.parse(b.finishedAt)) && runDay(Date.parse(a.finishedAt)) === runDay(Date.parse(b.startedAt));
  console.log(`A: ${dirA} (${a.commit}, ${a.ref}, ${a.startedAt})\nB: ${dirB} (${b.commit}, ${b.ref}, ${b.startedAt})`);
  if (!sameDay) console.log("Taken on different days: ETags derived from the content revision (which holds the day) are not compared.");
  console.log("");
  let different = 0;
  for (const address of addresses) {
    const [answerA, answerB] = [answersA.get(address), answersB.get(address)];
    if (!answerA || !answerB) {
      different++;
      console.log(`ONLY IN ${answerA ? "A" : "B"}  ${address}`);
      continue;
    }
    const [bodyA, bodyB] = [fs.readFileSync(path.join(dirA, answerA.file)), fs.readFileSync(path.join(dirB, answerB.file))];
    const looser = { revisionEtags: !sameDay };
    const [linesA, linesB] = [normalise(a, answerA, bodyA, looser), normalise(b, answerB, bodyB, looser)];
    const { first, count } = compareLines(linesA, linesB);
    if (first < 0) {
      console.log(`same       ${address}${answerA.sha256 === answerB.sha256 ? "" : " (after normalising)"}`);
      continue;
    }
    different++;
    const assetsOnly = compareLines(normalise(a, answerA, bodyA, { assetNames: true }), normalise(b, answerB, bodyB, { assetNames: true })).first < 0;
    const [textA, textB] = [linesA[first] ?? "<end>", linesB[first] ?? "<end>"];
    let column = 0;
    while (column < textA.length && textA[column] === textB[column]) column++;
    console.log(`DIFFERENT  ${address}  (${answerA.status} vs ${answerB.status}, ${answerA.length} vs ${answerB.length} bytes, ${count} lines)`);
    if (assetsOnly) console.log("    only in the build's asset names (fingerprints, manifest version) and what derives from them");
    console.log(`    line ${first + 1}, column ${column + 1}:\n    A: ${excerpt(textA, column)}\n    B: ${excerpt(textB, column)}`);
  }
  console.log(`\n${addresses.length - different} of ${addresses.length} answers the same, ${different} different`);
  return different === 0;
}

const USAGE = "usage: compare-answers.ts snapshot <dir> [--ref <git-ref>] | diff <dirA> <dirB>";
const [command, ...args] = process.argv.slice(2);
try {
  if (command === "snapshot" && (args.length === 1 || (args.length === 3 && args[1] === "--ref"))) {
    await snapshot(path.resolve(args[0]), args[2]);
  } else if (command === "diff" && args.length === 2) {
    process.exitCode = diff(args[0], args[1]) ? 0 : 1;
  } else {
    fail(USAGE);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
}
