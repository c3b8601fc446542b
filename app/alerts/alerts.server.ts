// Saved-search alerts: an address follows one view of the feed and gets its new articles by email, daily at an
// hour it chose or weekly on Mondays. Signing up reveals nothing (docs/decisions/011): every valid request gets
// the same answer, and the alert only sends once its address follows the emailed link. Each period's email is
// claimed in the database before it is sent, and the alert's cursor moves past its articles in the same step,
// so a period is sent at most once and an article is never sent twice, even when the runner dies mid-send.
import { z } from "zod";
import { articlePath } from "../articles/article-page";
import { feedHref, parseFeedParams } from "../feed/filters";
import { listArticles } from "../feed/queries.server";
import { addressFromToken, addressToken, recordFromToken, recordToken } from "../auth/tokens.server";
import { isLinkValid, linksSentBefore, newConfirmation, pendingFromToken } from "../confirmations/confirmation.server";
import { CONFIRMATION_LINK_HOURS } from "../confirmations/link-hours";
import { config } from "../config.server";
import { isValidEmail, normalizeEmail } from "../email/address";
import { sendEmail, sendEmailLater, siteUrl, type OutgoingEmail } from "../email/mailer.server";
import { AppError } from "../errors";
import { enforceRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { alertEmail as alertEmailContent } from "../email/templates/alert";
import { alertConfirmationEmail } from "../email/templates/confirmations";
import { dayInZone, hourInZone } from "../time";
import { viewOutline, viewTitle } from "../feed/feeds-out.server";
import { parseInput } from "../validation";
import { deliveriesOf, failingWebhooks } from "./webhooks.server";
import type { AlertStats } from "./answer.server";
import {
  alertByConfirmationHash,
  alertById,
  alertCounts,
  alertFor,
  alertPeriodState,
  alertsOfAddress,
  claimAlertPeriod,
  deleteUnconfirmedAlerts,
  latestAlertFailures,
  runningAlertCount,
  runningAlerts,
  saveAlertRequest,
  setAlertDelivery,
  startAlert,
  type Alert,
} from "./store.server";

export const ALERT_FREQUENCIES = ["daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The answer to every valid signup, whether the address was new, pending or already following the view. */
export const ALERT_SIGNUP_MESSAGE = "Check your inbox: follow the link in the email we sent to start this alert. If the alert already runs, nothing changes.";
/** The most articles one alert email lists; the rest are on the view's page it links to. */
const ARTICLES_PER_EMAIL = 25;
/** How many of the latest delivery failures the admin sees. */
const LISTED_FAILURES = 10;
/** The most alerts one address may keep. */
const MAX_ALERTS_PER_ADDRESS = 20;

const HOUR_MESSAGE = "'hour' must be a whole number from 0 to 23.";

export const alertInput = z.object({
  email: z.string({ error: "Please enter a valid email address." }).refine(isValidEmail, "Please enter a valid email address.").transform(normalizeEmail),
  view: z.string().max(1000, "The view is too long."),
  frequency: z.enum(ALERT_FREQUENCIES, { error: "Choose daily or weekly." }),
  // A JSON integer or a form's plain digits: never `true`, "1e1" or "0x17" (app/validation.ts, wholeNumber).
  hour: z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,2}$/)
          .transform(Number),
      ],
      { error: HOUR_MESSAGE },
    )
    .pipe(z.number({ error: HOUR_MESSAGE }).int(HOUR_MESSAGE).min(0, HOUR_MESSAGE).max(23, HOUR_MESSAGE)),
});

/** True for an alert still waiting for its link after the link stopped working: it counts for nothing. */
function isExpiredPending(alert: Pick<Alert, "confirmedAt" | "unsubscribedAt" | "confirmationSentAt">, now = Date.now()) {
  return !alert.confirmedAt && !alert.unsubscribedAt && !isLinkValid(alert.confirmationSentAt, now);
}

/** A view's query string in its one tidy form, or the refusal of one that cannot be followed. */
export function normalizedView(raw: string) {
  const { filters } = parseFeedParams(new URLSearchParams(raw.replace(/^\?/, "")));
  if (filters.saved)
    throw new AppError("invalid", "The Saved view holds this browser's bookmarks and cannot be followed by email; follow a filtered view instead.");
  return feedHref(filters).replace(/^\/\??/, "");
}

/**
 * Starts an alert for an address and a view: a confirmation email when the alert is new or still pending, as
 * far as the recipient's confirmation cap allows (app/email/confirmation-cap.server.ts), nothing when it already
 * runs. Answers the same message either way, with the view in its tidy form (what the page goes back to). Bad
 * input is an "invalid" AppError naming what is wrong; too many signups from one client a "rate-limited" one.
 */
export async function requestAlert(raw: Record<string, unknown>, clientKey: string) {
  const input = parseInput(alertInput, { email: raw.email ?? "", view: raw.view ?? "", frequency: raw.frequency, hour: raw.hour ?? 8 });
  const { email, frequency, hour } = input;
  const view = normalizedView(input.view);
  const answer = { message: ALERT_SIGNUP_MESSAGE, view };
  await enforceRateLimit(RATE_LIMITS.subscribe, clientKey);

  const existing = await alertFor(email, view);
  if (existing?.confirmedAt && !existing.unsubscribedAt) return answer;
  // Only running alerts count towards the address's limit: requests a stranger made, which wait for a link the
  // owner never follows, must not stand in the owner's way.
  const running = await runningAlertCount(email);
  // The same answer as any other signup: the limit is the address owner's to see, on the manage page.
  if (running >= MAX_ALERTS_PER_ADDRESS) return answer;
  const confirmation = await newConfirmation(email, "alert");
  if (!confirmation) return answer;
  const { token } = confirmation;
  await saveAlertRequest(email, view, { frequency, hour, ...confirmation.columns, confirmedAt: null, unsubscribedAt: null });
  sendEmailLater(await confirmationEmail(email, view, frequency, hour, token), "alert confirmation");
  return answer;
}

/** Forgets alerts whose confirmation link expired unfollowed (the maintenance job). */
export function purgeExpiredAlertRequests(now = new Date()) {
  return deleteUnconfirmedAlerts(linksSentBefore(now.getTime()));
}

function describeSchedule(frequency: string, hour: number) {
  const at = `${String(hour).padStart(2, "0")}:00 (${config().APP_TIMEZONE})`;
  return frequency === "weekly" ? `every Monday at ${at}` : `every day at ${at}`;
}

async function viewUrl(view: string) {
  return siteUrl(`/${view ? `?${view}` : ""}`);
}

/**
 * The confirmation goes to an address nobody has confirmed, perhaps at a stranger's request: it describes the view
 * by its outline only (no search words, agency or docket, and no link holding them), so a requester cannot put
 * their own text in the owner's inbox (docs/security.md). The alert's own emails, once confirmed, show it all.
 */
async function confirmationEmail(email: string, view: string, frequency: string, hour: number, token: string): Promise<OutgoingEmail> {
  const link = await siteUrl(`/alerts/confirm?token=${encodeURIComponent(token)}`);
  const outline = viewOutline(parseFeedParams(new URLSearchParams(view)).filters);
  const schedule = describeSchedule(frequency, hour);
  return { to: email, ...alertConfirmationEmail({ schedule, view: outline, link, hours: CONFIRMATION_LINK_HOURS }) };
}

/** The pending alert a confirmation token belongs to, while the link is valid. */
export function pendingAlertFromToken(token: string | null | undefined): Promise<Alert | undefined> {
  return pendingFromToken(token, alertByConfirmationHash);
}

/** Starts the alert behind a confirmation token: from now on, articles stored after this moment are sent. */
export async function confirmAlert(token: string | null | undefined): Promise<Alert | undefined> {
  const alert = await pendingAlertFromToken(token);
  if (!alert) return undefined;
  return startAlert(alert.id, new Date());
}

/** One alert's unsubscribe token: its id, signed with the address, so it cannot be guessed or altered. */
export function alertUnsubscribeToken(alert: Pick<Alert, "id" | "email">) {
  return recordToken("alert-unsubscribe", alert);
}

export function alertFromUnsubscribeToken(token: string | null | undefined): Promise<Alert | undefined> {
  return recordFromToken("alert-unsubscribe", token, alertById);
}

/** An address's token for the page listing its alerts: the address, signed. */
export function manageToken(email: string) {
  return addressToken("alert-manage", email);
}

export function emailFromManageToken(token: string | null | undefined): string | undefined {
  return addressFromToken("alert-manage", token);
}

export type AlertSummary = {
  id: number;
  view: string;
  title: string;
  schedule: string;
  status: "active" | "pending" | "stopped";
  unsubscribeToken: string;
  delivery: "email" | "webhook";
  webhookUrl: string | null;
  webhookFormat: string | null;
  /** A webhook alert's latest deliveries and failed attempts (empty for an email alert). */
  deliveries: Awaited<ReturnType<typeof deliveriesOf>>[number];
};

/** The alerts of an address, for its manage page. */
export async function alertsOf(email: string): Promise<AlertSummary[]> {
  const alerts = (await alertsOfAddress(email)).filter((alert) => !isExpiredPending(alert));
  const deliveries = await deliveriesOf(alerts.filter((alert) => alert.delivery === "webhook").map((alert) => alert.id));
  return alerts.map((alert) => ({
    id: alert.id,
    view: alert.view,
    title: viewTitle(parseFeedParams(new URLSearchParams(alert.view)).filters),
    // A webhook alert posts each article as it arrives; the email schedule applies to email only.
    schedule: alert.delivery === "webhook" ? "each new article, by webhook" : describeSchedule(alert.frequency, alert.hour),
    status: alert.unsubscribedAt ? "stopped" : alert.confirmedAt ? "active" : "pending",
    unsubscribeToken: alertUnsubscribeToken(alert),
    delivery: alert.delivery === "webhook" ? "webhook" : "email",
    webhookUrl: alert.webhookUrl,
    webhookFormat: alert.webhookFormat,
    deliveries: deliveries[alert.id] ?? { recent: [], failures: [] },
  }));
}

/** The period an alert's email belongs to at this instant, or null when the alert is not due now. */
export function duePeriod(alert: Pick<Alert, "frequency" | "hour">, now: Date): string | null {
  const timeZone = config().APP_TIMEZONE;
  if (hourInZone(now, timeZone) !== alert.hour) return null;
  const day = dayInZone(now, timeZone);
  if (alert.frequency === "daily") return day;
  const [y, m, d] = day.split("-").map(Number);
  const monday = new Date(Date.UTC(y, m - 1, d)).getUTCDay() === 1;
  return monday ? `week of ${day}` : null;
}

async function alertEmail(alert: Alert, articles: { id: number; title: string; sourceName: string; publishDate: string }[]): Promise<OutgoingEmail> {
  const unsubscribe = await siteUrl(`/alerts/unsubscribe?token=${encodeURIComponent(alertUnsubscribeToken(alert))}`);
  const timeZone = config().APP_TIMEZONE;
  const content = alertEmailContent({
    viewTitle: viewTitle(parseFeedParams(new URLSearchParams(alert.view)).filters),
    viewUrl: await viewUrl(alert.view),
    articles: await Promise.all(
      articles.map(async (a) => ({
        title: a.title,
        sourceName: a.sourceName,
        url: await siteUrl(articlePath(a)),
        day: dayInZone(new Date(a.publishDate), timeZone),
      })),
    ),
    manageUrl: await siteUrl(`/alerts/manage?token=${encodeURIComponent(manageToken(alert.email))}`),
    unsubscribeUrl: unsubscribe,
  });
  return { to: alert.email, ...content, headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } };
}

export type AlertRunResult = { due: number; sent: number; empty: number; failed: number; alreadyHandled: number };

/**
 * Sends every confirmed alert that is due at `now` (the runner's hourly job). A period is claimed together with
 * the articles it will carry (the cursor moves past them) before the email goes out: a run that dies after the
 * claim leaves the period marked "sending", which no later run sends again.
 */
export async function sendDueAlerts(now = new Date(), log: (line: string) => void = () => {}): Promise<AlertRunResult> {
  const result: AlertRunResult = { due: 0, sent: 0, empty: 0, failed: 0, alreadyHandled: 0 };
  for (const alert of await runningAlerts()) {
    // A webhook alert's articles go one by one through the webhooks job (webhooks.server.ts), not by email.
    if (alert.delivery !== "email") continue;
    const period = duePeriod(alert, now);
    if (!period) continue;
    result.due++;
    const claim = await claimPeriod(alert, period);
    if (claim === null) {
      result.alreadyHandled++;
      continue;
    }
    if (!claim.length) {
      result.empty++;
      continue;
    }
    try {
      await sendEmail(await alertEmail(alert, claim));
      await setAlertDelivery(alert.id, period, { status: "sent" });
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await setAlertDelivery(alert.id, period, { status: "failed", lastError: message.slice(0, 500) });
      result.failed++;
      log(`alert ${alert.id}: ${message}`);
    }
  }
  return result;
}

/**
 * Claims an alert's period together with the articles its email carries: the articles stored since the alert's
 * cursor, up to the newest one at this moment (those stored later belong to the next period), and the cursor moves
 * past them in the same write. Answers null when the period was claimed already (another run, or an earlier one).
 */
async function claimPeriod(alert: Alert, period: string) {
  const filters = parseFeedParams(new URLSearchParams(alert.view)).filters;
  for (;;) {
    const { claimed, cursor, newest } = await alertPeriodState(alert.id, period);
    if (claimed) return null;
    const articles = await listArticles(filters, { limit: ARTICLES_PER_EMAIL, afterId: cursor, throughId: newest });
    const outcome = await claimAlertPeriod(alert.id, period, { cursor, newest, articleCount: articles.length });
    if (outcome === "claimed") return articles;
    if (outcome === "taken") return null;
    // "moved": another run moved the cursor while the articles were chosen; choose them again from where it is now.
  }
}

/** What the admin sees: how many alerts exist, the latest email delivery failures and the failing webhooks. */
export async function alertStats(now = Date.now()): Promise<AlertStats> {
  const counts = await alertCounts(linksSentBefore(now));
  const failures = (await latestAlertFailures(LISTED_FAILURES)).map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  return { ...counts, failures, failingWebhooks: await failingWebhooks() };
}
