// Webhook alerts' reads and writes (docs/decisions/033): an alert's delivery settings, the queue of one row per
// alert and article (queued together with the move of the alert's cursor), each attempt's claim and outcome, and
// what the manage page and the admin see, and the purge of settled rows. When and how a row is posted is in webhooks.server.ts.
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { all, db, execute, first, t, transaction } from "../db.server";
import { storableText } from "../text/storable";

export type WebhookDelivery = typeof t.webhookDeliveries.$inferSelect;
export type WebhookSettings = { url: string; format: string; secret: string };

/** Every confirmed, running alert that delivers by webhook. */
export function runningWebhookAlerts() {
  return all(
    db()
      .select()
      .from(t.alerts)
      .where(and(isNotNull(t.alerts.confirmedAt), isNull(t.alerts.unsubscribedAt), eq(t.alerts.delivery, "webhook"))),
  );
}

/** Whether the webhooks job has anything to do: a running webhook alert, or a delivery still to be attempted. */
export async function webhookWorkExists() {
  const alert = await first(
    db()
      .select({ id: t.alerts.id })
      .from(t.alerts)
      .where(and(isNotNull(t.alerts.confirmedAt), isNull(t.alerts.unsubscribedAt), eq(t.alerts.delivery, "webhook")))
      .limit(1),
  );
  if (alert) return true;
  return Boolean(await first(db().select({ id: t.webhookDeliveries.id }).from(t.webhookDeliveries).where(eq(t.webhookDeliveries.status, "pending")).limit(1)));
}

/** Makes an alert deliver by webhook, with a new address, format and secret. */
export async function setWebhookDelivery(alertId: number, { url, format, secret }: WebhookSettings) {
  await execute(
    db().update(t.alerts).set({ delivery: "webhook", webhookUrl: url, webhookFormat: format, webhookSecret: secret }).where(eq(t.alerts.id, alertId)),
  );
}

/** Makes an alert deliver by email again; its secret is forgotten (a later webhook gets a new one). */
export async function setEmailDelivery(alertId: number) {
  await execute(db().update(t.alerts).set({ delivery: "email", webhookUrl: null, webhookFormat: null, webhookSecret: null }).where(eq(t.alerts.id, alertId)));
}

/** The alert's cursor and the newest article's id (the cursor itself when there are no articles). */
export async function webhookCursor(alertId: number) {
  const alert = await first(db().select({ cursor: t.alerts.cursorArticleId }).from(t.alerts).where(eq(t.alerts.id, alertId)));
  const newest = await first<{ id: number | null }>(sql`SELECT max(id) AS id FROM articles`);
  return { cursor: alert!.cursor, newest: Math.max(newest?.id ?? 0, alert!.cursor) };
}

/**
 * Queues one delivery per article for an alert and moves its cursor from `cursor` to `through`, in one write
 * transaction: an article is queued once per alert, even when two runs choose it. Answers "moved" (nothing
 * written) when the cursor is no longer `cursor`, so the caller chooses the articles again.
 */
export function queueWebhookDeliveries(
  alertId: number,
  {
    cursor,
    through,
    articleIds,
    now,
    dueAt = now,
    keyOf,
  }: { cursor: number; through: number; articleIds: number[]; now: Date; dueAt?: Date; keyOf: (articleId: number) => string },
): Promise<"queued" | "moved"> {
  return transaction(
    function* (tx) {
      const current = yield* tx.first(tx.db.select({ cursor: t.alerts.cursorArticleId }).from(t.alerts).where(eq(t.alerts.id, alertId)));
      if (!current || current.cursor !== cursor) return "moved";
      if (articleIds.length)
        yield* tx.execute(
          tx.db
            .insert(t.webhookDeliveries)
            .values(
              articleIds.map((articleId) => ({
                alertId,
                articleId,
                idempotencyKey: keyOf(articleId),
                status: "pending",
                nextAttemptAt: dueAt,
                createdAt: now,
                updatedAt: now,
              })),
            )
            .onConflictDoNothing(),
        );
      yield* tx.execute(tx.db.update(t.alerts).set({ cursorArticleId: through }).where(eq(t.alerts.id, alertId)));
      return "queued";
    },
    { behavior: "immediate" },
  );
}

/** Pending deliveries whose next attempt is due at `now`, oldest first. */
export function dueWebhookDeliveries(now: Date, limit: number): Promise<WebhookDelivery[]> {
  return all(
    db()
      .select()
      .from(t.webhookDeliveries)
      .where(and(eq(t.webhookDeliveries.status, "pending"), lte(t.webhookDeliveries.nextAttemptAt, now)))
      .orderBy(t.webhookDeliveries.nextAttemptAt, t.webhookDeliveries.id)
      .limit(limit),
  );
}

/**
 * Claims one attempt of a delivery: counts it and moves its next attempt to `leaseUntil`, so no other run posts it
 * meanwhile and a run that dies mid-post leaves it to be posted again then. Answers false when another run
 * claimed it first (its next attempt is no longer the one read).
 */
export async function claimWebhookAttempt(delivery: WebhookDelivery, leaseUntil: Date) {
  const changed = await execute(
    db()
      .update(t.webhookDeliveries)
      .set({ attempts: delivery.attempts + 1, nextAttemptAt: leaseUntil, updatedAt: new Date() })
      .where(
        and(
          eq(t.webhookDeliveries.id, delivery.id),
          eq(t.webhookDeliveries.status, "pending"),
          eq(t.webhookDeliveries.attempts, delivery.attempts),
          eq(t.webhookDeliveries.nextAttemptAt, delivery.nextAttemptAt),
        ),
      ),
  );
  return changed === 1;
}

/** Records an attempt's outcome: delivered, failed for good, or pending with the next attempt at `nextAttemptAt`. */
export async function recordWebhookAttempt(
  id: number,
  outcome: { status: "delivered" | "pending" | "failed"; lastStatus: number | null; lastError: string | null; nextAttemptAt?: Date; at: Date },
) {
  await execute(
    db()
      .update(t.webhookDeliveries)
      .set({
        status: outcome.status,
        lastStatus: outcome.lastStatus,
        // The receiver's answer is quoted: another site's text (docs/decisions/035).
        lastError: outcome.lastError === null ? null : storableText(outcome.lastError),
        updatedAt: outcome.at,
        ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
        ...(outcome.status === "delivered" ? { deliveredAt: outcome.at } : {}),
      })
      // Only a pending row changes: a delivery recorded once stays as it is.
      .where(and(eq(t.webhookDeliveries.id, id), eq(t.webhookDeliveries.status, "pending"))),
  );
}

/**
 * Rests a receiver: every pending delivery to this webhook address (of any alert) due before `until` is moved to
 * `until`. Rows a run read before the move can no longer be claimed by it (claimWebhookAttempt), so the run skips them.
 */
export async function restWebhookReceiver(url: string, until: Date) {
  const toUrl = db().select({ id: t.alerts.id }).from(t.alerts).where(eq(t.alerts.webhookUrl, url));
  await execute(
    db()
      .update(t.webhookDeliveries)
      .set({ nextAttemptAt: until })
      .where(and(eq(t.webhookDeliveries.status, "pending"), lt(t.webhookDeliveries.nextAttemptAt, until), inArray(t.webhookDeliveries.alertId, toUrl))),
  );
}

/** Until when a receiver rests: the latest next attempt of its pending deliveries whose last try got no answer. */
export async function webhookReceiverRestsUntil(url: string): Promise<Date | null> {
  const row = await first<{ until: number | string | null }>(sql`
    SELECT max(d.next_attempt_at) AS until FROM webhook_deliveries d JOIN alerts a ON a.id = d.alert_id
    WHERE a.webhook_url = ${url} AND d.status = 'pending' AND d.attempts > 0 AND d.last_status IS NULL AND d.last_error IS NOT NULL`);
  return row?.until == null ? null : new Date(Number(row.until));
}

export type DeliveryLine = {
  alertId: number;
  articleId: number;
  title: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  at: number;
};

const deliveryLine = {
  alertId: t.webhookDeliveries.alertId,
  articleId: t.webhookDeliveries.articleId,
  title: t.articles.title,
  status: t.webhookDeliveries.status,
  attempts: t.webhookDeliveries.attempts,
  lastStatus: t.webhookDeliveries.lastStatus,
  lastError: t.webhookDeliveries.lastError,
  at: t.webhookDeliveries.updatedAt,
};

/** The latest deliveries of some alerts (at most `perAlert` each), newest first. */
export async function recentWebhookDeliveries(alertIds: number[], perAlert: number): Promise<DeliveryLine[]> {
  if (!alertIds.length) return [];
  const rows: DeliveryLine[] = [];
  for (const alertId of alertIds) {
    const lines = await all(
      db()
        .select(deliveryLine)
        .from(t.webhookDeliveries)
        .innerJoin(t.articles, eq(t.articles.id, t.webhookDeliveries.articleId))
        .where(eq(t.webhookDeliveries.alertId, alertId))
        .orderBy(desc(t.webhookDeliveries.id))
        .limit(perAlert),
    );
    rows.push(...lines.map((line) => ({ ...line, at: +line.at })));
  }
  return rows;
}

/** The latest attempts that failed (for good, or still to be retried) of some alerts, newest first. */
export async function webhookFailures(alertIds: number[] | null, limit: number) {
  const failing = and(
    isNotNull(t.webhookDeliveries.lastError),
    inArray(t.webhookDeliveries.status, ["pending", "failed"]),
    alertIds ? inArray(t.webhookDeliveries.alertId, alertIds.length ? alertIds : [-1]) : undefined,
  );
  const rows = await all(
    db()
      .select({ ...deliveryLine, url: t.alerts.webhookUrl })
      .from(t.webhookDeliveries)
      .innerJoin(t.articles, eq(t.articles.id, t.webhookDeliveries.articleId))
      .innerJoin(t.alerts, eq(t.alerts.id, t.webhookDeliveries.alertId))
      .where(failing)
      .orderBy(desc(t.webhookDeliveries.updatedAt), desc(t.webhookDeliveries.id))
      .limit(limit),
  );
  return rows.map((row) => ({ ...row, at: +row.at }));
}

/**
 * Deletes delivered and given-up deliveries last touched before `cutoff`; answers how many. Kept whatever their age:
 * pending rows, each alert's `keep.recent` latest rows (the manage page's list), its `keep.failuresPerAlert` latest
 * failures (the manage page's "last failures") and the `keep.failures` latest failures across alerts (the admin's
 * failing webhooks), chosen as those lists choose them. A row is deleted only when its article is at or behind its
 * alert's cursor: queueing looks only past the cursor, and the cursor never moves back past a stored article, so a
 * purged row's article is never queued (nor posted) to that alert again.
 */
export function purgeSettledWebhookDeliveries(cutoff: Date, keep: { recent: number; failuresPerAlert: number; failures: number }) {
  const failing = sql`last_error IS NOT NULL AND status IN ('pending', 'failed')`;
  return execute(sql`
    DELETE FROM webhook_deliveries
    WHERE status IN ('delivered', 'failed')
      AND updated_at < ${cutoff.getTime()}
      AND article_id <= (SELECT cursor_article_id FROM alerts WHERE alerts.id = webhook_deliveries.alert_id)
      AND id NOT IN (
        SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY alert_id ORDER BY id DESC) AS n FROM webhook_deliveries) AS recent
        WHERE n <= ${keep.recent}
      )
      AND id NOT IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY alert_id ORDER BY updated_at DESC, id DESC) AS n FROM webhook_deliveries WHERE ${failing}
        ) AS failures
        WHERE n <= ${keep.failuresPerAlert}
      )
      AND id NOT IN (SELECT id FROM webhook_deliveries WHERE ${failing} ORDER BY updated_at DESC, id DESC LIMIT ${keep.failures})
  `);
}
