// Saved-search alerts: an address follows one view of the feed and gets its new articles by email, daily at an
// hour it chose or weekly on Mondays. Signing up reveals nothing (docs/decisions/011): every valid request gets
// the same answer, and the alert only sends once its address follows the emailed link. Each period's email is
// claimed in the database before it is sent, and the alert's cursor moves past its articles in the same step,
// so a period is sent at most once and an article is never sent twice, even when the runner dies mid-send.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { articlePath } from "../articles/article-page";
import { feedHref, parseFeedParams } from "../articles/filters";
import { listArticles } from "../articles/queries.server";
import { addressFromToken, addressToken, recordFromToken, recordToken } from "../auth/tokens.server";
import { CONFIRMATION_LINK_HOURS, isLinkValid, linksSentBefore, newConfirmation, pendingFromToken } from "../confirmations/confirmation.server";
import { config } from "../config.server";
import { db, t } from "../db.server";
import { isValidEmail, normalizeEmail } from "../email/address";
import { sendEmail, sendEmailLater, siteUrl, type OutgoingEmail } from "../email/mailer.server";
import { AppError } from "../errors";
import { enforceRateLimit, RATE_LIMITS } from "../rate-limit.server";
import { alertEmail as alertEmailContent } from "../email/templates/alert";
import { alertConfirmationEmail } from "../email/templates/confirmations";
import { dayInZone, hourInZone } from "../time";
import { viewTitle } from "../articles/feeds-out.server";
import { parseInput } from "../validation";

export type Alert = typeof t.alerts.$inferSelect;
export const ALERT_FREQUENCIES = ["daily", "weekly"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The answer to every valid signup, whether the address was new, pending or already following the view. */
export const ALERT_SIGNUP_MESSAGE = "Check your inbox: follow the link in the email we sent to start this alert. If the alert already runs, nothing changes.";
/** The most articles one alert email lists; the rest are on the view's page it links to. */
const ARTICLES_PER_EMAIL = 25;
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
export function requestAlert(raw: Record<string, unknown>, clientKey: string) {
  const input = parseInput(alertInput, { email: raw.email ?? "", view: raw.view ?? "", frequency: raw.frequency, hour: raw.hour ?? 8 });
  const { email, frequency, hour } = input;
  const view = normalizedView(input.view);
  const answer = { message: ALERT_SIGNUP_MESSAGE, view };
  enforceRateLimit(RATE_LIMITS.subscribe, clientKey);

  const existing = db()
    .select()
    .from(t.alerts)
    .where(and(eq(t.alerts.email, email), eq(t.alerts.view, view)))
    .get();
  if (existing?.confirmedAt && !existing.unsubscribedAt) return answer;
  // Only running alerts count towards the address's limit: requests a stranger made, which wait for a link the
  // owner never follows, must not stand in the owner's way.
  const running = db().get<{ n: number }>(
    sql`SELECT count(*) AS n FROM alerts WHERE email = ${email} AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`,
  )!.n;
  // The same answer as any other signup: the limit is the address owner's to see, on the manage page.
  if (running >= MAX_ALERTS_PER_ADDRESS) return answer;
  const confirmation = newConfirmation(email, "alert");
  if (!confirmation) return answer;
  const { token } = confirmation;
  const values = { frequency, hour, ...confirmation.columns, confirmedAt: null, unsubscribedAt: null };
  db()
    .insert(t.alerts)
    .values({ email, view, ...values })
    .onConflictDoUpdate({ target: [t.alerts.email, t.alerts.view], set: values })
    .run();
  sendEmailLater(confirmationEmail(email, view, frequency, hour, token), "alert confirmation");
  return answer;
}

/** Forgets alerts whose confirmation link expired unfollowed (the maintenance job). */
export function purgeExpiredAlertRequests(now = new Date()) {
  const cutoff = linksSentBefore(now.getTime());
  return db().run(sql`DELETE FROM alerts WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL AND coalesce(confirmation_sent_at, 0) <= ${cutoff}`).changes;
}

function describeSchedule(frequency: string, hour: number) {
  const at = `${String(hour).padStart(2, "0")}:00 (${config().APP_TIMEZONE})`;
  return frequency === "weekly" ? `every Monday at ${at}` : `every day at ${at}`;
}

function viewUrl(view: string) {
  return siteUrl(`/${view ? `?${view}` : ""}`);
}

function confirmationEmail(email: string, view: string, frequency: string, hour: number, token: string): OutgoingEmail {
  const link = siteUrl(`/alerts/confirm?token=${encodeURIComponent(token)}`);
  const title = viewTitle(parseFeedParams(new URLSearchParams(view)).filters);
  const schedule = describeSchedule(frequency, hour);
  return { to: email, ...alertConfirmationEmail({ schedule, viewTitle: title, viewUrl: viewUrl(view), link, hours: CONFIRMATION_LINK_HOURS }) };
}

/** The pending alert a confirmation token belongs to, while the link is valid. */
export function pendingAlertFromToken(token: string | null | undefined): Alert | undefined {
  return pendingFromToken(token, (tokenHash) => db().select().from(t.alerts).where(eq(t.alerts.confirmationTokenHash, tokenHash)).get());
}

/** Starts the alert behind a confirmation token: from now on, articles stored after this moment are sent. */
export function confirmAlert(token: string | null | undefined): Alert | undefined {
  const alert = pendingAlertFromToken(token);
  if (!alert) return undefined;
  const newest = db().get<{ id: number | null }>(sql`SELECT max(id) AS id FROM articles`)?.id ?? 0;
  return db()
    .update(t.alerts)
    .set({ confirmedAt: new Date(), confirmationTokenHash: null, unsubscribedAt: null, cursorArticleId: newest })
    .where(eq(t.alerts.id, alert.id))
    .returning()
    .get();
}

/** One alert's unsubscribe token: its id, signed with the address, so it cannot be guessed or altered. */
export function alertUnsubscribeToken(alert: Pick<Alert, "id" | "email">) {
  return recordToken("alert-unsubscribe", alert);
}

export function alertFromUnsubscribeToken(token: string | null | undefined): Alert | undefined {
  return recordFromToken("alert-unsubscribe", token, (id) => db().select().from(t.alerts).where(eq(t.alerts.id, id)).get());
}

/** An address's token for the page listing its alerts: the address, signed. */
export function manageToken(email: string) {
  return addressToken("alert-manage", email);
}

export function emailFromManageToken(token: string | null | undefined): string | undefined {
  return addressFromToken("alert-manage", token);
}

export function stopAlert(id: number) {
  db().update(t.alerts).set({ unsubscribedAt: new Date() }).where(eq(t.alerts.id, id)).run();
}

export type AlertSummary = { id: number; view: string; title: string; schedule: string; status: "active" | "pending" | "stopped"; unsubscribeToken: string };

/** The alerts of an address, for its manage page. */
export function alertsOf(email: string): AlertSummary[] {
  return db()
    .select()
    .from(t.alerts)
    .where(eq(t.alerts.email, email))
    .orderBy(t.alerts.id)
    .all()
    .filter((alert) => !isExpiredPending(alert))
    .map((alert) => ({
      id: alert.id,
      view: alert.view,
      title: viewTitle(parseFeedParams(new URLSearchParams(alert.view)).filters),
      schedule: describeSchedule(alert.frequency, alert.hour),
      status: alert.unsubscribedAt ? "stopped" : alert.confirmedAt ? "active" : "pending",
      unsubscribeToken: alertUnsubscribeToken(alert),
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

function alertEmail(alert: Alert, articles: { id: number; title: string; sourceName: string; publishDate: string }[]): OutgoingEmail {
  const unsubscribe = siteUrl(`/alerts/unsubscribe?token=${encodeURIComponent(alertUnsubscribeToken(alert))}`);
  const timeZone = config().APP_TIMEZONE;
  const content = alertEmailContent({
    viewTitle: viewTitle(parseFeedParams(new URLSearchParams(alert.view)).filters),
    viewUrl: viewUrl(alert.view),
    articles: articles.map((a) => ({
      title: a.title,
      sourceName: a.sourceName,
      url: siteUrl(articlePath(a)),
      day: dayInZone(new Date(a.publishDate), timeZone),
    })),
    manageUrl: siteUrl(`/alerts/manage?token=${encodeURIComponent(manageToken(alert.email))}`),
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
  const active = db()
    .select()
    .from(t.alerts)
    .where(and(isNotNull(t.alerts.confirmedAt), isNull(t.alerts.unsubscribedAt)))
    .all();
  for (const alert of active) {
    const period = duePeriod(alert, now);
    if (!period) continue;
    result.due++;
    const filters = parseFeedParams(new URLSearchParams(alert.view)).filters;
    // The articles are listed before the claim (a listing is async and cannot run inside it): up to the newest
    // article stored when the listing began, and kept only if no other claim moved the cursor meanwhile.
    const listedFrom = db().select({ cursor: t.alerts.cursorArticleId }).from(t.alerts).where(eq(t.alerts.id, alert.id)).get()!;
    const listedUpTo = db().get<{ id: number | null }>(sql`SELECT max(id) AS id FROM articles`)?.id ?? listedFrom.cursor;
    const listed = (await listArticles(filters, { limit: ARTICLES_PER_EMAIL, afterId: listedFrom.cursor })).filter((article) => article.id <= listedUpTo);
    const claim = db().transaction((tx) => {
      const taken = tx.insert(t.alertDeliveries).values({ alertId: alert.id, period, status: "sending" }).onConflictDoNothing().returning().get();
      if (!taken) return null;
      const current = tx.select({ cursor: t.alerts.cursorArticleId }).from(t.alerts).where(eq(t.alerts.id, alert.id)).get()!;
      const articles = current.cursor === listedFrom.cursor ? listed : [];
      const newest = current.cursor === listedFrom.cursor ? listedUpTo : current.cursor;
      tx.update(t.alerts)
        .set({ cursorArticleId: Math.max(newest, current.cursor) })
        .where(eq(t.alerts.id, alert.id))
        .run();
      if (!articles.length)
        tx.update(t.alertDeliveries)
          .set({ status: "empty" })
          .where(and(eq(t.alertDeliveries.alertId, alert.id), eq(t.alertDeliveries.period, period)))
          .run();
      else
        tx.update(t.alertDeliveries)
          .set({ articleCount: articles.length })
          .where(and(eq(t.alertDeliveries.alertId, alert.id), eq(t.alertDeliveries.period, period)))
          .run();
      return articles;
    });
    if (claim === null) {
      result.alreadyHandled++;
      continue;
    }
    if (!claim.length) {
      result.empty++;
      continue;
    }
    const delivery = and(eq(t.alertDeliveries.alertId, alert.id), eq(t.alertDeliveries.period, period));
    try {
      await sendEmail(alertEmail(alert, claim));
      db().update(t.alertDeliveries).set({ status: "sent", updatedAt: new Date() }).where(delivery).run();
      result.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      db()
        .update(t.alertDeliveries)
        .set({ status: "failed", lastError: message.slice(0, 500), updatedAt: new Date() })
        .where(delivery)
        .run();
      result.failed++;
      log(`alert ${alert.id}: ${message}`);
    }
  }
  return result;
}

/** What the admin sees: how many alerts exist and the latest delivery failures. */
export function alertStats(now = Date.now()) {
  const linksValidSince = linksSentBefore(now);
  const counts = db().get<{ active: number; pending: number; stopped: number }>(sql`
    SELECT
      coalesce(sum(confirmed_at IS NOT NULL AND unsubscribed_at IS NULL), 0) AS active,
      coalesce(sum(confirmed_at IS NULL AND unsubscribed_at IS NULL AND confirmation_sent_at > ${linksValidSince}), 0) AS pending,
      coalesce(sum(unsubscribed_at IS NOT NULL), 0) AS stopped
    FROM alerts`)!;
  const failures = db()
    .all<{ alertId: number; period: string; error: string | null; at: number }>(
      sql`SELECT alert_id AS alertId, period, last_error AS error, updated_at AS at FROM alert_deliveries WHERE status = 'failed' ORDER BY updated_at DESC LIMIT 10`,
    )
    .map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  return { ...counts, failures };
}
