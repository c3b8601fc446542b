// Webhook delivery for alerts (docs/decisions/033, docs/webhooks.md): an alert may post each new matching article,
// one at a time, to an https address its follower gives, as JSON or as a Slack message. Each article becomes one
// delivery row per alert, queued as the alert's cursor moves past it, and is posted (signed with the alert's secret,
// under the row's idempotency key) until the receiver answers 2xx, with exponential backoff for up to 24 hours.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { articlePath } from "../articles/article-page";
import { viewTitle } from "../feed/feeds-out.server";
import { parseFeedParams } from "../feed/filters";
import { getArticle, listArticles, type ArticleJson } from "../feed/queries.server";
import { config } from "../config.server";
import { siteUrl } from "../email/mailer.server";
import { AppError } from "../errors";
import { postUrl, privateAddressRefusal, type FetchOptions } from "../fetcher/http-client.server";
import { enforceRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { alertById, type Alert } from "./store.server";
import {
  claimWebhookAttempt,
  dueWebhookDeliveries,
  purgeSettledWebhookDeliveries,
  queueWebhookDeliveries,
  recentWebhookDeliveries,
  recordWebhookAttempt,
  restWebhookReceiver,
  runningWebhookAlerts,
  setEmailDelivery,
  setWebhookDelivery,
  webhookCursor,
  webhookFailures,
  webhookReceiverRestsUntil,
  type WebhookDelivery,
} from "./webhook-store.server";

export const WEBHOOK_FORMATS = ["json", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const SIGNATURE_HEADER = "X-Dereg-Signature";
const MINUTE = 60_000;
/** The first retry waits a minute, each next one twice as long, never more than an hour. */
const FIRST_RETRY_MS = MINUTE;
const LONGEST_RETRY_MS = 60 * MINUTE;
/** After this long since it was queued, a delivery that still fails is given up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE;
/** An attempt not recorded within this long belongs to a runner that died: the delivery is posted again. */
export const ATTEMPT_LEASE_MS = 5 * MINUTE;
/** The longest one post may wait for an answer; within a run, never past the run's deadline either. */
const POST_TIMEOUT_MS = 10_000;
/** The shortest wait a post is given when the run's deadline is near. */
const SHORTEST_POST_TIMEOUT_MS = 1_000;
/** Deliveries posted at once: a receiver that never answers holds one lane, not the whole run. */
export const PARALLEL_POSTS = 4;
/** Article ids looked at per step when queueing: every match among them fits in one list. */
const QUEUE_WINDOW = 500;
/** The most steps of QUEUE_WINDOW one run takes per alert; the rest waits for the next run. */
const QUEUE_STEPS_PER_RUN = 20;
/** The most deliveries one run posts. */
const POSTS_PER_RUN = 200;
/**
 * Delivered and given-up rows are kept this long after their last attempt, then purged by the daily maintenance
 * job: long enough for a follower to look into a month of deliveries on the manage page, short enough that the
 * table does not grow with every article an alert ever carried.
 */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 60 * MINUTE;

/** The ports a receiver may listen on: HTTPS's own and its usual alternative, and those the operator adds. */
const USUAL_HTTPS_PORTS = [443, 8443];

/**
 * Why a webhook address's port is refused, or undefined: only the usual HTTPS ports (and WEBHOOK_ALLOWED_PORTS), so
 * the form cannot probe a public host's other services (mail, databases). ALLOW_PRIVATE_NETWORKS lifts it, as it
 * lifts the address rule, for tests' and intranets' receivers.
 */
function webhookPortRefusal(url: URL) {
  const { ALLOW_PRIVATE_NETWORKS, WEBHOOK_ALLOWED_PORTS } = config();
  if (!url.port || ALLOW_PRIVATE_NETWORKS) return undefined;
  const port = Number(url.port);
  const allowed = [...USUAL_HTTPS_PORTS, ...WEBHOOK_ALLOWED_PORTS];
  return allowed.includes(port) ? undefined : `Webhooks go only to the usual HTTPS ports (${allowed.join(", ")}), not port ${port}.`;
}

/** The readable refusal of a webhook address, or undefined when it may be used. */
async function webhookAddressRefusal(raw: string): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter the webhook's full address, starting with https://.";
  }
  const plainHttpAllowed = config().ALLOW_PRIVATE_NETWORKS;
  if (url.protocol !== "https:" && !(plainHttpAllowed && url.protocol === "http:")) return "The webhook address must start with https://.";
  if (url.username || url.password) return "The webhook address must not contain a user name or password.";
  const refusal = await privateAddressRefusal(url.toString());
  if (refusal) return `Webhooks go only to public addresses: ${refusal}.`;
  return webhookPortRefusal(url);
}

/**
 * Makes an alert deliver by webhook: the address is checked (https, a usual port, public) and a new secret made,
 * which the caller shows once. Each try counts against the client's limit (`clientKey`, app/rate-limit.server.ts),
 * so the form cannot be used to map which names resolve where. Bad input is an "invalid" AppError with a message
 * for the form; too many tries a "rate-limited" one.
 */
export async function deliverByWebhook(alert: Pick<Alert, "id">, raw: { url?: unknown; format?: unknown }, clientKey: string) {
  await enforceRateLimit(RATE_LIMITS.webhookAddress, clientKey, "webhook addresses tried");
  const url = typeof raw.url === "string" ? raw.url.trim() : "";
  const format = raw.format === "slack" ? "slack" : raw.format === "json" || raw.format === undefined || raw.format === "" ? "json" : null;
  if (!format) throw new AppError("invalid", "Choose JSON or Slack as the webhook's format.");
  if (!url) throw new AppError("invalid", "Enter the webhook's address.");
  if (url.length > 2000) throw new AppError("invalid", "The webhook address is too long.");
  const refusal = await webhookAddressRefusal(url);
  if (refusal) throw new AppError("invalid", refusal);
  const secret = `whsec_${randomBytes(24).toString("hex")}`;
  await setWebhookDelivery(alert.id, { url: new URL(url).toString(), format, secret });
  return { secret };
}

/** Makes an alert deliver by email again. */
export function deliverByEmail(alert: Pick<Alert, "id">) {
  return setEmailDelivery(alert.id);
}

/** The signature header's value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signatureHeader(secret: string, body: string, at: Date) {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return `t=${t},v1=${v1}`;
}

async function articleFields(article: ArticleJson) {
  return {
    id: article.id,
    title: article.title,
    url: await siteUrl(articlePath(article)),
    originalUrl: article.originalUrl,
    publishDate: article.publishDate,
    category: article.category,
    priority: article.priority,
    summary: article.summary,
    sourceName: article.sourceName,
    documentNumber: article.documentNumber,
    documentType: article.documentType,
    agencies: article.agencies,
    commentsCloseOn: article.commentsCloseOn,
  };
}

/**
 * Slack reads &, < and > as markup in `text` and in mrkdwn blocks alike (`<!channel>` pings, `<url|label>` links):
 * every piece of text from outside is escaped before it joins the message.
 */
const slackText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The body posted for one article: the JSON document, or a Slack message (`text` plus blocks). */
export async function webhookBody(alert: Pick<Alert, "id" | "view">, article: ArticleJson, idempotencyKey: string, format: string) {
  const title = viewTitle(parseFeedParams(new URLSearchParams(alert.view)).filters);
  const viewUrl = await siteUrl(`/${alert.view ? `?${alert.view}` : ""}`);
  const fields = await articleFields(article);
  if (format !== "slack") return { alert: { id: alert.id, view: alert.view, title, url: viewUrl }, article: fields, idempotencyKey };
  const day = fields.publishDate.slice(0, 10);
  const details = [fields.sourceName, day, fields.category.replace(/-/g, " "), `${fields.priority} priority`].filter(Boolean).join(" · ");
  return {
    text: `New in ${slackText(title)}: ${slackText(fields.title)} ${fields.url}`,
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: `*<${fields.url}|${slackText(fields.title)}>*` } },
      { type: "context", elements: [{ type: "mrkdwn", text: slackText(details) }] },
      { type: "context", elements: [{ type: "mrkdwn", text: `Alert: <${viewUrl}|${slackText(title)}>` }] },
    ],
  };
}

/** How long to wait after the `attempts`th failed attempt: 1 min, 2, 4, ... at most an hour. */
export function retryDelay(attempts: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/**
 * Queues a delivery for each article a webhook alert has not been offered yet: the articles stored since its
 * cursor, a window of ids at a time, each window queued together with the cursor's move past it.
 */
async function queueNewArticles(alert: Alert, now: Date) {
  const filters = parseFeedParams(new URLSearchParams(alert.view)).filters;
  // A resting receiver's new deliveries wait with the others (restWebhookReceiver).
  const restsUntil = alert.webhookUrl ? await webhookReceiverRestsUntil(alert.webhookUrl) : null;
  const dueAt = restsUntil && restsUntil > now ? restsUntil : now;
  let queued = 0;
  for (let step = 0; step < QUEUE_STEPS_PER_RUN;) {
    const { cursor, newest } = await webhookCursor(alert.id);
    if (cursor >= newest) break;
    const through = Math.min(newest, cursor + QUEUE_WINDOW);
    const articles = await listArticles(filters, { limit: QUEUE_WINDOW, afterId: cursor, throughId: through });
    const articleIds = articles.map((article) => article.id);
    const outcome = await queueWebhookDeliveries(alert.id, { cursor, through, articleIds, now, dueAt, keyOf: () => randomUUID() });
    // "moved": another run moved the cursor while the articles were chosen; choose again from where it is now.
    if (outcome === "queued") {
      queued += articleIds.length;
      step++;
    }
  }
  return queued;
}

/** Queues every running webhook alert's new articles (the first half of a run); answers how many were queued. */
export async function queueWebhookArticles(now = new Date()) {
  let queued = 0;
  for (const alert of await runningWebhookAlerts()) queued += await queueNewArticles(alert, now);
  return { queued };
}

type AttemptOutcome = "delivered" | "retry" | "failed" | "skipped";

/**
 * One attempt at one delivery: claimed first (so a run that dies mid-post leaves it to be retried), then posted,
 * waiting for an answer no later than `stopAt` (the run's deadline).
 */
async function attempt(delivery: WebhookDelivery, now: Date, options: FetchOptions, stopAt: number): Promise<AttemptOutcome> {
  if (!(await claimWebhookAttempt(delivery, new Date(now.getTime() + ATTEMPT_LEASE_MS)))) return "skipped";
  const attempts = delivery.attempts + 1;
  const alert = await alertById(delivery.alertId);
  const article = await getArticle(delivery.articleId);
  if (!alert || alert.delivery !== "webhook" || !alert.webhookUrl || !alert.webhookSecret || alert.unsubscribedAt || !article) {
    await recordWebhookAttempt(delivery.id, { status: "failed", lastStatus: null, lastError: "The alert no longer delivers by webhook.", at: now });
    return "failed";
  }
  let status: number | null = null;
  let error: string | null = null;
  const body = JSON.stringify(await webhookBody(alert, article, delivery.idempotencyKey, alert.webhookFormat ?? "json"));
  try {
    // A port refused since the address was saved (WEBHOOK_ALLOWED_PORTS narrowed) fails as a refused address does.
    const portRefusal = webhookPortRefusal(new URL(alert.webhookUrl));
    if (portRefusal) throw new AppError("invalid", portRefusal);
    // The HTTP client refuses a private address here too (after DNS, as at registration): DNS may have changed.
    const answer = await postUrl(
      alert.webhookUrl,
      body,
      {
        "content-type": "application/json",
        "idempotency-key": delivery.idempotencyKey,
        // Signed at the moment it is sent (not the run's `now`), so a receiver's freshness check holds however long the run.
        [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(alert.webhookSecret, body, new Date()),
      },
      { timeoutMs: Math.max(SHORTEST_POST_TIMEOUT_MS, Math.min(POST_TIMEOUT_MS, stopAt - Date.now())), ...options },
    );
    status = answer.status;
    if (status < 200 || status >= 300) error = `HTTP ${status}${answer.text ? `: ${answer.text.slice(0, 200)}` : ""}`;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
  }
  if (!error) {
    await recordWebhookAttempt(delivery.id, { status: "delivered", lastStatus: status, lastError: null, at: now });
    return "delivered";
  }
  const next = new Date(now.getTime() + retryDelay(attempts));
  const givenUp = next.getTime() - delivery.createdAt.getTime() > GIVE_UP_AFTER_MS;
  await recordWebhookAttempt(delivery.id, {
    status: givenUp ? "failed" : "pending",
    lastStatus: status,
    lastError: error.slice(0, 500),
    nextAttemptAt: givenUp ? undefined : next,
    at: now,
  });
  // No answer at all (a time-out, a refused or dropped connection): the receiver rests until this delivery's next
  // attempt, every delivery to it with it, so later runs spend nothing on it until then (its schedule doubles as
  // this oldest delivery's does). An answer, even a 500, came quickly and costs little.
  if (status === null && !givenUp) await restWebhookReceiver(alert.webhookUrl, next);
  return givenUp ? "failed" : "retry";
}

/** `left`: deliveries due that the run's deadline left for the next run. */
export type WebhookRunResult = { queued: number; delivered: number; retrying: number; failed: number; left: number };

/**
 * The webhooks job: queues each running webhook alert's new articles, then posts the deliveries due at `now`,
 * PARALLEL_POSTS at a time, starting none after `deadlineMs` (WEBHOOK_RUN_DEADLINE_MS): what is left stays pending
 * for the next run, so a receiver that never answers cannot hold the job runner (and the scrapes queued behind).
 * `fetchOptions` reach the HTTP client (tests trust their receiver's certificate or turn the address guard on).
 */
export async function runWebhooks({
  now = new Date(),
  fetchOptions = {},
  log = () => {},
  deadlineMs = config().WEBHOOK_RUN_DEADLINE_MS,
}: { now?: Date; fetchOptions?: FetchOptions; log?: (line: string) => void; deadlineMs?: number } = {}): Promise<WebhookRunResult> {
  const stopAt = Date.now() + deadlineMs;
  const result: WebhookRunResult = { ...(await queueWebhookArticles(now)), delivered: 0, retrying: 0, failed: 0, left: 0 };
  const due = await dueWebhookDeliveries(now, POSTS_PER_RUN);
  let taken = 0;
  const lane = async () => {
    while (taken < due.length && Date.now() < stopAt) {
      const delivery = due[taken++];
      const outcome = await attempt(delivery, now, fetchOptions, stopAt);
      if (outcome === "delivered") result.delivered++;
      else if (outcome === "retry") result.retrying++;
      else if (outcome === "failed") {
        result.failed++;
        log(`webhook delivery ${delivery.id} (alert ${delivery.alertId}) given up`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_POSTS }, lane));
  result.left = due.length - taken;
  if (result.left) log(`webhooks: the run's deadline left ${result.left} deliveries for the next run`);
  return result;
}

const DELIVERIES_PER_ALERT = 10;
const FAILURES_PER_ALERT = 5;
const ADMIN_FAILURES = 10;

/** For the manage page: each webhook alert's latest deliveries and latest failed attempts. */
export async function deliveriesOf(alertIds: number[]) {
  const recent = await recentWebhookDeliveries(alertIds, DELIVERIES_PER_ALERT);
  const failures = await webhookFailures(alertIds, FAILURES_PER_ALERT * Math.max(1, alertIds.length));
  const iso = (at: number) => new Date(at).toISOString();
  return Object.fromEntries(
    alertIds.map((id) => [
      id,
      {
        recent: recent.filter((row) => row.alertId === id).map((row) => ({ ...row, at: iso(row.at) })),
        failures: failures
          .filter((row) => row.alertId === id)
          .slice(0, FAILURES_PER_ALERT)
          .map((row) => ({ ...row, at: iso(row.at) })),
      },
    ]),
  );
}

/**
 * For the maintenance job: deletes delivered and given-up deliveries older than WEBHOOK_DELIVERY_RETENTION_MS,
 * keeping whatever the manage page and the admin list still show; answers how many went.
 */
export function purgeOldWebhookDeliveries(now = new Date()) {
  return purgeSettledWebhookDeliveries(new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS), {
    recent: DELIVERIES_PER_ALERT,
    failuresPerAlert: FAILURES_PER_ALERT,
    failures: ADMIN_FAILURES,
  });
}

/** For the admin: the latest failed webhook attempts, across alerts. */
export async function failingWebhooks() {
  return (await webhookFailures(null, ADMIN_FAILURES)).map((row) => ({
    alertId: row.alertId,
    url: row.url,
    articleId: row.articleId,
    // Only pending and failed rows are read (webhookFailures in webhook-store.server.ts).
    status: row.status as "pending" | "failed",
    attempts: row.attempts,
    error: row.lastError,
    at: new Date(row.at).toISOString(),
  }));
}
