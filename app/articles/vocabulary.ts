// The product's fixed vocabularies: categories, priorities, source types and tags. Shared by server and browser.

export const CATEGORIES = [
  { value: "new-regulations", label: "New Regulations" },
  { value: "regulatory-rollbacks", label: "Regulatory Rollbacks" },
  { value: "policy-analysis", label: "Policy Analysis" },
  { value: "legal-decisions", label: "Legal Decisions" },
  { value: "legislative-action", label: "Legislative Action" },
] as const;
export type Category = (typeof CATEGORIES)[number]["value"];
export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

export const PRIORITIES = [
  { value: "high", label: "High", editorLabel: "High Priority", color: "red" },
  { value: "medium", label: "Medium", editorLabel: "Medium Priority", color: "blue" },
  { value: "low", label: "Low", editorLabel: "Low Priority", color: "gray" },
] as const;
export type Priority = (typeof PRIORITIES)[number]["value"];
export const PRIORITY_VALUES = PRIORITIES.map((p) => p.value) as [Priority, ...Priority[]];
export const DEFAULT_PRIORITY: Priority = "medium";

export const TIMEFRAMES = [
  { value: "all", label: "All Time" },
  { value: "today", label: "Today" },
  { value: "week", label: "This Week" },
  { value: "month", label: "This Month" },
] as const;
export type Timeframe = (typeof TIMEFRAMES)[number]["value"];
export const TIMEFRAME_VALUES = TIMEFRAMES.map((t) => t.value) as [Timeframe, ...Timeframe[]];

/** The Federal Register's document types: `value` in the feed's URL (`type=`), `stored` as the API names them. */
export const DOCUMENT_TYPES = [
  { value: "rule", label: "Rule", stored: "Rule" },
  { value: "proposed-rule", label: "Proposed Rule", stored: "Proposed Rule" },
  { value: "notice", label: "Notice", stored: "Notice" },
  { value: "presidential-document", label: "Presidential Document", stored: "Presidential Document" },
] as const;
export type DocumentTypeValue = (typeof DOCUMENT_TYPES)[number]["value"];
export const DOCUMENT_TYPE_VALUES = DOCUMENT_TYPES.map((d) => d.value) as [DocumentTypeValue, ...DocumentTypeValue[]];
export function documentTypeStored(value: DocumentTypeValue) {
  return DOCUMENT_TYPES.find((type) => type.value === value)!.stored;
}

export const SOURCE_CATEGORIES = ["government", "news", "legal", "think-tank"] as const;
export type SourceCategory = (typeof SOURCE_CATEGORIES)[number];

export const SOURCE_TYPES = ["rss", "atom", "federal-register-api", "federal-register-public-inspection", "unified-agenda"] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** How the source form names each type (the editor may pick one instead of having it detected). */
export const SOURCE_TYPE_LABELS: Record<SourceType, string> = {
  rss: "RSS",
  atom: "Atom",
  "federal-register-api": "Federal Register API",
  "federal-register-public-inspection": "Federal Register public inspection desk (current.json)",
  "unified-agenda": "Unified Agenda edition (reginfo.gov XML)",
};

export const TAG_VOCABULARY = [
  "rule-rescission",
  "rule-modification",
  "regulatory-freeze",
  "streamlining",
  "cost-benefit",
  "epa",
  "sec",
  "fda",
  "osha",
  "ftc",
  "cfpb",
  "dol",
  "treasury",
  "doj",
  "financial",
  "energy",
  "healthcare",
  "technology",
  "transportation",
  "telecommunications",
  "agriculture",
  "manufacturing",
  "executive-order",
  "congressional",
  "court-decision",
  "state-level",
  "international",
  "small-business",
  "consumer",
  "environmental",
  "worker-safety",
  "competition",
  "innovation",
  "high-impact",
  "urgent",
  "controversial",
  "executive-orders",
  "legislation",
  "agency-rules",
  "court-decisions",
] as const;
export type Tag = (typeof TAG_VOCABULARY)[number];

/** The tag editor's quick-add row: 12 common tags. */
export const COMMON_TAGS: readonly Tag[] = [
  "rule-rescission",
  "executive-order",
  "epa",
  "sec",
  "financial",
  "energy",
  "healthcare",
  "environmental",
  "small-business",
  "high-impact",
  "agency-rules",
  "court-decision",
];

export const PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 10;
export const CARD_SUMMARY_LIMIT = 200;
export const RELATED_SUMMARY_LIMIT = 150;
export const CARD_TAG_LIMIT = 6;

export function categoryLabel(value: string) {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

export function priorityInfo(value: string) {
  return PRIORITIES.find((p) => p.value === value) ?? PRIORITIES[1];
}

/** The tag entry rule: lower-case; anything but a-z, 0-9 and hyphen becomes a hyphen. */
export function normalizeTag(raw: string) {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "-");
}

/** The stored reason of a category or priority an editor chose by hand (app/admin/article-edits.server.ts). */
export const EDITOR_REASON = "set by an editor";

/** What judging an article decides: its category, priority and tags, with the reasons given for the first two. */
export type Judgement = { category: Category; priority: Priority; tags: Tag[]; reason: { category: string; priority: string } };
