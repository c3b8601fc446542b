// The article as the API answers it (/api/articles, /api/articles/{id}, the webhooks) and the screens read it,
// declared once: `ArticleJson`, the OpenAPI `Article` (app/api/answer-schemas.server.ts) and the CSV export's
// columns (export.server.ts) come from it.
import { z } from "zod";
import { officialDesignationAnswer } from "../agenda/answer.server";
import { DESIGNATIONS, EXECUTIVE_ORDERS, ruleStatement } from "../rule-text/statements";
import { CATEGORY_VALUES, PRIORITY_VALUES } from "./vocabulary";

/** What a card or an article page shows of its rulemaking. */
export const rulemakingLinkAnswer = z.object({
  key: z.string().meta({ examples: ["2060-AV00"] }),
  // One document alone is not shown as a rulemaking.
  documents: z.int().min(2).describe("Federal Register documents we hold of it."),
  since: z.iso.datetime().describe("When the first of them was published."),
});

export type RulemakingLink = z.output<typeof rulemakingLinkAnswer>;

/** What a rule's or proposed rule's full text says about itself (app/rule-text/statements.ts). */
export const articleRuleTextAnswer = z.object({
  status: z.enum(["read", "failed"]).describe('"failed": the full text could not be read yet and is tried again later; its statements are then empty.'),
  designation: z
    .enum(DESIGNATIONS)
    .nullable()
    .describe(
      "The E.O. 14192 (or 13771) designation the document gives itself, which decides its category before our classifier does; null when it states none, or conflicting ones. Distinct from `officialDesignation`, OIRA's word in the Unified Agenda.",
    ),
  designationOrder: z.enum(EXECUTIVE_ORDERS).nullable().describe("The executive order of `designation`."),
  designationExpected: z.boolean().nullable().describe('Stated as a projection ("is expected to be"), as proposed rules state it.'),
  designationSentence: z.string().nullable().describe("The sentence stating `designation`, to quote."),
  statements: z
    .array(ruleStatement)
    .describe("Everything the document states of its designation, significance, major-rule status and costs, in document order."),
});

export type ArticleRuleText = z.output<typeof articleRuleTextAnswer>;

export const REDLINE_STATUSES = ["pending", "compared", "unchanged"] as const;

/** One CFR part a final rule amends, compared as eCFR shows it the day before and on the effective date. */
export const restrictionPartAnswer = z.object({
  cfr: z.string().meta({ examples: ["40 CFR 63"] }),
  title: z.int().min(1),
  part: z.int().min(1),
  status: z
    .enum(REDLINE_STATUSES)
    .describe('"pending": eCFR has not published the amended text yet; "unchanged": eCFR shows no change to the part on that date.'),
  removed: z
    .int()
    .min(0)
    .nullable()
    .describe("Restriction words (shall, must, may not, required, prohibited) the rule took out of the part; null while pending."),
  added: z.int().min(0).nullable().describe("Restriction words it put in; null while pending."),
  effectiveOn: z.iso.date(),
});

export const restrictionsAnswer = z.object({
  removed: z.int().min(0).describe("Restriction words removed, summed over the compared parts: what `sort=restrictions-removed` orders by."),
  added: z.int().min(0).describe("Restriction words added, summed over the compared parts."),
  parts: z.array(restrictionPartAnswer).min(1).describe("Each amended part, by title and part."),
});

export type ArticleRestrictions = z.output<typeof restrictionsAnswer>;
export type RestrictionPart = z.output<typeof restrictionPartAnswer>;

/** A Federal Register document's comments as regulations.gov counts them, read from the Federal Register API. */
export const commentsAnswer = z.object({
  count: z
    .int()
    .min(0)
    .describe(
      "Comments regulations.gov counts for the document, as the Federal Register API's `regulations_dot_gov_info.comments_count` gave it at the latest read: what `sort=most-commented` orders by.",
    ),
  docketId: z
    .string()
    .nullable()
    .describe("The regulations.gov docket the comments are counted in (`regulations_dot_gov_info.docket_id`), when the API names one."),
  weekGrowth: z
    .int()
    .nullable()
    .describe(
      "How much the count grew over the last seven days, from the count read at the start of that week (or the first read within it): only while the comment period is open (`commentsCloseOn` today or later); null when it is closed or there is no earlier read to compare.",
    ),
  readAt: z.iso.datetime().describe("When the count was read from the Federal Register API."),
});

export type ArticleComments = z.output<typeof commentsAnswer>;

export const articleAnswer = z.object({
  id: z.int(),
  title: z.string(),
  summary: z.string(),
  category: z.enum(CATEGORY_VALUES),
  priority: z.enum(PRIORITY_VALUES),
  categoryReason: z
    .string()
    .nullable()
    .describe('Why the article has its category and priority (the classifier\'s words, or "set by an editor"); null on rows not yet re-judged.'),
  priorityReason: z.string().nullable(),
  tags: z.array(z.string()),
  manuallyTagged: z.boolean(),
  sourceId: z.int().nullable(),
  sourceName: z.string(),
  originalUrl: z.url(),
  documentNumber: z.string().nullable().describe("Federal Register documents: what tells apart notices that share a title (null for other articles)."),
  documentType: z.string().nullable(),
  agencies: z.array(z.string()),
  commentsCloseOn: z.iso.date().nullable().describe("The last day to comment on a Federal Register document, when it asks for comments."),
  publishDate: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  views: z.int().min(0),
  isBookmarked: z.boolean(),
  aiSummary: z.string().nullable(),
  aiSummaryBy: z
    .object({ provider: z.string(), model: z.string().nullable() })
    .nullable()
    .describe("Which provider and model wrote `aiSummary`, for the label under it."),
  officialDesignation: officialDesignationAnswer
    .nullable()
    .describe(
      "OIRA's EO 14192 designation of the document's rulemaking in the Unified Agenda, joined by RIN (a Deregulatory one is preferred when the document names several); null when none of its RINs is designated. A Deregulatory designation files the article under regulatory-rollbacks.",
    ),
  publicInspection: z
    .object({ publishesOn: z.iso.date(), specialFiling: z.boolean() })
    .nullable()
    .describe(
      "A Federal Register document read from the public inspection desk and not published yet: the day it is scheduled to publish, and whether it is a special filing. Null for every other article; once the published document is read, the same article (same id) holds it and this is null.",
    ),
  rulemaking: rulemakingLinkAnswer
    .nullable()
    .describe(
      "The Federal Register rulemaking the document belongs to (its RIN, or its docket when it lists no RIN), when we hold two of its documents or more; null otherwise. Read it whole at /api/rulemakings/{key}.",
    ),
  ruleText: articleRuleTextAnswer
    .nullable()
    .describe("What a rule's or proposed rule's full text says about itself; null for other articles and until its full text is read."),
  restrictions: restrictionsAnswer
    .nullable()
    .describe(
      "The restriction words a final rule's amendments of the CFR remove and add, per amended part (its redline); null for other articles, and for a rule whose full text names no part or gives no effective date.",
    ),
  comments: commentsAnswer
    .nullable()
    .describe("The document's public comments on regulations.gov, counted; null when the Federal Register API gives no count (most notices, other sources)."),
});

/** An article as the /api and the screens see it. */
export type ArticleJson = z.output<typeof articleAnswer>;

export const identifierCount = z.object({ value: z.string(), count: z.int().min(1).describe("Articles of the view listing it.") });

export type IdentifierCount = z.output<typeof identifierCount>;

/** /api/articles/facets: the identifiers the articles of a view name, counted. */
export const identifierFacetsAnswer = z
  .object({
    rins: z.array(identifierCount).describe('RINs, upper-case ("2060-AV83"): follow one with `rin`.'),
    dockets: z.array(identifierCount).describe("Docket ids, upper-case: follow one with `docket`."),
    cfrParts: z.array(identifierCount).describe('CFR titles and parts ("40-63"): follow one with `cfr`.'),
    cfrTitles: z.array(identifierCount).describe('CFR titles ("40"): follow one with `cfr`.'),
  })
  .describe("Most articles first, ties by value; each list holds at most `limit` entries.");

export type IdentifierFacets = z.output<typeof identifierFacetsAnswer>;

/** /api/feed-state: what the shared feed page cannot carry about its articles (docs/decisions/013). */
export const feedStateAnswer = z.object({
  bookmarked: z.array(z.int()),
  views: z.record(z.string(), z.int()).describe("Each article's views, by its id."),
});

export type FeedState = z.output<typeof feedStateAnswer>;
