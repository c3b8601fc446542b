/// <reference types="vite/client" />
// NUL characters from outside, on either engine (PostgreSQL refuses NUL in text; `npm test` runs this file on SQLite,
// `npm run test:postgres` on PostgreSQL): every query parameter and body field the hardening targets know, sent to
// the real route handlers; an alert following `agency=%00` run by the real alerts and webhooks jobs; a webhook
// receiver on loopback answering 500 with NUL in its body; a feed on loopback with NUL in its titles and
// descriptions scraped by the real scrape job. Nothing answers 500, every job's outcome is recorded, and no stored
// text holds a NUL.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setWebhookDelivery } from "~/alerts/webhook-store.server";
import { createApiToken } from "~/auth/account.server";
import { generateToken, hashToken } from "~/auth/tokens.server";
import { all, db, first, t } from "~/db.server";
import { claimNextJob, enqueueJob, finishJob, jobById } from "~/jobs/store.server";
import { unsubscribeToken } from "~/newsletter/subscribers.server";
import { executeJob } from "../../jobs/runner";
import { BODY_TARGETS, bodyKinds, credentials, plausibleBody, QUERY_TARGETS, resolvePath, type BodyTarget, type Fixture } from "../hardening/targets";
import { addArticle, addArticles } from "../support/articles";
import { makeUser } from "../support/auth";
import { federalRegisterRoute, generateDocuments } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { withContext } from "../support/load-context";
import { addServedSource } from "../support/sources";

type RouteModule = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: LoaderFunctionArgs) => unknown };

// Every route module, matched to a path the way Remix's flat routes name them (app/routes/).
const modules = import.meta.glob<RouteModule>("../../app/routes/*.{ts,tsx}");
const routes = Object.entries(modules).map(([file, load]) => {
  const name = file.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, "");
  const segments = name === "_index" ? [] : name.split(/\.(?![^[]*\])/).map((part) => part.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1"));
  return { name, segments, load };
});

/** The route module serving a path, with its params: static segments win over `$param` ones, `$` (splat) comes last. */
function routeFor(pathname: string) {
  const parts = pathname.split("/").filter(Boolean);
  let best: { score: number; load: () => Promise<RouteModule>; params: Record<string, string> } | undefined;
  for (const route of routes) {
    if (route.segments[0] === "$") continue;
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    const matches = route.segments.every((segment, i) => {
      if (segment.startsWith("$")) return ((params[segment.slice(1)] = decodeURIComponent(parts[i])), true);
      score++;
      return segment === parts[i];
    });
    if (matches && (!best || score > best.score)) best = { score, load: route.load, params };
  }
  if (!best) throw new Error(`No route module serves ${pathname}`);
  return best;
}

type Answer = { status: number; body: string };

/** Runs the route's loader (GET) or action on a real Request, reading the whole answer as a client would. */
async function request(method: string, path: string, headers: Record<string, string>, body?: { text: string; type: string }): Promise<Answer> {
  const url = new URL(path, "http://localhost");
  const route = routeFor(url.pathname);
  const module = await route.load();
  const handler = method === "GET" ? module.loader : module.action;
  if (!handler) return { status: 405, body: "" };
  const init: RequestInit = { method, headers: { ...headers, ...(body ? { "Content-Type": body.type } : {}) }, body: body?.text };
  let response: unknown;
  try {
    response = await handler(withContext(new Request(url, init), route.params));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  if (!(response instanceof Response)) return { status: 200, body: JSON.stringify(response ?? null) };
  return { status: response.status, body: await response.text() };
}

const NUL_QUERY_VALUES = ["%00", "a%00b"];
const NUL_TEXT = "a\u0000b";
const HOUR = 3_600_000;

const fixtures = {} as Record<Fixture, string>;
const admins = {} as Parameters<typeof credentials>[2];
let client = 0;

/** The rows the targets aim at, written through the async storage layer so both engines serve them. */
async function insertFixtures() {
  const articles = await addArticles(Array.from({ length: 3 }, (_, i) => ({ title: `NUL target ${i}` })));
  const source = (await first(
    db().insert(t.sources).values({ name: "NUL feed", url: "http://127.0.0.1:9/a.xml", category: "government", isActive: false }).returning(),
  ))!;
  const doomed = (await first(
    db().insert(t.sources).values({ name: "Doomed NUL feed", url: "http://127.0.0.1:9/b.xml", category: "news", isActive: false }).returning(),
  ))!;
  const feedback = (await first(db().insert(t.feedback).values({ type: "bug", subject: "Broken link", message: "The link is broken." }).returning()))!;
  const subscriber = (await first(db().insert(t.subscribers).values({ email: "nul-reader@example.com", source: "homepage" }).returning()))!;
  const leaving = (await first(db().insert(t.subscribers).values({ email: "nul-leaving@example.com", source: "homepage" }).returning()))!;
  const invitation = generateToken();
  await first(
    db()
      .insert(t.invitations)
      .values({ email: "nul-invitee@example.com", role: "editor", tokenHash: hashToken(invitation), expiresAt: new Date(Date.now() + HOUR) })
      .returning(),
  );
  const user = await makeUser("viewer");
  Object.assign(fixtures, {
    article: String(articles[0]),
    doomedArticle: String(articles[2]),
    source: String(source.id),
    doomedSource: String(doomed.id),
    subscriber: String(subscriber.id),
    feedback: String(feedback.id),
    invitation,
    unsubscribe: unsubscribeToken(leaving),
    user: String(user.id),
  });
  for (const role of ["page", "api"] as const) {
    const admin = await makeUser("admin");
    admins[role] = { ...admin, apiToken: (await createApiToken(admin.id, "nul")).token };
  }
}

const headersFor = (as: BodyTarget["as"], path: string) => ({
  Origin: "http://localhost",
  "X-Forwarded-For": `10.77.${(++client >> 8) & 255}.${client & 255}`,
  ...credentials(as, path, admins),
});

/** Stored texts another site or a visitor wrote that hold a NUL (PostgreSQL could not have stored one; SQLite could). */
async function storedNuls() {
  const texts = [
    ...(await all(db().select({ text: t.articles.title }).from(t.articles))),
    ...(await all(db().select({ text: t.articles.summary }).from(t.articles))),
    ...(await all(db().select({ text: t.jobs.error }).from(t.jobs))),
    ...(await all(
      db()
        .select({ text: sql<string>`${t.jobs.result}` })
        .from(t.jobs),
    )),
    ...(await all(db().select({ text: t.webhookDeliveries.lastError }).from(t.webhookDeliveries))),
    ...(await all(db().select({ text: t.sources.errorMessage }).from(t.sources))),
  ];
  return texts
    .map(({ text }) => String(text ?? ""))
    .filter((text) => text.includes("\0") || text.includes("\\u0000"))
    .map((text) => text.slice(0, 80));
}

beforeAll(insertFixtures);

describe("a NUL in any query parameter", () => {
  it.each(QUERY_TARGETS.filter((target) => target.params.length > 0))("GET $path (as $as) answers below 500", async ({ path, params, as }) => {
    const failures: string[] = [];
    for (const param of params)
      for (const value of NUL_QUERY_VALUES) {
        const url = `${resolvePath(path, fixtures)}?${param}=${value}`;
        const answer = await request("GET", url, headersFor(as, path)).catch((error: Error) => ({ status: 0, body: error.message }));
        if (answer.status === 0 || answer.status >= 500) failures.push(`${url} -> ${answer.status} ${answer.body.slice(0, 160)}`);
      }
    expect(failures).toEqual([]);
  });
});

describe("a NUL in any body field", () => {
  it.each(BODY_TARGETS.filter((target) => target.fields.length > 0))("$method $path (as $as) answers below 500", async (target) => {
    const failures: string[] = [];
    for (const field of target.fields)
      for (const kind of bodyKinds(target)) {
        const values = { ...plausibleBody(target, target.fields, { password: "" }), [field]: NUL_TEXT };
        const body =
          kind === "json"
            ? { text: JSON.stringify(values), type: "application/json" }
            : { text: new URLSearchParams(values).toString(), type: "application/x-www-form-urlencoded" };
        const path = resolvePath(target.path, fixtures);
        const answer = await request(target.method, path, headersFor(target.as, path), body).catch((error: Error) => ({ status: 0, body: error.message }));
        if (answer.status === 0 || answer.status >= 500) failures.push(`${field} (${kind}) -> ${answer.status} ${answer.body.slice(0, 160)}`);
      }
    expect(failures).toEqual([]);
  });
});

/** Runs one queued job of `kind` the way the runner does (claimed, run, its outcome recorded); answers its row. */
async function runQueuedJob(kind: Parameters<typeof enqueueJob>[0]) {
  const { job } = await enqueueJob(kind, {}, "test");
  const claimed = await claimNextJob("nul-test:1:x", [kind]);
  expect(claimed?.id).toBe(job.id);
  await executeJob(claimed!, new AbortController().signal, { requeueOnStop: false, log: () => {} });
  return (await jobById(job.id))!;
}

describe("text from other sites and stored views, through the real jobs", () => {
  let receiver: TestServer;
  let feeds: TestServer;

  beforeAll(async () => {
    receiver = await startServer({
      "/hook": (_request, response) => void response.writeHead(500, { "Content-Type": "text/plain" }).end("boom\u0000 at the receiver \uD800"),
    });
    const documents = generateDocuments({
      days: 1,
      perDay: 2,
      lastDay: new Date().toISOString().slice(0, 10),
      samples: [{ title: "Air Plan\u0000 Approval", abstract: "An abstract\u0000 with a NUL" }],
      prefix: "N",
    });
    feeds = await startServer({
      "/nul.xml": (_request, response) =>
        void response.writeHead(200, { "Content-Type": "application/rss+xml" }).end(`<?xml version="1.0"?>
<rss version="2.0"><channel><title>NUL feed</title><link>https://example.gov/</link>
<item><title>Rule\u0000 withdrawn</title><link>https://example.gov/nul-1</link><description>A description\u0000 with a NUL and more</description></item>
<item><title>Second\u0000 rule</title><link>https://example.gov/nul-2</link><description><![CDATA[<p>Marked\u0000 up</p>]]></description></item>
</channel></rss>`),
      "/api/v1/documents.json": federalRegisterRoute(documents),
    });
  });

  afterAll(async () => {
    await receiver?.close();
    await feeds?.close();
  });

  it("an alert following agency=%00 is sent by the alerts job, which succeeds", async () => {
    await addArticle({ title: "A new rule for the NUL alert" });
    const now = new Date();
    const alert = (await first(
      db()
        .insert(t.alerts)
        .values({
          email: "nul-alert@example.com",
          view: "agency=%00",
          frequency: "daily",
          hour: Number(now.toLocaleString("en-US", { hour: "numeric", hourCycle: "h23", timeZone: process.env.APP_TIMEZONE })),
          confirmedAt: new Date(now.getTime() - 2 * 86_400_000),
        })
        .returning(),
    ))!;
    const job = await runQueuedJob("alerts");
    expect(job.status, String(job.error)).toBe("succeeded");
    expect(alert.id).toBeGreaterThan(0);
  });

  it("a webhook alert following agency=%00, whose receiver answers 500 with a NUL, records the attempt and the job", async () => {
    const alert = (await first(
      db()
        .insert(t.alerts)
        .values({ email: "nul-hook@example.com", view: "agency=%00", frequency: "daily", hour: 8, confirmedAt: new Date(Date.now() - 86_400_000) })
        .returning(),
    ))!;
    await setWebhookDelivery(alert.id, { url: receiver.url("/hook"), format: "json", secret: "s".repeat(32) });
    await addArticle({ title: "A rule for the webhook" });
    const job = await runQueuedJob("webhooks");
    expect(job.status, String(job.error)).not.toBe("running");
    expect(job.error).toBeNull();
    expect(receiver.hits("/hook")).toBeGreaterThan(0);
    const deliveries = await all(db().select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.alertId, alert.id)));
    expect(deliveries.length).toBeGreaterThan(0);
    for (const delivery of deliveries) {
      expect(delivery.lastStatus).toBe(500);
      expect(delivery.lastError).toMatch(/^HTTP 500: boom at the receiver/);
    }
  });

  it("a feed and a Federal Register answer with NUL in titles and descriptions are scraped, the NUL left out", async () => {
    await addServedSource(feeds.origin, "/nul.xml", { type: "rss" });
    await addServedSource(feeds.origin, "/api/v1/documents.json?per_page=5", { type: "federal-register-api", name: "FR with NUL" });
    const job = await runQueuedJob("scrape");
    expect(job.status, JSON.stringify(job.result)).toBe("succeeded");
    const titles = (await all(db().select({ title: t.articles.title }).from(t.articles))).map((row) => row.title);
    expect(titles).toEqual(expect.arrayContaining(["Rule withdrawn", "Air Plan Approval"]));
  });

  it("a job's failure quoting a NUL, a lone surrogate and pages of text is recorded, cut short", async () => {
    const { job } = await enqueueJob("trends", {}, "test");
    await finishJob(job.id, { error: `fetch failed: \u0000\uD800 ${"x".repeat(50_000)}` });
    const row = (await jobById(job.id))!;
    expect(row.status).toBe("failed");
    expect(row.error!.startsWith("fetch failed: \uFFFD x")).toBe(true);
    expect(row.error!.length).toBeLessThanOrEqual(2000);
  });

  it("a job whose outcome cannot be stored is still recorded as failed", async () => {
    const { job } = await enqueueJob("recategorize", {}, "test");
    const result: Record<string, unknown> = { text: "ok" };
    result.self = result;
    await finishJob(job.id, { result });
    const row = (await jobById(job.id))!;
    expect(row.status).toBe("failed");
    expect(row.error).toMatch(/could not be recorded/);
  });

  it("stores no NUL anywhere", async () => {
    expect(await storedNuls()).toEqual([]);
  });
});
