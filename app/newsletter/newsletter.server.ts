// The weekly newsletter: what it says (the week's most important articles, high priority first, grouped by
// category, plus the latest trends insights) and how it is delivered exactly once per subscriber.
//
// Delivery: one newsletter_issues row per week and one newsletter_deliveries row per recipient. A row is
// marked "sending" before the SMTP call and "sent" after it, so a re-run after a crash or an outage sends
// only the remaining recipients. A row left in "sending" (the process died during that one SMTP call) is
// never sent again: the message may have gone out, and a duplicate is worse than a missed week.
import { config } from "../config.server";
import { normalizeEmail } from "../email/address";
import { sendEmail, siteUrl } from "../email/mailer.server";
import { articlePath, daysLeftLabel, daysUntil, docketUrl } from "../articles/article-page";
import { addDays } from "../rulemakings/comment-periods.server";
import { openCommentPeriods } from "../rulemakings/store/comment-periods.server";
import { categoryLabel, priorityInfo } from "../articles/vocabulary";
import { truncateAtWord } from "../text/truncate";
import { dayInZone, formatDate, sleep } from "../time";
import { latestTrends } from "../trends/store.server";
import { unsubscribeUrl } from "./subscribers.server";
import {
  addIssue,
  addPendingDeliveries,
  deliveriesOf,
  issueOfWeek,
  markDeliverySent,
  markIssueCompleted,
  mostImportantArticlesSince,
  newestArticles,
  openDeliveryCount,
  setDelivery,
  subscriberByEmail,
  type NewsletterArticle,
} from "./store.server";
import { escapeHtml } from "../text/escape-html";
import { newsletterEmail, type LedgerLines } from "../email/templates/newsletter";
import { weeklyLedger } from "../ledger/ledger.server";
import type { EmailContent } from "../email/templates/render";

const MAX_ARTICLES = 20;
const FALLBACK_ARTICLES = 10;
const MAX_INSIGHTS = 5;
const WEEK_MS = 7 * 86_400_000;
/** Where the per-recipient unsubscribe link goes in the stored issue. */
const UNSUBSCRIBE_MARK = "%%UNSUBSCRIBE_URL%%";
const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000];

/** The Monday (YYYY-MM-DD, configured time zone) of the week `now` falls in. */
export function weekOf(now: Date) {
  const [y, m, d] = dayInZone(now, config().APP_TIMEZONE).split("-").map(Number);
  const dayOfWeek = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return new Date(Date.UTC(y, m - 1, d - ((dayOfWeek + 6) % 7))).toISOString().slice(0, 10);
}

async function articlesFor(now: Date): Promise<{ articles: NewsletterArticle[]; fresh: boolean }> {
  const week = await mostImportantArticlesSince(new Date(now.getTime() - WEEK_MS), MAX_ARTICLES);
  if (week.length) return { articles: week, fresh: true };
  return { articles: await newestArticles(FALLBACK_ARTICLES), fresh: false };
}

/** Groups by category; a group comes where its most important article comes, so high priority stays first. */
function byCategory(articles: NewsletterArticle[]) {
  return [...new Set(articles.map((a) => a.category))].map((category) => ({
    category,
    articles: articles.filter((a) => a.category === category),
  }));
}

/** Comment periods closing within a week of `now` (today and the 6 days after it, APP_TIMEZONE). */
const DEADLINE_DAYS = 7;

/** "Comment deadlines this week": the periods closing in the coming 7 days, soonest first (none: no section). */
async function commentDeadlines(now: Date, timeZone: string) {
  const today = dayInZone(now, timeZone);
  const periods = await openCommentPeriods({ today, until: addDays(today, DEADLINE_DAYS - 1) });
  return Promise.all(
    periods.map(async (period) => ({
      title: period.title,
      url: await siteUrl(articlePath(period)),
      closes: `${formatDate(`${period.commentsCloseOn}T12:00:00Z`, timeZone)} (${daysLeftLabel(daysUntil(today, period.commentsCloseOn))})`,
      dockets: period.docketIds.map((id) => ({ id, url: docketUrl(id) })),
    })),
  );
}

/** The ledger's weekly lines with their addresses on this site. */
async function ledgerLines(now: Date): Promise<LedgerLines> {
  const ledger = await weeklyLedger(now);
  return {
    week: { count: ledger.week.count, url: await siteUrl(ledger.week.feed) },
    fiscalYear: ledger.fiscalYear,
    deregulatory: { count: ledger.deregulatory.count, url: await siteUrl(ledger.deregulatory.feed) },
    regulatory: { count: ledger.regulatory.count, url: await siteUrl(ledger.regulatory.feed) },
    ledgerUrl: await siteUrl(ledger.ledgerPath),
  };
}

/** Renders the issue for the week of `now`, with a placeholder where each recipient's unsubscribe link goes. */
export async function renderNewsletter(now = new Date()): Promise<EmailContent> {
  const timeZone = config().APP_TIMEZONE;
  const { articles, fresh } = await articlesFor(now);
  const dateLabel = formatDate(now.toISOString(), timeZone);
  return newsletterEmail({
    subject: `Federal Deregulation Tracker: weekly briefing, ${dateLabel}`,
    dateLabel,
    heading: fresh ? "This week's most important articles" : "Latest articles (nothing new was published this week)",
    groups: byCategory(articles).map((group) => ({
      label: categoryLabel(group.category),
      articles: group.articles.map((article) => ({
        title: article.title,
        url: article.originalUrl,
        priority: priorityInfo(article.priority).label,
        sourceName: article.sourceName,
        date: formatDate(article.publishDate.toISOString(), timeZone),
        summary: truncateAtWord(article.summary, 300),
      })),
    })),
    deadlines: await commentDeadlines(now, timeZone),
    commentPeriodsUrl: await siteUrl("/comment-periods"),
    insights: ((await latestTrends())?.keyInsights ?? []).slice(0, MAX_INSIGHTS),
    ledger: await ledgerLines(now),
    feedUrl: await siteUrl("/"),
    unsubscribeUrl: UNSUBSCRIBE_MARK,
  });
}

/** The issue's email for one recipient: their own unsubscribe link and the RFC 8058 one-click headers. */
function personalize(content: EmailContent, unsubscribe: string, to: string) {
  return {
    to,
    subject: content.subject,
    text: content.text.replaceAll(UNSUBSCRIBE_MARK, unsubscribe),
    html: content.html.replaceAll(UNSUBSCRIBE_MARK, escapeHtml(unsubscribe)),
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

const NOT_SUBSCRIBED_NOTE =
  "This test copy went to an address that is not subscribed, so it has no unsubscribe link; each subscriber's copy has one of their own.";

/**
 * Sends the current issue to one address (the admin's "Send test newsletter"); nothing is recorded. A subscribed
 * address gets its own working unsubscribe link; any other is told why its copy has none (a link without a
 * subscriber behind it could only lead to an error page).
 */
export async function sendTestNewsletter(toEmail: string): Promise<void> {
  const content = await renderNewsletter();
  const subject = `[Test] ${content.subject}`;
  const subscriber = await subscriberByEmail(normalizeEmail(toEmail));
  if (subscriber) return void (await sendEmail(personalize({ ...content, subject }, await unsubscribeUrl(subscriber), toEmail)));
  await sendEmail({
    to: toEmail,
    subject,
    text: content.text.replaceAll(`Unsubscribe: ${UNSUBSCRIBE_MARK}`, NOT_SUBSCRIBED_NOTE),
    html: content.html.replaceAll(`<a href="${UNSUBSCRIBE_MARK}">Unsubscribe</a>`, escapeHtml(NOT_SUBSCRIBED_NOTE)),
  });
}

/** SMTP says "never" with a 5xx reply; anything else (4xx, a dropped connection, a timeout) may pass later. */
function isPermanent(error: unknown) {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

function errorText(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

type NewsletterRunOptions = {
  now?: Date;
  signal?: AbortSignal;
  retryDelaysMs?: number[];
  log?: (message: string) => void;
  progress?: (progress: Record<string, unknown>) => void | Promise<void>;
};

type NewsletterRunResult = {
  weekOf: string;
  sent: number;
  rejected: number;
  skipped: number;
  /** Rows left in "sending" by an earlier run that stopped mid-call: not resent. */
  uncertain: number;
  alreadySent: number;
  interrupted?: boolean;
};

export class NewsletterDeliveryError extends Error {}

async function issueFor(now: Date) {
  const week = weekOf(now);
  const existing = await issueOfWeek(week);
  if (existing) return existing;
  const content = await renderNewsletter(now);
  await addIssue({ weekOf: week, ...content });
  return (await issueOfWeek(week))!;
}

/**
 * Sends this week's issue to every active subscriber who has not had it. Transient SMTP errors are retried
 * with backoff; if they persist the run stops (the rest stay pending for the next run) and throws.
 * A permanent rejection is recorded and that address skipped.
 */
export async function sendWeeklyNewsletter(options: NewsletterRunOptions = {}): Promise<NewsletterRunResult> {
  const now = options.now ?? new Date();
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log = options.log ?? (() => {});
  const issue = await issueFor(now);
  const result: NewsletterRunResult = { weekOf: issue.weekOf, sent: 0, rejected: 0, skipped: 0, uncertain: 0, alreadySent: 0 };

  await addPendingDeliveries(issue.id);
  const deliveries = await deliveriesOf(issue.id);
  result.alreadySent = deliveries.filter((d) => d.delivery.status === "sent").length;
  result.uncertain = deliveries.filter((d) => d.delivery.status === "sending").length;
  if (result.uncertain) log(`${result.uncertain} delivery(ies) were interrupted mid-send earlier; not resending them`);
  const todo = deliveries.filter((d) => d.delivery.status === "pending" || d.delivery.status === "failed");

  for (const [index, { delivery, subscriber }] of todo.entries()) {
    if (options.signal?.aborted) return { ...result, interrupted: true };
    if (!subscriber.isActive) {
      await setDelivery(issue.id, subscriber.id, { status: "skipped", lastError: "unsubscribed before delivery" });
      result.skipped++;
      continue;
    }
    const email = personalize(issue, await unsubscribeUrl(subscriber), subscriber.email);
    let attempts = delivery.attempts;
    for (let retry = 0; ; retry++) {
      await setDelivery(issue.id, subscriber.id, { status: "sending", attempts: ++attempts });
      try {
        const sent = await sendEmail(email);
        await markDeliverySent(issue.id, subscriber.id, sent.messageId, new Date());
        result.sent++;
        break;
      } catch (error) {
        if (isPermanent(error)) {
          await setDelivery(issue.id, subscriber.id, { status: "rejected", lastError: errorText(error) });
          result.rejected++;
          log(`${subscriber.email} rejected permanently: ${errorText(error)}`);
          break;
        }
        await setDelivery(issue.id, subscriber.id, { status: "failed", lastError: errorText(error) });
        if (retry >= retryDelays.length || options.signal?.aborted) {
          const remaining = todo.length - index;
          throw new NewsletterDeliveryError(
            `Mail server unavailable after ${retry + 1} attempt(s) (${errorText(error)}); ${result.sent} sent this run, ` +
              `${remaining} still to send: run the newsletter job again to continue.`,
          );
        }
        log(`transient error for ${subscriber.email}, retrying in ${retryDelays[retry]} ms: ${errorText(error)}`);
        await sleep(retryDelays[retry], options.signal);
      }
    }
    await options.progress?.({ sent: result.sent, rejected: result.rejected, total: todo.length });
  }

  if (!(await openDeliveryCount(issue.id))) await markIssueCompleted(issue.id, new Date());
  return result;
}
