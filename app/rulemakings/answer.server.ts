// The rulemakings' part of the API's answers, declared once: the types and the OpenAPI description
// (app/api/answer-schemas.server.ts) come from it. app/rulemakings/page.server.ts assembles a rulemaking.
import { z } from "zod";
import { RULEMAKING_ACTIONS } from "./action";
import { STANDINGS } from "./standing";

const valuesOf = <T extends string>(entries: readonly { value: T }[]) => entries.map((entry) => entry.value) as [T, ...T[]];

export const rulemakingDocumentAnswer = z.object({
  articleId: z.int(),
  path: z.string().describe("The document's page here."),
  title: z.string(),
  documentNumber: z.string().nullable(),
  documentType: z.string().nullable(),
  registerAction: z.string().nullable().describe("The Federal Register's action line, as given."),
  action: z.enum(valuesOf(RULEMAKING_ACTIONS)),
  actionLabel: z.string(),
  publishDate: z.iso.datetime(),
  originalUrl: z.string(),
  commentsCloseOn: z.iso.date().nullable(),
  effectiveOn: z.iso.date().nullable(),
});

export type RulemakingDocument = z.output<typeof rulemakingDocumentAnswer>;

export const rulemakingDateAnswer = z.object({ date: z.iso.date(), articleId: z.int(), path: z.string(), title: z.string() });

export type RulemakingDate = z.output<typeof rulemakingDateAnswer>;

const namingArticle = z.object({
  articleId: z.int(),
  path: z.string(),
  title: z.string(),
  kind: z.enum(["court-decision", "legislation"]),
  sourceName: z.string(),
  originalUrl: z.string(),
  publishDate: z.iso.datetime(),
  names: z.array(z.string()).describe("What it names, exactly as matched."),
  vacates: z.boolean().describe("A court decision that says it vacates (or sets aside) the rule."),
});

export type NamingArticle = z.output<typeof namingArticle>;

const rulemakingAgenda = z.object({
  rin: z.string(),
  title: z.string(),
  agency: z.string().nullable(),
  designation: z.string().nullable(),
  stage: z.string().nullable(),
  priority: z.string().nullable(),
  major: z.boolean().nullable(),
  edition: z.string().meta({ examples: ["Spring 2025"] }),
  publicationId: z.string(),
  timetable: z.array(
    z.object({
      action: z.string(),
      date: z.string().nullable(),
      frCitation: z.string().nullable().optional().describe("The Federal Register citation of a row that was published; null for a planned one."),
    }),
  ),
});

const nextActionAnswer = z.object({
  action: z.string().meta({ examples: ["Final Rule"] }),
  date: z.string().nullable().describe('As the agenda writes it: "04/17/2025", "07/00/2025" for a month, "To Be Determined".'),
  dueOn: z.iso.date().nullable().describe("The day it is due: the date, or a month's last day; null when the agenda gives no date."),
});

export type RulemakingAgenda = z.output<typeof rulemakingAgenda>;

export const rulemakingAnswer = z.object({
  key: z.string().meta({ description: "The RIN or docket id, upper-case.", examples: ["2060-AV00"] }),
  kind: z.enum(["rin", "docket"]),
  path: z.string().meta({ description: "The rulemaking's page.", examples: ["/rulemakings/2060-AV00"] }),
  title: z.string().describe("The Unified Agenda's title, else the first proposal's or rule's."),
  standing: z
    .enum(valuesOf(STANDINGS))
    .nullable()
    .describe(
      "Where it stands after its latest move: a proposal (or advance notice), a final or interim final rule, a delay of the effective date, a withdrawal, or a court decision naming it that vacates it. Null when only notices are held.",
    ),
  standingLabel: z.string(),
  documents: z.array(rulemakingDocumentAnswer).describe("Every Federal Register document we hold of it, oldest first."),
  agenda: rulemakingAgenda.nullable().describe("Its Unified Agenda entry (RINs only), from the latest edition read."),
  commentDeadlines: z.object({
    open: z.array(rulemakingDateAnswer).describe("Today or later (the product's time zone), soonest first."),
    past: z.array(rulemakingDateAnswer).describe("Before today, latest first."),
  }),
  effectiveDates: z.array(rulemakingDateAnswer),
  namedBy: z
    .array(namingArticle)
    .describe("Court decisions and legislation we hold that name it exactly: its RIN, a docket id, or a document's title (at least five words)."),
  nextAction: nextActionAnswer
    .nullable()
    .describe(
      "The agenda timetable's first planned action (a row without a Federal Register citation, other than a comment period's end or an effective date); null when none is planned (or the entry was stored before its citations were read).",
    ),
  overdueSince: z.iso
    .date()
    .nullable()
    .describe(
      "The first day the next action was overdue (the day after it was due), when the entry is of the latest edition read, the action is past due today and no document of the RIN was published since the edition's first day; else null.",
    ),
  today: z.iso.date().describe("The day the deadlines were judged against (the product's time zone)."),
});

export type Rulemaking = z.output<typeof rulemakingAnswer>;
