// Webhook alerts against a real HTTPS receiver on loopback, its certificate made for this run: the manage page
// setting a webhook (secret shown once), each new article posted once per alert with a signature the receiver
// checks, retries with backoff after 500s and after a connection destroyed mid-delivery (one delivery recorded each
// time, under one idempotency key), a runner that died mid-post, the address guard at registration and at delivery,
// the Slack body, what the manage page and the admin show, and the maintenance job's purge of old deliveries
// (never a second post of a purged row's article). Time moves by passing `now`, never by waiting.
import { execFileSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { alertStats, alertUnsubscribeToken, manageToken } from "~/alerts/alerts.server";
import { claimWebhookAttempt, dueWebhookDeliveries, webhookCursor, webhookWorkExists } from "~/alerts/webhook-store.server";
import {
  ATTEMPT_LEASE_MS,
  GIVE_UP_AFTER_MS,
  queueWebhookArticles,
  runWebhooks,
  SIGNATURE_HEADER,
  WEBHOOK_DELIVERY_RETENTION_MS,
} from "~/alerts/webhooks.server";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { runMaintenance } from "~/jobs/kinds/maintenance.server";
import * as manageRoute from "~/routes/alerts_.manage";
import { addArticle } from "../support/articles";
import { call, form } from "../support/auth";
import { waitFor } from "../support/wait";

type Behaviour = "ok" | "error" | "destroy";
type Received = { headers: Record<string, string | string[] | undefined>; body: string; verified: boolean };

let dir: string;
let ca: string;
let server: https.Server;
let receiverUrl: string;
/** What the receiver does with each next request ("ok" once the script is used up). */
let script: Behaviour[] = [];
let received: Received[] = [];
/** The secret the receiver checks signatures with: the one the manage page showed. */
let secret = "";

const MINUTE = 60_000;
const EMAIL = "hooks@example.com";
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** The receiver's own check, as docs/webhooks.md tells a follower to write it. */
function verify(header: string | undefined, body: string) {
  const parts = Object.fromEntries((header ?? "").split(",").map((part) => part.split("=") as [string, string]));
  if (!parts.t || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - Number(parts.t)) > 300) return false;
  const expected = createHmac("sha256", secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "webhooks-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "key.pem",
      "-out",
      "cert.pem",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { cwd: dir, stdio: "ignore" },
  );
  ca = fs.readFileSync(path.join(dir, "cert.pem"), "utf8");
  server = https.createServer({ key: fs.readFileSync(path.join(dir, "key.pem")), cert: ca }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ headers: request.headers, body, verified: verify(request.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined, body) });
      const behaviour = script.shift() ?? "ok";
      // Killed mid-delivery: the body arrived, and the connection goes away before any answer.
      if (behaviour === "destroy") return request.socket.destroy();
      response.writeHead(behaviour === "ok" ? 200 : 500, { "content-type": "text/plain" });
      response.end(behaviour === "ok" ? "ok" : "receiver broke");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiverUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  Object.assign(config(), { PUBLIC_URL: "https://dereg.example", ALLOW_PRIVATE_NETWORKS: true });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

afterEach(async () => {
  Object.assign(config(), { ALLOW_PRIVATE_NETWORKS: true, WEBHOOK_ALLOWED_PORTS: [] });
  await execute(db().delete(t.alerts));
  script = [];
  received = [];
});

/** A running alert on all news, its cursor past every article stored so far (as a confirmed alert's is). */
async function runningAlert() {
  const newest = (await first<{ id: number | null }>(sql`SELECT max(id) AS id FROM articles`))?.id ?? 0;
  const [alert] = await all(
    db().insert(t.alerts).values({ email: EMAIL, view: "", frequency: "daily", hour: 8, confirmedAt: new Date(), cursorArticleId: newest }).returning(),
  );
  return alert;
}

let clients = 0;
/** Posts the manage page's delivery form for an alert, each time from another client (it is rate-limited per client). */
async function setDelivery(alert: { id: number; email: string }, values: Record<string, string>) {
  const response = await call(manageRoute, `/alerts/manage?token=${encodeURIComponent(manageToken(alert.email))}`, {
    method: "POST",
    body: form({ alert: alertUnsubscribeToken(alert), intent: "delivery", ...values }),
    headers: { "X-Forwarded-For": `10.91.${(++clients >> 8) & 255}.${clients & 255}` },
  });
  return { status: response.status, answer: (await response.json()) as { secret?: string; error?: string; values?: Record<string, string> } };
}

/** A running webhook alert posting to the receiver; the receiver learns its secret. */
async function webhookAlert(format = "json") {
  const alert = await runningAlert();
  const { status, answer } = await setDelivery(alert, { delivery: "webhook", url: receiverUrl, format });
  expect(status).toBe(200);
  expect(answer.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
  secret = answer.secret!;
  return alert;
}

const deliveriesOf = (alertId: number) => all(db().select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.alertId, alertId)));
const run = (now: Date) => runWebhooks({ now, fetchOptions: { ca } });
/** What the runner hands a job; maintenance reports through its result only. */
const JOB_CONTEXT = { progress: () => {}, signal: new AbortController().signal, log: () => {} };
const postedArticleIds = () => received.map((request) => (JSON.parse(request.body) as { article: { id: number } }).article.id);

describe("webhook alerts", () => {
  it("retries after two 500s and records one delivery, signed and under one idempotency key", async () => {
    const alert = await webhookAlert();
    const articleId = await addArticle({ title: "EPA delays the methane rule" });
    script = ["error", "error", "ok"];
    const t0 = new Date();

    expect(await run(t0)).toMatchObject({ queued: 1, retrying: 1, delivered: 0 });
    expect(await run(t0)).toMatchObject({ queued: 0, retrying: 0, delivered: 0 }); // the retry waits a minute
    expect(received).toHaveLength(1);
    expect(await run(later(t0, MINUTE))).toMatchObject({ retrying: 1 });
    expect(await run(later(t0, 2 * MINUTE))).toMatchObject({ delivered: 0, retrying: 0 }); // then two minutes
    expect(await run(later(t0, 3 * MINUTE))).toMatchObject({ delivered: 1 });
    expect(await run(later(t0, 60 * MINUTE))).toMatchObject({ queued: 0, delivered: 0, retrying: 0 });

    expect(received).toHaveLength(3);
    expect(received.every((request) => request.verified)).toBe(true);
    const keys = new Set(received.map((request) => request.headers["idempotency-key"]));
    expect(keys.size).toBe(1);
    const rows = await deliveriesOf(alert.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ articleId, status: "delivered", attempts: 3, lastStatus: 200, lastError: null });
    expect(keys.has(rows[0].idempotencyKey)).toBe(true);

    const body = JSON.parse(received[2].body);
    expect(body).toMatchObject({
      alert: { id: alert.id, view: "", url: "https://dereg.example/" },
      article: { id: articleId, title: "EPA delays the methane rule", url: expect.stringMatching(`^https://dereg.example/articles/${articleId}-`) },
      idempotencyKey: rows[0].idempotencyKey,
    });
    expect(body.article).toHaveProperty("publishDate");
    expect(body.article).toHaveProperty("category");
    expect(body.article).toHaveProperty("priority");
    expect(received[2].headers["content-type"]).toBe("application/json");
    expect(received[2].headers[SIGNATURE_HEADER.toLowerCase()]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    // A new article is a new delivery; the old one is never posted again.
    await addArticle({ title: "A second notice" });
    expect(await run(later(t0, 61 * MINUTE))).toMatchObject({ queued: 1, delivered: 1 });
    expect(received).toHaveLength(4);
    expect(await deliveriesOf(alert.id)).toHaveLength(2);
  });

  it("posts again, under the same key, after the connection is destroyed before an answer", async () => {
    const alert = await webhookAlert();
    await addArticle({ title: "Connection dropped mid-delivery" });
    script = ["destroy"];
    const t0 = new Date();
    const first = await run(t0);
    expect(first).toMatchObject({ queued: 1, retrying: 1, delivered: 0 });
    const [pending] = await deliveriesOf(alert.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, lastStatus: null });
    expect(pending.lastError).toMatch(/reset|socket hang up|closed/i);

    expect(await run(later(t0, MINUTE))).toMatchObject({ delivered: 1 });
    await waitFor(() => received.length === 2, "the second post");
    expect(received[0].headers["idempotency-key"]).toBe(received[1].headers["idempotency-key"]);
    expect(received.every((request) => request.verified)).toBe(true);
    const rows = await deliveriesOf(alert.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("posts a delivery again once a runner that died mid-post has left it, never as a second row", async () => {
    const alert = await webhookAlert();
    await addArticle({ title: "The runner died" });
    const t0 = new Date();
    // Queue it without posting, then claim the attempt as a runner does just before it posts, and "die".
    expect(await queueWebhookArticles(t0)).toEqual({ queued: 1 });
    const [queued] = await deliveriesOf(alert.id);
    expect(queued.status).toBe("pending");
    const [due] = await dueWebhookDeliveries(t0, 10);
    expect(await claimWebhookAttempt(due, later(t0, ATTEMPT_LEASE_MS))).toBe(true);

    expect(await run(t0)).toMatchObject({ delivered: 0, retrying: 0 }); // its lease still holds
    expect(received).toHaveLength(0);
    expect(await run(later(t0, ATTEMPT_LEASE_MS))).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(1);
    expect(received[0].headers["idempotency-key"]).toBe(queued.idempotencyKey);
    expect(await deliveriesOf(alert.id)).toMatchObject([{ status: "delivered", attempts: 2 }]);
  });

  it("queues an article once per alert when two runs choose it at the same moment", async () => {
    const alert = await webhookAlert();
    await addArticle({ title: "Chosen by two runs" });
    await addArticle({ title: "Also chosen by two runs" });
    const t0 = new Date();
    const runs = await Promise.all([queueWebhookArticles(t0), queueWebhookArticles(t0), queueWebhookArticles(t0)]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(2);
    const rows = await deliveriesOf(alert.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.idempotencyKey)).size).toBe(2);
    expect(await queueWebhookArticles(t0)).toEqual({ queued: 0 });
  });

  it("sends a Slack-compatible body when the format is slack", async () => {
    await webhookAlert("slack");
    const articleId = await addArticle({ title: "Agency withdraws <proposed> rule & more" });
    expect(await run(new Date())).toMatchObject({ delivered: 1 });
    const body = JSON.parse(received[0].body);
    expect(Object.keys(body).sort()).toEqual(["blocks", "text"]);
    expect(body.text).toContain("Agency withdraws &lt;proposed&gt; rule &amp; more");
    expect(body.blocks.length).toBeGreaterThan(0);
    for (const block of body.blocks) expect(["section", "context"]).toContain(block.type);
    expect(body.blocks[0]).toEqual({
      type: "section",
      text: { type: "mrkdwn", text: expect.stringContaining(`/articles/${articleId}-`) },
    });
    expect(body.blocks[0].text.text).toContain("Agency withdraws &lt;proposed&gt; rule &amp; more");
    expect(received[0].verified).toBe(true);
  });

  it("escapes Slack's markup in the message's text as in its blocks: a title cannot ping or link", async () => {
    await webhookAlert("slack");
    await addArticle({ title: "Rule <!channel> for <@U123> at <https://evil.example|click> & more" });
    expect(await run(new Date())).toMatchObject({ delivered: 1 });
    const body = JSON.parse(received[0].body) as { text: string; blocks: { text?: { text: string } }[] };
    const escaped = "Rule &lt;!channel&gt; for &lt;@U123&gt; at &lt;https://evil.example|click&gt; &amp; more";
    expect(body.text).toContain(escaped);
    expect(body.blocks[0].text!.text).toContain(escaped);
    expect(body.text).not.toMatch(/<[!@#]|<https?:/);
  });

  it("refuses a private address at registration, keeping what was typed, and at delivery", async () => {
    const alert = await runningAlert();
    Object.assign(config(), { ALLOW_PRIVATE_NETWORKS: false });
    const refused = await setDelivery(alert, { delivery: "webhook", url: receiverUrl, format: "json" });
    expect(refused.status).toBe(400);
    expect(refused.answer.error).toBe("Webhooks go only to public addresses: 127.0.0.1 is not a public address.");
    expect(refused.answer.values).toEqual({ delivery: "webhook", url: receiverUrl, format: "json" });
    const plain = await setDelivery(alert, { delivery: "webhook", url: "http://hooks.example.com/x" });
    expect(plain.answer.error).toBe("The webhook address must start with https://.");
    expect((await first(db().select().from(t.alerts).where(eq(t.alerts.id, alert.id))))!.delivery).toBe("email");

    // Registered while private addresses were allowed; refused again at each delivery once they are not.
    Object.assign(config(), { ALLOW_PRIVATE_NETWORKS: true });
    const { answer } = await setDelivery(alert, { delivery: "webhook", url: receiverUrl, format: "json" });
    secret = answer.secret!;
    Object.assign(config(), { ALLOW_PRIVATE_NETWORKS: false, WEBHOOK_ALLOWED_PORTS: [Number(new URL(receiverUrl).port)] });
    await addArticle({ title: "Never posted to a private address" });
    const t0 = new Date();
    expect(await run(t0)).toMatchObject({ queued: 1, retrying: 1 });
    expect(received).toHaveLength(0);
    const [row] = await deliveriesOf(alert.id);
    expect(row.lastError).toBe("Refused: 127.0.0.1 is not a public address");

    // Still refused after 24 hours: given up, and shown to the follower and the admin.
    expect(await run(later(t0, 24 * 60 * MINUTE + MINUTE))).toMatchObject({ failed: 1 });
    expect(received).toHaveLength(0);
    expect(await deliveriesOf(alert.id)).toMatchObject([{ status: "failed", attempts: 2 }]);
    const stats = await alertStats();
    expect(stats.failingWebhooks[0]).toMatchObject({ alertId: alert.id, url: receiverUrl, status: "failed", error: expect.stringMatching(/not a public/) });
    const page = await call(manageRoute, `/alerts/manage?token=${encodeURIComponent(manageToken(EMAIL))}`);
    const { alerts } = await page.json();
    expect(alerts[0]).toMatchObject({ delivery: "webhook", webhookUrl: receiverUrl, webhookFormat: "json" });
    expect(alerts[0].deliveries.recent).toMatchObject([{ title: "Never posted to a private address", status: "failed" }]);
    expect(alerts[0].deliveries.failures).toMatchObject([{ lastError: expect.stringMatching(/not a public address/) }]);
    expect(alerts[0]).not.toHaveProperty("webhookSecret");
  });

  it("goes back to email on request, and an email alert's articles are never posted", async () => {
    const alert = await webhookAlert();
    const back = await setDelivery(alert, { delivery: "email" });
    expect(back.status).toBe(200);
    const row = await first(db().select().from(t.alerts).where(eq(t.alerts.id, alert.id)));
    expect(row).toMatchObject({ delivery: "email", webhookUrl: null, webhookSecret: null });
    await addArticle({ title: "Only by email" });
    expect(await run(new Date())).toMatchObject({ queued: 0, delivered: 0 });
    expect(received).toHaveLength(0);
  });

  it("gives the every-minute schedule work only while an alert delivers by webhook or a delivery is pending", async () => {
    // A running alert that delivers by email gives the schedule nothing to do.
    await execute(db().insert(t.alerts).values({ email: EMAIL, view: "category=legal-decisions", frequency: "daily", hour: 8, confirmedAt: new Date() }));
    expect(await webhookWorkExists()).toBe(false);
    const alert = await webhookAlert();
    expect(await webhookWorkExists()).toBe(true);
    const articleId = await addArticle({ title: "Pending while the alert goes back to email" });
    await queueWebhookArticles(new Date());
    expect(await deliveriesOf(alert.id)).toMatchObject([{ articleId, status: "pending" }]);
    await setDelivery(alert, { delivery: "email" });
    expect(await webhookWorkExists()).toBe(true);
    await execute(db().update(t.webhookDeliveries).set({ status: "failed" }).where(eq(t.webhookDeliveries.alertId, alert.id)));
    expect(await webhookWorkExists()).toBe(false);
  });

  it("purges delivered and given-up deliveries past the retention, keeps what the pages show, and never posts a purged article again", async () => {
    const alert = await webhookAlert();
    // Everything below happened before the retention period, so the maintenance job (at the real now) may purge it.
    const t0 = new Date(Date.now() - WEBHOOK_DELIVERY_RETENTION_MS - 10 * 24 * 60 * MINUTE);
    for (let i = 0; i < 3; i++) await addArticle({ title: `Given up ${i}` });
    script = ["error", "error", "error", "error", "error", "error"];
    expect(await run(t0)).toMatchObject({ queued: 3, retrying: 3 });
    expect(await run(later(t0, GIVE_UP_AFTER_MS + MINUTE))).toMatchObject({ failed: 3 });
    for (let i = 0; i < 12; i++) await addArticle({ title: `Delivered ${i}` });
    expect(await run(later(t0, GIVE_UP_AFTER_MS + 2 * MINUTE))).toMatchObject({ queued: 12, delivered: 12 });
    // A delivery still pending (its runner stopped after a failed attempt) is never purged, however old.
    const pendingArticle = await addArticle({ title: "Still pending" });
    script = ["error"];
    expect(await run(later(t0, GIVE_UP_AFTER_MS + 3 * MINUTE))).toMatchObject({ queued: 1, retrying: 1 });
    const all16 = (await deliveriesOf(alert.id)).sort((a, b) => a.id - b.id);
    expect(all16).toHaveLength(16);
    const cursor = (await webhookCursor(alert.id)).cursor;

    const purged = (await runMaintenance({}, JOB_CONTEXT)) as { webhookDeliveries: number };
    // The manage page's ten latest rows (the pending one and nine delivered) and every failure stay: the three
    // delivered rows queued first go.
    expect(purged.webhookDeliveries).toBe(3);
    const rows = await deliveriesOf(alert.id);
    const gone = all16.filter((row) => row.status === "delivered").slice(0, 3);
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(all16.filter((row) => !gone.includes(row)).map((row) => row.id));
    expect(rows.filter((row) => row.status === "failed")).toHaveLength(3);
    expect(rows.filter((row) => row.status === "pending")).toMatchObject([{ articleId: pendingArticle }]);
    const stats = await alertStats();
    expect(stats.failingWebhooks.filter((row) => row.alertId === alert.id)).toHaveLength(4);
    const page = await call(manageRoute, `/alerts/manage?token=${encodeURIComponent(manageToken(EMAIL))}`);
    const { alerts } = await page.json();
    expect(alerts[0].deliveries.recent).toHaveLength(10);
    expect(alerts[0].deliveries.failures).toHaveLength(4);

    // The purged rows' articles are behind the cursor: the next runs queue nothing and post only the pending one.
    const before = received.length;
    expect(await run(new Date())).toMatchObject({ queued: 0, delivered: 1 });
    expect(await run(later(new Date(), 60 * MINUTE))).toMatchObject({ queued: 0, delivered: 0, retrying: 0 });
    expect(postedArticleIds().slice(before)).toEqual([pendingArticle]);
    expect((await webhookCursor(alert.id)).cursor).toBe(cursor);
    expect(await runMaintenance({}, JOB_CONTEXT)).toMatchObject({ webhookDeliveries: 0 });
  });

  it("keeps an old settled delivery whose article queueing could still look at (past the alert's cursor)", async () => {
    const alert = await webhookAlert();
    const t0 = new Date(Date.now() - WEBHOOK_DELIVERY_RETENTION_MS - 24 * 60 * MINUTE);
    for (let i = 0; i < 12; i++) await addArticle({ title: `Old delivery ${i}` });
    expect(await run(t0)).toMatchObject({ queued: 12, delivered: 12 });
    // Beyond the ten the manage page lists, two rows may go; put the cursor between their articles, as if it were
    // ever behind a delivered article: that row is then all that stops a second post of it, and it stays.
    const rows = (await deliveriesOf(alert.id)).sort((a, b) => a.id - b.id);
    const [behind, past] = rows.slice(0, 2).sort((a, b) => a.articleId - b.articleId);
    await execute(db().update(t.alerts).set({ cursorArticleId: behind.articleId }).where(eq(t.alerts.id, alert.id)));
    expect(await runMaintenance({}, JOB_CONTEXT)).toMatchObject({ webhookDeliveries: 1 });
    const left = (await deliveriesOf(alert.id)).map((row) => row.id);
    expect(left).toHaveLength(11);
    expect(left).toContain(past.id);
    expect(left).not.toContain(behind.id);
    // The kept row's article is chosen again from the cursor, and its row keeps it from a second post.
    expect(await run(new Date())).toMatchObject({ delivered: 0, retrying: 0 });
    expect(await deliveriesOf(alert.id)).toHaveLength(11);
    expect(received).toHaveLength(12);
  });
});
