// The database schema: every entity of the product in one place.
// Times are integers (milliseconds since the epoch, UTC); lists are JSON text.
import { sql } from "drizzle-orm";
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer({ mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

export const sources = sqliteTable(
  "sources",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    url: text().notNull(),
    /** rss | atom | federal-register-api | federal-register-public-inspection | unified-agenda; null until detected from the first response (or picked by an editor). */
    type: text(),
    /** government | news | legal | think-tank */
    category: text().notNull(),
    keywords: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    /** healthy | warning | error; null while never checked. */
    status: text(),
    lastScraped: integer({ mode: "timestamp_ms" }),
    lastSuccessfulScrape: integer({ mode: "timestamp_ms" }),
    lastItemAt: integer({ mode: "timestamp_ms" }),
    consecutiveFailures: integer().notNull().default(0),
    errorMessage: text(),
    nextCheckAt: integer({ mode: "timestamp_ms" }),
    etag: text(),
    lastModified: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("sources_url_unique").on(t.url)],
);

/**
 * Characters on which the full-text tokenizer (unicode61, see migration 0001) and the related-articles word
 * rule (`significantWords` in app/articles/related-score.ts) agree character by character: tab, line breaks,
 * ASCII, Latin letters, general punctuation, currency, letterlike and other common symbols (not the newer
 * ones, which the tokenizer's older Unicode tables take for parts of words). A word of an article written only
 * with these is always found by the full-text index; tests/integration/related.test.ts checks every one.
 */
export const RELATED_TEXT_CONTROLS = [0x09, 0x0a, 0x0d] as const;
export const RELATED_TEXT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x200b, 0x2027],
  [0x2030, 0x205e],
  [0x20a0, 0x20b9],
  [0x2100, 0x214f],
  [0x2190, 0x23f3],
  [0x2500, 0x26ff],
  [0x2701, 0x27bf],
];

/** SQL condition: the article's title or summary has a character outside those. */
export const RELATED_IRREGULAR_TEXT = `title || ' ' || summary GLOB '*[^' || char(${RELATED_TEXT_CONTROLS.join(", ")}) || '${RELATED_TEXT_RANGES.map(
  ([from, to]) => `${String.fromCodePoint(from)}-${String.fromCodePoint(to)}`,
).join("")}]*'`;

export const articles = sqliteTable(
  "articles",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text().notNull(),
    summary: text().notNull().default(""),
    category: text().notNull(),
    priority: text().notNull().default("medium"),
    tags: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    manuallyTagged: integer({ mode: "boolean" }).notNull().default(false),
    sourceId: integer().references(() => sources.id, { onDelete: "set null" }),
    sourceName: text().notNull(),
    originalUrl: text().notNull(),
    canonicalUrl: text().notNull(),
    /** Federal Register document number, when the article is a Federal Register document. */
    documentNumber: text(),
    documentType: text(),
    agencies: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    significant: integer({ mode: "boolean" }).notNull().default(false),
    commentsCloseOn: text(),
    effectiveOn: text(),
    /** Further Federal Register fields the classifier reads (app/articles/classify.ts), kept so a re-run judges alike. */
    registerAction: text(),
    registerDates: text(),
    regulationIdNumbers: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    topics: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** e.g. "40 CFR 52" */
    cfrReferences: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Regulations.gov dockets of a Federal Register document, e.g. "EPA-HQ-OAR-2021-0317". */
    docketIds: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    pageLength: integer(),
    /**
     * Why the article has its category and priority: the classifier's short text, or "set by an editor".
     * Null on rows stored before reasons existed, until the recategorize and fix-priorities jobs run.
     */
    categoryReason: text(),
    priorityReason: text(),
    publishDate: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    views: integer().notNull().default(0),
    aiSummary: text(),
    aiSummaryProvider: text(),
    aiSummaryModel: text(),
    aiSummaryAt: integer({ mode: "timestamp_ms" }),
    /** Rows loaded by `npm run demo`, removable with `npm run demo:remove`. */
    isDemo: integer({ mode: "boolean" }).notNull().default(false),
    /**
     * A Federal Register document seen only on the public inspection desk so far: the day (YYYY-MM-DD) it is to be
     * published. Null once its published version has been read (the same row, docs/decisions/032), and for every
     * other article.
     */
    publicInspectionPublishesOn: text(),
    /** The Federal Register API's `full_text_xml_url` of a document: where its full text is read (app/rule-text/). */
    fullTextXmlUrl: text(),
    /** Filed on the desk as a special filing (outside the regular schedule, usually urgent). */
    specialFiling: integer({ mode: "boolean" }).notNull().default(false),
    /**
     * Restriction words the compared CFR redlines of a final rule remove and add, summed over its parts (0 without
     * any): kept by triggers on cfr_redlines (migration 0021), so the feed filters and sorts by them through an index.
     */
    restrictionsRemoved: integer().notNull().default(0),
    restrictionsAdded: integer().notNull().default(0),
    /**
     * The comments regulations.gov counts for a Federal Register document, as the Federal Register API's
     * `regulations_dot_gov_info.comments_count` gave it at the latest read, with the docket it counts them in and when it
     * was read; null when the API gives no count. Every read is kept, bounded, in article_comment_counts.
     */
    commentsCount: integer(),
    commentsDocketId: text(),
    commentsReadAt: integer({ mode: "timestamp_ms" }),
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
    // The newest stored AI summary, read by every request of the shared feed page (app/articles/shared-feed.server.ts).
    index("articles_ai_summary_at_idx").on(t.aiSummaryAt),
    // Open comment periods, soonest deadline first (app/articles/comment-periods.server.ts): only the few
    // documents with a deadline are indexed.
    index("articles_comments_close_idx")
      .on(t.commentsCloseOn, t.id)
      .where(sql`${t.commentsCloseOn} IS NOT NULL`),
    // Related articles (app/articles/related-search.server.ts): the articles of one source, and the newest of each
    // (source, category, priority) class; and the few articles whose text the full-text index may split
    // differently from the related-articles word rule.
    index("articles_related_class_idx").on(t.sourceName, t.category, t.priority, t.publishDate, t.id),
    // The feed's document-type filter (Rule, Proposed Rule, Notice, Presidential Document), newest first.
    index("articles_document_type_date_idx").on(t.documentType, t.publishDate, t.id),
    index("articles_related_irregular_idx").on(t.id).where(sql.raw(RELATED_IRREGULAR_TEXT)),
    // The feed's sort by restrictions removed (most first, then newest), and its filter of the few rules whose redlines
    // remove more than they add, newest first.
    index("articles_restrictions_removed_idx").on(t.restrictionsRemoved, t.publishDate, t.id),
    index("articles_removes_restrictions_idx")
      .on(t.publishDate, t.id)
      .where(sql`${t.restrictionsRemoved} > ${t.restrictionsAdded}`),
    // The feed's "most commented" sort (most first, documents without a count last, then newest): the expression the
    // sort orders by (app/feed/store/search.server.ts), so the list reads this index in its order.
    index("articles_comments_count_idx").on(sql`coalesce(${t.commentsCount}, -1)`, t.publishDate, t.id),
    // The ledger's official counts (app/ledger/ledger.server.ts) and the feed's designation filter, by date.
    index("articles_designation_date_idx").on(t.designation, t.publishDate, t.id),
  ],
);

/**
 * The history of a document's comment count (articles.comments_count): a row when a read finds the count changed,
 * or a day after the last row when it did not. Reads come with every scrape and backfill page, many a day for the
 * same documents; a row per read would grow without bound while saying nothing new, and a row a day is enough to
 * tell how the count grew over a week (docs/decisions/048-comment-counts-kept-with-history.md).
 */
export const articleCommentCounts = sqliteTable(
  "article_comment_counts",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    readAt: integer({ mode: "timestamp_ms" }).notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.readAt] })],
);

export const articleTags = sqliteTable(
  "article_tags",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tag: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.tag] }), index("article_tags_tag_idx").on(t.tag, t.articleId)],
);

/**
 * Each article's agencies, one row each, written with `articles.agencies` by the store (app/articles/index-rows.ts,
 * docs/decisions/045): the feed's agency filter and the agency picker's counts read this index instead of every
 * article's JSON.
 */
export const articleAgencies = sqliteTable(
  "article_agencies",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    agency: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.agency] }), index("article_agencies_agency_idx").on(t.agency, t.articleId)],
);

/**
 * The rulemakings of Federal Register documents, one row per key: each RIN the document lists (upper-case), or,
 * when it lists none, each docket id an address can name (upper-case). Written with the document's fields by the
 * store (app/articles/index-rows.ts, docs/decisions/045); the rulemaking page and the cards' "Part of a rulemaking"
 * line read this index (app/rulemakings).
 */
export const articleRulemakings = sqliteTable(
  "article_rulemakings",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    key: text().notNull(),
    // The article's date and category, copied with the keys: the grouped view and the cards' counts read this
    // table alone, never the wide article rows (docs/decisions/031).
    publishDate: integer({ mode: "timestamp_ms" }).notNull(),
    category: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.key] }),
    index("article_rulemakings_key_date_idx").on(t.key, t.publishDate, t.articleId),
    index("article_rulemakings_category_idx").on(t.category, t.key),
  ],
);

/**
 * The identifiers a saved view may follow, one row each, written with the Federal Register fields of articles by the
 * store (app/articles/index-rows.ts, docs/decisions/045): `rin` each RIN the document lists, `docket` each docket id
 * (both upper-case), `cfr` each CFR title and part it cites ("40-63"), `cfr-title` each title ("40"). Unlike
 * article_rulemakings (one key per document) every one is here: the feed's rin, docket and cfr filters and their
 * counts read this index.
 */
export const articleIdentifiers = sqliteTable(
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
 * How many articles name each agency and cite each identifier, kept by triggers on the two tables above (db/migrations/0026_facet_counts.sql):
 * the pickers and the counts of every article read them instead of counting every article (docs/decisions/053).
 */
export const agencyCounts = sqliteTable("agency_counts", { agency: text().primaryKey(), count: integer().notNull() });

export const identifierCounts = sqliteTable(
  "identifier_counts",
  { kind: text().notNull(), value: text().notNull(), count: integer().notNull() },
  // Each kind's most cited first, ties by the value: the top of a kind is read without sorting the rest.
  (t) => [primaryKey({ columns: [t.kind, t.value] }), index("identifier_counts_rank_idx").on(t.kind, sql`${t.count} desc`, t.value)],
);

/**
 * Each article's related articles, computed when articles are written (app/articles/related-store.server.ts).
 * A row here says the article's list below is stored and exact; triggers of migration 0006 drop every list an
 * edit or a deletion may change, and note new and changed articles in related_pending until the job runner has
 * offered them to the stored lists of others.
 */
export const relatedLists = sqliteTable("related_lists", {
  articleId: integer()
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
});

export const relatedListEntries = sqliteTable(
  "related_list_entries",
  {
    articleId: integer()
      .notNull()
      .references(() => relatedLists.articleId, { onDelete: "cascade" }),
    /** 1 for the best. */
    rank: integer().notNull(),
    /** No foreign key: deleting the related article drops the whole list (a trigger), not only this entry. */
    relatedId: integer().notNull(),
    score: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.rank] }), index("related_list_entries_related_idx").on(t.relatedId, t.articleId)],
);

/** New and changed articles not yet offered to the other articles' stored related lists. */
export const relatedPending = sqliteTable("related_pending", {
  articleId: integer()
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
});

/** URLs and document numbers of deleted articles, so a later scrape does not bring them back. */
export const deletedArticles = sqliteTable("deleted_articles", {
  key: text().primaryKey(),
  deletedAt: createdAt(),
});

export const bookmarks = sqliteTable(
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

export const articleViews = sqliteTable(
  "article_views",
  {
    visitorId: text().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** Calendar day (YYYY-MM-DD, configured time zone): one visitor counts once per article per day. */
    day: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.visitorId, t.day] })],
);

export const users = sqliteTable(
  "users",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** viewer | editor | admin */
    role: text().notNull(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /** Set when an admin disables the account: it cannot log in, and its sessions and tokens stop working. */
    disabledAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const invitations = sqliteTable(
  "invitations",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    role: text().notNull(),
    invitedBy: integer().references(() => users.id, { onDelete: "set null" }),
    tokenHash: text().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    acceptedAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("invitations_token_hash_unique").on(t.tokenHash)],
);

export const passwordResets = sqliteTable(
  "password_resets",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    usedAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_unique").on(t.tokenHash)],
);

export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer({ mode: "timestamp_ms" }),
    revokedAt: integer({ mode: "timestamp_ms" }),
    /** Optional: a token with an expiry stops working after it. */
    expiresAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("api_tokens_token_hash_unique").on(t.tokenHash)],
);

export const subscribers = sqliteTable(
  "subscribers",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    source: text().notNull().default("homepage"),
    createdAt: createdAt(),
    lastEmailSent: integer({ mode: "timestamp_ms" }),
    unsubscribedAt: integer({ mode: "timestamp_ms" }),
    /** Double opt-in: null until the address follows its confirmation link (pending, sent no newsletter). */
    confirmedAt: integer({ mode: "timestamp_ms" }),
    /** Hash of the outstanding confirmation token, and when it was sent (links expire). */
    confirmationTokenHash: text(),
    confirmationSentAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("subscribers_email_unique").on(t.email)],
);

export const feedback = sqliteTable(
  "feedback",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** bug | suggestion | source | general */
    type: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    email: text(),
    /** open | reviewed | resolved */
    status: text().notNull().default("open"),
    priority: text().notNull().default("medium"),
    createdAt: createdAt(),
    resolvedAt: integer({ mode: "timestamp_ms" }),
    archivedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [index("feedback_status_idx").on(t.status, t.createdAt)],
);

export const jobs = sqliteTable(
  "jobs",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** scrape | backfill | recategorize | fix-priorities | trends | newsletter | maintenance */
    kind: text().notNull(),
    /** queued | running | succeeded | partly-failed | failed (app/jobs/outcome.ts) */
    status: text().notNull().default("queued"),
    params: text({ mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    progress: text({ mode: "json" }).$type<Record<string, unknown>>(),
    result: text({ mode: "json" }).$type<Record<string, unknown>>(),
    error: text(),
    /** Who asked: "schedule", "cli", or a user's email. */
    requestedBy: text(),
    attempts: integer().notNull().default(0),
    runnerId: text(),
    createdAt: createdAt(),
    startedAt: integer({ mode: "timestamp_ms" }),
    heartbeatAt: integer({ mode: "timestamp_ms" }),
    finishedAt: integer({ mode: "timestamp_ms" }),
    /**
     * The schedule period a job serves, as `scrape@2026-11-27T06:00Z`: unique, so runners whose clocks and cron ticks
     * differ queue one job per period between them (app/jobs/store.server.ts enqueueScheduledJob). Null otherwise.
     */
    scheduleKey: text(),
  },
  (t) => [
    index("jobs_status_kind_idx").on(t.status, t.kind),
    index("jobs_kind_created_idx").on(t.kind, t.createdAt),
    uniqueIndex("jobs_schedule_key_unique").on(t.scheduleKey),
  ],
);

/** Small named values shared by the processes, such as the job runner's heartbeat. */
export const appState = sqliteTable("app_state", {
  key: text().primaryKey(),
  value: text({ mode: "json" }).$type<unknown>().notNull(),
  updatedAt: createdAt(),
});

export const trends = sqliteTable(
  "trends",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** Day of the analysis (YYYY-MM-DD, configured time zone); one row per day. */
    date: text().notNull(),
    trendsAnalysis: text().notNull(),
    keyInsights: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    significantChanges: text().notNull().default(""),
    emergingPatterns: text().notNull().default(""),
    categoriesAnalyzed: text({ mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    articleCount: integer().notNull().default(0),
    /** The numbers the narrative was written from. */
    stats: text({ mode: "json" }).$type<Record<string, unknown>>(),
    provider: text().notNull().default("local"),
    model: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("trends_date_unique").on(t.date)],
);

export const newsletterIssues = sqliteTable(
  "newsletter_issues",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The Monday (YYYY-MM-DD) the issue belongs to: one issue per week. */
    weekOf: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
    completedAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("newsletter_issues_week_unique").on(t.weekOf)],
);

export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    issueId: integer()
      .notNull()
      .references(() => newsletterIssues.id, { onDelete: "cascade" }),
    subscriberId: integer()
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** pending | sending | sent | failed | rejected */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    messageId: text(),
    updatedAt: createdAt(),
    sentAt: integer({ mode: "timestamp_ms" }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.subscriberId] })],
);

/**
 * Saved-search alerts (app/alerts/): an address following one view of the feed (its tidy query string),
 * confirmed by a link (double opt-in), sent daily at an hour or weekly on Mondays.
 */
export const alerts = sqliteTable(
  "alerts",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    /** The view's query string as `feedHref` writes it ("category=regulatory-rollbacks&q=methane"), "" for all news. */
    view: text().notNull(),
    /** daily | weekly */
    frequency: text().notNull(),
    /** The hour of the day (0-23, APP_TIMEZONE) it is sent at. */
    hour: integer().notNull(),
    confirmationTokenHash: text(),
    confirmationSentAt: integer({ mode: "timestamp_ms" }),
    confirmedAt: integer({ mode: "timestamp_ms" }),
    unsubscribedAt: integer({ mode: "timestamp_ms" }),
    /** The highest article id already offered to this alert: only newer articles are sent, never one twice. */
    cursorArticleId: integer().notNull().default(0),
    /** email | webhook (docs/decisions/033): where its articles go. */
    delivery: text().notNull().default("email"),
    /** The https address a webhook alert posts to. */
    webhookUrl: text(),
    /** json | slack: the body a webhook alert posts. */
    webhookFormat: text(),
    /** The key each webhook body is signed with (HMAC-SHA256); shown to the follower once, kept to sign. */
    webhookSecret: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("alerts_email_view_idx").on(t.email, t.view), index("alerts_confirmation_idx").on(t.confirmationTokenHash)],
);

/** One row per alert and period (a day or an ISO week): claimed before the email is sent, so a period is sent at most once. */
export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    period: text().notNull(),
    /** sending | sent | empty | failed */
    status: text().notNull(),
    articleCount: integer().notNull().default(0),
    lastError: text(),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.period] }), index("alert_deliveries_status_idx").on(t.status, t.updatedAt)],
);

/**
 * One row per webhook alert and article (docs/decisions/033): queued as the alert's cursor moves past the article,
 * posted until the receiver answers 2xx (then `delivered`) or 24 hours have passed (then `failed`). A runner that
 * dies mid-post leaves the row `pending`, to be posted again later under the same idempotency key.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    alertId: integer()
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** Sent as the Idempotency-Key header and in the body: the same for every attempt of this row. */
    idempotencyKey: text().notNull(),
    /** pending | delivered | failed */
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    /** When the next attempt may start; while an attempt runs, when it counts as abandoned. */
    nextAttemptAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** The HTTP status of the last answer, null when there was none. */
    lastStatus: integer(),
    lastError: text(),
    deliveredAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_alert_article_idx").on(t.alertId, t.articleId),
    uniqueIndex("webhook_deliveries_key_idx").on(t.idempotencyKey),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Every confirmation email sent to an address that has not confirmed anything yet (alerts, the newsletter, the
 * already-subscribed notice), whoever asked for it: the log the per-recipient cap counts
 * (app/email/confirmation-cap.server.ts). Rows older than a day are purged by the maintenance job.
 */
export const confirmationEmails = sqliteTable(
  "confirmation_emails",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    /** The normalised address (app/email/address.ts). */
    recipient: text().notNull(),
    /** alert | newsletter | already-subscribed */
    kind: text().notNull(),
    sentAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("confirmation_emails_recipient_idx").on(t.recipient, t.sentAt)],
);

/**
 * The Unified Agenda (reginfo.gov): per rulemaking (RIN), OIRA's EO 14192 designation, stage, priority and timetable
 * as the latest edition read gives them (app/agenda/store.server.ts). Federal Register documents are joined to it
 * by their RINs; entries are not articles and never appear in the feed.
 */
export const agendaEntries = sqliteTable(
  "agenda_entries",
  {
    /** e.g. "2060-AV00", upper-case. */
    rin: text().primaryKey(),
    /** The edition (YYYYMM, e.g. "202504" for Spring 2025): a newer one replaces the entry, an older one never does. */
    publicationId: text().notNull(),
    /** EO 14192 designation (the XML's EO_13771_DESIGNATION): Deregulatory, Regulatory, Not significant, ... */
    designation: text(),
    /** e.g. "Proposed Rule Stage", "Final Rule Stage", "Long-Term Actions", "Completed Actions". */
    stage: text(),
    /** e.g. "Economically Significant", "Other Significant", "Substantive, Nonsignificant". */
    priority: text(),
    /** MAJOR: Yes / No, null when not given. */
    major: integer({ mode: "boolean" }),
    timetable: text({ mode: "json" })
      .$type<{ action: string; date: string | null; frCitation?: string | null }[]>()
      .notNull()
      .default(sql`'[]'`),
    title: text().notNull(),
    agency: text(),
    parentAgency: text(),
    /**
     * The day (YYYY-MM-DD) the timetable's next planned action is due, written with the entry by
     * app/agenda/next-action.ts; null when none is planned with a date. The overdue count reads it by edition.
     */
    nextActionDate: text(),
    /** When the entry was last written: the shared pages' revision reads the newest (app/articles/shared-feed.server.ts). */
    updatedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("agenda_entries_updated_at_idx").on(t.updatedAt), index("agenda_entries_next_action_idx").on(t.publicationId, t.nextActionDate)],
);

export const rateLimits = sqliteTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: integer({ mode: "timestamp_ms" }).notNull(),
  count: integer().notNull().default(0),
});

/**
 * What a rule or proposed rule says about itself, read from its full-text XML by the job runner (app/rule-text/):
 * its E.O. 14192/13771, E.O. 12866 and Congressional Review Act statements with their sentences, the CFR parts it
 * amends. One row per document of those types; `status` says whether it was read, failed (retried at
 * `nextAttemptAt`) or has no full text.
 */
export const ruleTexts = sqliteTable(
  "rule_texts",
  {
    articleId: integer()
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** pending | read | failed */
    status: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: "timestamp_ms" }),
    readAt: integer({ mode: "timestamp_ms" }),
    error: text(),
    /** The statements (app/rule-text/statements.ts, ruleStatement), each with its sentence. */
    statements: text({ mode: "json" })
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The CFR parts its regulatory text amends, [{ title, part }]. */
    amends: text({ mode: "json" })
      .$type<{ title: number; part: number }[]>()
      .notNull()
      .default(sql`'[]'`),
    warnings: text({ mode: "json" })
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'`),
    /** deregulatory | regulatory | not-subject: the designation the document gives itself, null when none. */
    designation: text(),
    designationSentence: text(),
  },
  (t) => [primaryKey({ columns: [t.articleId] }), index("rule_texts_status_idx").on(t.status, t.nextAttemptAt)],
);

/**
 * The redline of one CFR part a final rule amends (app/rule-text/redline.ts): the part as eCFR shows it the day before
 * the rule took effect and on that day, compared by section and paragraph, with the restriction words removed and
 * added. `status`: pending (eCFR has not published the new text yet, or a failure to retry at `nextAttemptAt`),
 * compared, or unchanged (eCFR shows no change on the effective date).
 */
export const cfrRedlines = sqliteTable(
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
    /** The redline as gzip-compressed JSON (app/rule-text/redline.ts, redlineSchema). */
    redline: blob({ mode: "buffer" }),
    restrictionsRemoved: integer(),
    restrictionsAdded: integer(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer({ mode: "timestamp_ms" }),
    checkedAt: integer({ mode: "timestamp_ms" }),
    error: text(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.title, t.part] }), index("cfr_redlines_status_idx").on(t.status, t.nextAttemptAt)],
);

/** A CFR part's text on one eCFR version date, fetched once and kept, gzip-compressed (parts can be tens of MB). */
export const cfrPartVersions = sqliteTable(
  "cfr_part_versions",
  {
    title: integer().notNull(),
    part: integer().notNull(),
    date: text().notNull(),
    xml: blob({ mode: "buffer" }).notNull(),
    bytes: integer().notNull(),
    fetchedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.title, t.part, t.date] })],
);
