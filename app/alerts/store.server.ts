// Saved-search alerts' reads and writes: the alerts (requests, confirmation, stop) and each period's delivery,
// claimed together with the move of the alert's cursor. Policy (who may ask, when an alert is due, what its email
// says) is in alerts.server.ts.
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { all, db, execute, first, t, transaction } from "../db.server";
import { storableText } from "../text/storable";

export type Alert = typeof t.alerts.$inferSelect;
type AlertRequest = Pick<Alert, "frequency" | "hour" | "confirmationTokenHash" | "confirmationSentAt"> & { confirmedAt: null; unsubscribedAt: null };

export function alertFor(email: string, view: string): Promise<Alert | undefined> {
  return first(
    db()
      .select()
      .from(t.alerts)
      .where(and(eq(t.alerts.email, email), eq(t.alerts.view, view))),
  );
}

export function alertById(id: number): Promise<Alert | undefined> {
  return first(db().select().from(t.alerts).where(eq(t.alerts.id, id)));
}

export function alertByConfirmationHash(tokenHash: string): Promise<Alert | undefined> {
  return first(db().select().from(t.alerts).where(eq(t.alerts.confirmationTokenHash, tokenHash)));
}

/** The alerts of an address, oldest first. */
export function alertsOfAddress(email: string): Promise<Alert[]> {
  return all(db().select().from(t.alerts).where(eq(t.alerts.email, email)).orderBy(t.alerts.id));
}

/** Every confirmed alert not stopped. */
export function runningAlerts(): Promise<Alert[]> {
  return all(
    db()
      .select()
      .from(t.alerts)
      .where(and(isNotNull(t.alerts.confirmedAt), isNull(t.alerts.unsubscribedAt))),
  );
}

/** How many confirmed alerts of an address are not stopped. */
export async function runningAlertCount(email: string) {
  const row = await first<{ n: number }>(sql`SELECT count(*) AS n FROM alerts WHERE email = ${email} AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL`);
  return row!.n;
}

/** Stores a request for an alert, waiting for its link: a new alert, or the known one for this address and view. */
export async function saveAlertRequest(email: string, view: string, request: AlertRequest) {
  await execute(
    db()
      .insert(t.alerts)
      .values({ email, view, ...request })
      .onConflictDoUpdate({ target: [t.alerts.email, t.alerts.view], set: request }),
  );
}

/** Forgets alert requests never confirmed whose link was sent at or before `cutoff` (ms); answers how many. */
export function deleteUnconfirmedAlerts(cutoff: number) {
  return execute(sql`DELETE FROM alerts WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL AND coalesce(confirmation_sent_at, 0) <= ${cutoff}`);
}

/** The newest article's id, or null when there is none. */
async function newestArticleId() {
  return (await first<{ id: number | null }>(sql`SELECT max(id) AS id FROM articles`))?.id ?? null;
}

/** Starts an alert: its link is used up, and its cursor is set past every article stored so far. */
export async function startAlert(id: number, now: Date): Promise<Alert | undefined> {
  const newest = (await newestArticleId()) ?? 0;
  return first(
    db()
      .update(t.alerts)
      .set({ confirmedAt: now, confirmationTokenHash: null, unsubscribedAt: null, cursorArticleId: newest })
      .where(eq(t.alerts.id, id))
      .returning(),
  );
}

export async function stopAlert(id: number) {
  await execute(db().update(t.alerts).set({ unsubscribedAt: new Date() }).where(eq(t.alerts.id, id)));
}

// Deliveries

function deliveryOf(alertId: number, period: string) {
  return and(eq(t.alertDeliveries.alertId, alertId), eq(t.alertDeliveries.period, period));
}

/**
 * Where an alert stands for a period: whether the period is claimed already, the alert's cursor (the last article
 * id it has carried) and the newest article's id (the cursor itself when there are no articles).
 */
export async function alertPeriodState(alertId: number, period: string) {
  const claimed = await first(db().select({ status: t.alertDeliveries.status }).from(t.alertDeliveries).where(deliveryOf(alertId, period)));
  const alert = await first(db().select({ cursor: t.alerts.cursorArticleId }).from(t.alerts).where(eq(t.alerts.id, alertId)));
  const cursor = alert!.cursor;
  return { claimed: claimed !== undefined, cursor, newest: (await newestArticleId()) ?? cursor };
}

/**
 * Claims an alert's period for an email carrying `articleCount` articles (an empty one is recorded as such) and
 * moves the alert's cursor to `newest`, in one write transaction. Answers "claimed", "taken" when the period was
 * claimed already, or "moved" when the cursor is no longer `cursor` (the articles were chosen from a stale one):
 * nothing is written then.
 */
export function claimAlertPeriod(
  alertId: number,
  period: string,
  { cursor, newest, articleCount }: { cursor: number; newest: number; articleCount: number },
): Promise<"claimed" | "taken" | "moved"> {
  return transaction(
    function* (tx) {
      const current = yield* tx.first(tx.db.select({ cursor: t.alerts.cursorArticleId }).from(t.alerts).where(eq(t.alerts.id, alertId)));
      if (current!.cursor !== cursor) return "moved";
      const taken = yield* tx.first(
        tx.db
          .insert(t.alertDeliveries)
          .values({ alertId, period, status: articleCount ? "sending" : "empty", articleCount })
          .onConflictDoNothing()
          .returning(),
      );
      if (!taken) return "taken";
      yield* tx.execute(
        tx.db
          .update(t.alerts)
          .set({ cursorArticleId: Math.max(newest, cursor) })
          .where(eq(t.alerts.id, alertId)),
      );
      return "claimed";
    },
    { behavior: "immediate" },
  );
}

export async function setAlertDelivery(alertId: number, period: string, values: { status: string; lastError?: string }) {
  await execute(
    db()
      .update(t.alertDeliveries)
      // A sending failure may quote the mail server or another site (docs/decisions/035).
      .set({ ...values, ...(values.lastError !== undefined ? { lastError: storableText(values.lastError) } : {}), updatedAt: new Date() })
      .where(deliveryOf(alertId, period)),
  );
}

/** How many alerts run, wait for their link (sent after `linksValidSince`, ms) or were stopped. */
export async function alertCounts(linksValidSince: number) {
  const counts = await first<{ active: number; pending: number; stopped: number }>(sql`
    SELECT
      count(*) FILTER (WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL) AS active,
      count(*) FILTER (WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL AND confirmation_sent_at > ${linksValidSince}) AS pending,
      count(*) FILTER (WHERE unsubscribed_at IS NOT NULL) AS stopped
    FROM alerts`);
  return counts!;
}

/** The latest failed deliveries, newest first. */
export function latestAlertFailures(limit: number) {
  return all<{ alertId: number; period: string; error: string | null; at: number }>(
    sql`SELECT alert_id AS "alertId", period, last_error AS error, updated_at AS at FROM alert_deliveries WHERE status = 'failed' ORDER BY updated_at DESC LIMIT ${limit}`,
  );
}
