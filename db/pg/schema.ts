// The database schema on PostgreSQL: the same tables, columns, keys, indexes and defaults as db/schema.ts (SQLite),
// with the same row types (tests/unit/schema-parity.test.ts). See db/schema.ts for what each column means.
//
// Times are bigint milliseconds since the epoch (UTC), read as `Date`, exactly as SQLite stores them, so raw SQL
// that binds `now.getTime()` or reads `max(updated_at)` as a number runs unchanged on both engines; lists and
// objects are jsonb; flags are boolean (docs/decisions/029-postgresql-schema.md). The full-text column, the article
// revision counter and the triggers are in the hand-written migration (db/pg/migrations/0001_search_and_triggers.sql).
import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { RELATED_TEXT_CONTROLS, RELATED_TEXT_RANGES } from "../schema";

/** A time as bigint milliseconds since the epoch; `Date` in and out, like SQLite's `integer({ mode: "timestamp_ms" })`. */
const timestampMs = customType<{ data: Date; driverData: number | string }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

/** Now, in milliseconds: the statement's time, as SQLite's `unixepoch('subsec') * 1000` is. */
const createdAt = () =>
  timestampMs()
    .notNull()
    .default(sql`(floor(extract(epoch from statement_timestamp()) * 1000)::bigint)`);

const jsonList = <T>() =>
  jsonb()
    .$type<T>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** `\uXXXX` for the regular expression: ASCII-only SQL, whatever the character. */
const regexChar = (code: number) => `\\u${code.toString(16).padStart(4, "0")}`;

/**
 * SQL condition: the article's title or summary has a character outside the ranges on which the full-text index and
 * the related-articles word rule agree (db/schema.ts, RELATED_TEXT_RANGES), as SQLite's RELATED_IRREGULAR_TEXT GLOB.
 */
export const RELATED_IRREGULAR_TEXT = `(title || ' ' || summary) ~ '[^${[
  ...RELATED_TEXT_CONTROLS.map(regexChar),
  ...RELATED_TEXT_RANGES.map(([from, to]) => `${regexChar(from)}-${regexChar(to)}`),
].join("")}]'`;

export const sources = pgTable(
  "sources",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    url: text().notNull(),
    type: text(),
    category: text().notNull(),
    keywords: jsonList<string[]>(),
    isActive: boolean().notNull().default(true),
    status: text(),
    lastScraped: timestampMs(),
    lastSuccessfulScrape: timestampMs(),
    lastItemAt: timestampMs(),
    consecutiveFailures: integer().notNull().default(0),
    errorMessage: text(),
    nextCheckAt: timestampMs(),
    etag: text(),
    lastModified: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sources_url_unique").on(t.url)],
);

export const articles = pgTable(
  "articles",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: text().notNull(),
    summary: text().notNull().default(""),
    category: text().notNull(),
    priority: text().notNull().default("medium"),
    tags: jsonList<string[]>(),
    manuallyTagged: boolean().notNull().default(false),
    sourceId: integer().references(() => sources.id, { onDelete: "set null" }),
    sourceName: text().notNull(),
    originalUrl: text().notNull(),
    canonicalUrl: text().notNull(),
    documentNumber: text(),
    documentType: text(),
    agencies: jsonList<string[]>(),
    significant: boolean().notNull().default(false),
    commentsCloseOn: text(),
    effectiveOn: text(),
    registerAction: text(),
    registerDates: text(),
    regulationIdNumbers: jsonList<string[]>(),
    topics: jsonList<string[]>(),
    cfrReferences: jsonList<string[]>(),
    docketIds: jsonList<string[]>(),
    pageLength: integer(),
    categoryReason: text(),
    priorityReason: text(),
    publishDate: timestampMs().notNull(),
    createdAt: createdAt(),
    views: integer().notNull().default(0),
    aiSummary: text(),
    aiSummaryProvider: text(),
    aiSummaryModel: text(),
    aiSummaryAt: timestampMs(),
    isDemo: boolean().notNull().default(false),
    publicInspectionPublishesOn: text(),
    fullTextXmlUrl: text(),
    specialFiling: boolean().notNull().default(false),
    restrictionsRemoved: integer().notNull().default(0),
    restrictionsAdded: integer().notNull().default(0),
    commentsCount: integer(),
    commentsDocketId: text(),
    commentsReadAt: timestampMs(),
    /**
     * The official E.O. 14192 designation (deregulatory | regulatory | not-subject), null when neither the document
     * nor the Unified Agenda gives one, and where it came from (statement | agenda): written by
     * app/designations/store.server.ts from app/designations/designation.ts whenever a full text is read, an
     * agenda edition loaded or an article stored. Never the product's judgement (docs/decisions/050).
     */
    designation: text(),
    designationBasis: text(),
  },
  (t) => [
    uniqueIndex("articles_canonical_url_unique").on(t.canonicalUrl),
    uniqueIndex("articles_document_number_unique").on(t.documentNumber),
    index("articles_publish_date_idx").on(t.publishDate, t.id),
    index("articles_category_date_idx").on(t.category, t.publishDate, t.id),
    index("articles_priority_date_idx").on(t.priority, t.publishDate, t.id),
    // A category and a priority together: the view, its total and its identifier counts read only its own articles,
    // not every article of the priority (docs/benchmarks.md, "A category and a priority").
    index("articles_category_priority_date_idx").on(t.category, t.priority, t.publishDate, t.id),
    index("articles_source_idx").on(t.sourceId),
    index("articles_ai_summary_at_idx").on(t.aiSummaryAt),
    index("articles_comments_close_idx")
      .on(t.commentsCloseOn, t.id)
      .where(sql`${t.commentsCloseOn} IS NOT NULL`),
    index("articles_related_class_idx").on(t.sourceName, t.category, t.priority, t.publishDate, t.id),
    index("articles_document_type_date_idx").on(t.documentType, t.publishDate, t.id),
    index("articles_related_irregular_idx").on(t.id).where(sql.raw(RELATED_IRREGULAR_TEXT)),
    index("articles_restrictions_removed_idx").on(t.restrictionsRemoved, t.publishDate, t.id),
    index("articles_removes_restrictions_idx")
      .on(t.publishDate, t.id)
      .where(sql`${t.restrictionsRemoved} > ${t.restrictionsAdded}`),
    index("articles_comments_count_idx").on(sql`coalesce(${t.commentsCount}, -1)`, t.publishDate, t.id),
    // The ledger's official counts (app/ledger/ledger.server.ts) and the feed's designation filter, by date.
    index("articles_designation_date_idx").on(t.designation, t.publishDate, t.id),
  ],
);

export const articleCommentCounts = pgTable(
  "article_comment_counts",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    readAt: timestampMs().notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.readAt] })],
);

export const articleTags = pgTable(
  "article_tags",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tag: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tag] }), index("article_tags_tag_idx").on(t.tag, t.articleId)],
);

/** Written with `articles.agencies` by the store (app/articles/index-rows.ts, docs/decisions/045). */
export const articleAgencies = pgTable(
  "article_agencies",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    agency: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.agency] }), index("article_agencies_agency_idx").on(t.agency, t.articleId)],
);

/** Written with the Federal Register fields of articles by the store (app/articles/index-rows.ts, docs/decisions/045). */
export const articleRulemakings = pgTable(
  "article_rulemakings",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    key: text().notNull(),
    // The article's date and category, copied with the keys: the grouped view and the cards' counts read this
    // table alone, never the wide article rows (docs/decisions/031).
    publishDate: timestampMs().notNull(),
    category: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.key] }),
    index("article_rulemakings_key_date_idx").on(t.key, t.publishDate, t.articleId),
    index("article_rulemakings_category_idx").on(t.category, t.key),
  ],
);

/** Written with the Federal Register fields of articles by the store (app/articles/index-rows.ts, docs/decisions/045). */
export const articleIdentifiers = pgTable(
  "article_identifiers",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    value: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.kind, t.value] }), index("article_identifiers_kind_value_idx").on(t.kind, t.value, t.articleId)],
);

/**
 * How many articles name each agency and cite each identifier, kept by triggers on the two tables above (db/pg/migrations/0016_facet_counts.sql):
 * the pickers and the counts of every article read them instead of counting every article (docs/decisions/053).
 */
export const agencyCounts = pgTable("agency_counts", { agency: text().primaryKey(), count: integer().notNull() });

export const identifierCounts = pgTable(
  "identifier_counts",
  { kind: text().notNull(), value: text().notNull(), count: integer().notNull() },
  // Each kind's most cited first, ties by the value: the top of a kind is read without sorting the rest.
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index("identifier_counts_rank_idx").on(t.kind, t.count.desc(), t.value)],
);

/** Lists dropped and articles noted as pending by triggers (db/pg/migrations/0001_search_and_triggers.sql). */
export const relatedLists = pgTable("related_lists", {
  // An identity, as SQLite's INTEGER PRIMARY KEY is the rowid: an insert may leave the key out (never done) and
  // the row types stay equal.
  articleId: integer()
    .primaryKey()
    .generatedByDefaultAsIdentity()
    .references(() => articles.id, { onDelete: "cascade" }),
});

export const relatedListEntries = pgTable(
  "related_list_entries",
  {
    articleId: integer()
      .notNull()
      .references(() => relatedLists.articleId, { onDelete: "cascade" }),
    rank: integer().notNull(),
    /** No foreign key: deleting the related article drops the whole list (a trigger), not only this entry. */
    relatedId: integer().notNull(),
    score: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.rank] }), index("related_list_entries_related_idx").on(t.relatedId, t.articleId)],
);

export const relatedPending = pgTable("related_pending", {
  // An identity for the same reason as related_lists.article_id.
  articleId: integer()
    .primaryKey()
    .generatedByDefaultAsIdentity()
    .references(() => articles.id, { onDelete: "cascade" }),
});

export const deletedArticles = pgTable("deleted_articles", {
  key: text().primaryKey(),
  deletedAt: createdAt(),
});

export const bookmarks = pgTable(
  "bookmarks",
  {
    visitorId: text().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.articleId] }), index("bookmarks_article_idx").on(t.articleId)],
);

export const articleViews = pgTable(
  "article_views",
  {
    visitorId: text().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    day: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.visitorId, t.day] })],
);

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    disabledAt: timestampMs(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestampMs().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const invitations = pgTable(
  "invitations",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    role: text().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    tokenHash: text().notNull(),
    expiresAt: timestampMs().notNull(),
    acceptedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_token_hash_unique").on(t.tokenHash)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestampMs().notNull(),
    usedAt: timestampMs(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_unique").on(t.tokenHash)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampMs(),
    revokedAt: timestampMs(),
    expiresAt: timestampMs(),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash)],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    isActive: boolean().notNull().default(true),
    source: text().notNull().default("homepage"),
    createdAt: createdAt(),
    lastEmailSent: timestampMs(),
    unsubscribedAt: timestampMs(),
    confirmedAt: timestampMs(),
    confirmationTokenHash: text(),
    confirmationSentAt: timestampMs(),
  },
  (t) => [uniqueIndex("subscribers_email_unique").on(t.email)],
);

export const feedback = pgTable(
  "feedback",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    type: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    email: text(),
    status: text().notNull().default("open"),
    priority: text().notNull().default("medium"),
    createdAt: createdAt(),
    resolvedAt: timestampMs(),
    archivedAt: timestampMs(),
  },
  (t) => [index("feedback_status_idx").on(t.status, t.createdAt)],
);

export const jobs = pgTable(
  "jobs",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    status: text().notNull().default("queued"),
    params: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    progress: jsonb().$type<Record<string, unknown>>(),
    result: jsonb().$type<Record<string, unknown>>(),
    error: text(),
    requestedBy: text(),
    attempts: integer().notNull().default(0),
    runnerId: text(),
    createdAt: createdAt(),
    startedAt: timestampMs(),
    heartbeatAt: timestampMs(),
    finishedAt: timestampMs(),
    scheduleKey: text(),
  },
  (t) => [
    index("jobs_status_kind_idx").on(t.status, t.kind),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt),
    uniqueIndex("jobs_schedule_key_unique").on(t.scheduleKey),
  ],
);

export const appState = pgTable("app_state", {
  key: text().primaryKey(),
  value: jsonb().$type<unknown>().notNull(),
  updatedAt: createdAt(),
});

export const trends = pgTable(
  "trends",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    date: text().notNull(),
    trendsAnalysis: text().notNull(),
    keyInsights: jsonList<string[]>(),
    significantChanges: text().notNull().default(""),
    emergingPatterns: text().notNull().default(""),
    categoriesAnalyzed: jsonList<string[]>(),
    articleCount: integer().notNull().default(0),
    stats: jsonb().$type<Record<string, unknown>>(),
    provider: text().notNull().default("local"),
    model: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("trends_date_unique").on(t.date)],
);

export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    weekOf: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
    completedAt: timestampMs(),
  },
  (t) => [uniqueIndex("newsletter_issues_week_unique").on(t.weekOf)],
);

export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    issueId: integer()
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer()
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    messageId: text(),
    updatedAt: createdAt(),
    sentAt: timestampMs(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriberId] })],
);

export const alerts = pgTable(
  "alerts",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    view: text().notNull(),
    frequency: text().notNull(),
    hour: integer().notNull(),
    confirmationTokenHash: text(),
    confirmationSentAt: timestampMs(),
    confirmedAt: timestampMs(),
    unsubscribedAt: timestampMs(),
    cursorArticleId: integer().notNull().default(0),
    delivery: text().notNull().default("email"),
    webhookUrl: text(),
    webhookFormat: text(),
    webhookSecret: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("alerts_email_view_idx").on(t.email, t.view), index("alerts_confirmation_idx").on(t.confirmationTokenHash)],
);

export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    period: text().notNull(),
    status: text().notNull(),
    articleCount: integer().notNull().default(0),
    lastError: text(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.period] }), index("alert_deliveries_status_idx").on(t.status, t.updatedAt)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    idempotencyKey: text().notNull(),
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampMs().notNull(),
    lastStatus: integer(),
    lastError: text(),
    deliveredAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_alert_article_idx").on(t.alertId, t.articleId),
    uniqueIndex("webhook_deliveries_key_idx").on(t.idempotencyKey),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

export const confirmationEmails = pgTable(
  "confirmation_emails",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    recipient: text().notNull(),
    kind: text().notNull(),
    sentAt: timestampMs().notNull(),
  },
  (t) => [index("confirmation_emails_recipient_idx").on(t.recipient, t.sentAt)],
);

export const agendaEntries = pgTable(
  "agenda_entries",
  {
    rin: text().primaryKey(),
    publicationId: text().notNull(),
    designation: text(),
    stage: text(),
    priority: text(),
    major: boolean(),
    timetable: jsonList<{ action: string; date: string | null; frCitation?: string | null }[]>(),
    title: text().notNull(),
    agency: text(),
    parentAgency: text(),
    nextActionDate: text(),
    updatedAt: timestampMs().notNull(),
  },
  (t) => [index("agenda_entries_updated_at_idx").on(t.updatedAt), index("agenda_entries_next_action_idx").on(t.publicationId, t.nextActionDate)],
);

export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestampMs().notNull(),
  count: integer().notNull().default(0),
});

const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const ruleTexts = pgTable(
  "rule_texts",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampMs(),
    readAt: timestampMs(),
    error: text(),
    statements: jsonList<unknown[]>(),
    amends: jsonList<{ title: number; part: number }[]>(),
    warnings: jsonList<unknown[]>(),
    designation: text(),
    designationSentence: text(),
  },
  (t) => [primaryKey({ columns: [t.articleId] }), index("rule_texts_status_idx").on(t.status, t.nextAttemptAt)],
);

export const cfrRedlines = pgTable(
  "cfr_redlines",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    title: integer().notNull(),
    part: integer().notNull(),
    status: text().notNull(),
    effectiveOn: text().notNull(),
    beforeDate: text(),
    afterDate: text(),
    redline: bytes(),
    restrictionsRemoved: integer(),
    restrictionsAdded: integer(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampMs(),
    checkedAt: timestampMs(),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.title, t.part] }), index("cfr_redlines_status_idx").on(t.status, t.nextAttemptAt)],
);

export const cfrPartVersions = pgTable(
  "cfr_part_versions",
  {
    title: integer().notNull(),
    part: integer().notNull(),
    date: text().notNull(),
    xml: bytes().notNull(),
    bytes: integer().notNull(),
    fetchedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.title, t.part, t.date] })],
);
