// What the article, redline and rulemaking pages show of a rule's stored text and redlines, made from the stored
// rows: each statement with its plain-words label, where the document, the Unified Agenda and the Federal Register
// disagree, and each amended part's redline cut to a budget (a 40 CFR 63 redline would otherwise be megabytes of
// page). Pure: the rows come in, plain data for the page goes out.
import { cfrPartLabel, ecfrPartUrl, ecfrSectionUrl, statementLabel } from "./labels";
import type { Redline, RedlineParagraph, RedlineSection } from "./redline";
import { sectionRestrictionChange, type RestrictionChange } from "./restrictions";
import { ruleStatement, statedDesignation, type RuleStatement } from "./statements";

export type StatementView = { kind: RuleStatement["kind"]; label: string; sentence: string };

/** Where two sources (or one document with itself) say different things: each side named in the text. */
export type Disagreement = { topic: "designation" | "significance" | "major-rule"; text: string };

/** What the other sources say of the document, to compare with its own statements. */
export type OtherSources = {
  agenda: { designation: string; edition: string; publicationId: string; major: boolean | null } | null;
  /** The Federal Register's `significant` flag; null when the article is no Federal Register document. */
  registerSignificant: boolean | null;
};

/** Stored statements that still read as statements (a row written by an older reader may not). */
export function parseStatements(stored: readonly unknown[]): RuleStatement[] {
  return stored.flatMap((item) => {
    const parsed = ruleStatement.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export const statementViews = (statements: readonly RuleStatement[]): StatementView[] =>
  statements.map((statement) => ({ kind: statement.kind, label: statementLabel(statement), sentence: statement.sentence }));

/** The order an agenda edition's designation is under: E.O. 13771 (2017 to 2021) or E.O. 14192 (2025 on). */
const agendaOrder = (publicationId: string) => (Number(publicationId.slice(0, 4)) >= 2025 ? "14192" : "13771");

/** The agenda's designation as the document would state it; null for the values no statement matches ("Other"). */
function agendaDesignation(designation: string) {
  const value = designation.trim().toLowerCase();
  if (value === "deregulatory" || value === "regulatory") return value;
  return /exempt|not subject/.test(value) ? "not-subject" : null;
}

function designationWords(designation: string, order: string, expected: boolean | null) {
  if (designation === "not-subject") return `${expected ? "is expected not to be" : "is not"} subject to E.O. ${order}`;
  return `${expected ? "is expected to be" : "is"} an E.O. ${order} ${designation} action`;
}

function designationDisagreement(statements: readonly RuleStatement[], sources: OtherSources): Disagreement | null {
  const stated = statedDesignation(statements);
  if (stated.conflicting.length)
    return {
      topic: "designation",
      text: `The document states both that it is an E.O. ${stated.order} deregulatory action and that it is a regulatory action.`,
    };
  const agenda = sources.agenda;
  if (!stated.designation || !stated.order || !agenda || agendaOrder(agenda.publicationId) !== stated.order) return null;
  const official = agendaDesignation(agenda.designation);
  if (!official || official === stated.designation) return null;
  return {
    topic: "designation",
    text: `The document states it ${designationWords(stated.designation, stated.order, stated.expected)}; the Unified Agenda (${agenda.edition}) designates the rulemaking ${agenda.designation.trim()}.`,
  };
}

function significanceDisagreement(statements: readonly RuleStatement[], sources: OtherSources): Disagreement | null {
  const said = new Set(statements.flatMap((statement) => (statement.kind === "significance" ? [statement.significant] : [])));
  if (said.size > 1) return { topic: "significance", text: "The document states both that it is significant under E.O. 12866 and that it is not." };
  const [significant] = said;
  if (significant === undefined || sources.registerSignificant === null || significant === sources.registerSignificant) return null;
  return {
    topic: "significance",
    text: significant
      ? "The document states it is significant under E.O. 12866; the Federal Register does not mark it significant."
      : "The document states it is not significant under E.O. 12866; the Federal Register marks it significant.",
  };
}

function majorRuleDisagreement(statements: readonly RuleStatement[], sources: OtherSources): Disagreement | null {
  const said = new Set(statements.flatMap((statement) => (statement.kind === "major-rule" ? [statement.major] : [])));
  if (said.size > 1) return { topic: "major-rule", text: "The document states both that it is a major rule and that it is not." };
  const [major] = said;
  const listed = sources.agenda?.major;
  if (major === undefined || listed === null || listed === undefined || major === listed) return null;
  const edition = sources.agenda!.edition;
  return {
    topic: "major-rule",
    text: major
      ? `The document states it is a major rule; the Unified Agenda (${edition}) does not list it as one.`
      : `The document states it is not a major rule; the Unified Agenda (${edition}) lists it as a major rule.`,
  };
}

/** Where the document's statements, the agenda's designation and the Federal Register's flags disagree. */
export function disagreementsOf(statements: readonly RuleStatement[], sources: OtherSources): Disagreement[] {
  return [designationDisagreement(statements, sources), significanceDisagreement(statements, sources), majorRuleDisagreement(statements, sources)].filter(
    (found): found is Disagreement => found !== null,
  );
}

export type SectionView = Omit<RedlineSection, "unchangedParagraphs" | "bounded"> & {
  url: string;
  restrictions: RestrictionChange;
  bounded: boolean;
  /** The index of its first paragraph shown: above 0 when a page before showed the ones before. */
  continuedFrom: number;
  /** Its later paragraphs were left out for the page's budget (the next page has them). */
  cut: boolean;
};

/** Where a page of a part's redline starts: a changed section (by index among them) and a paragraph of it. */
export type RedlinePosition = { section: number; paragraph: number };

export type PartView = {
  title: number;
  part: number;
  label: string;
  status: "pending" | "compared" | "unchanged";
  effectiveOn: string;
  beforeDate: string | null;
  afterDate: string | null;
  url: string;
  /** Restrictions removed and added in the whole part; null while pending. */
  restrictions: RestrictionChange | null;
  /** The changed sections shown, from `start`. */
  sections: SectionView[];
  start: RedlinePosition;
  /** Where the changed sections not shown for the budget begin; null when none are left. */
  next: RedlinePosition | null;
  changedSections: number;
  unchangedSections: number;
  complete: boolean;
  warnings: string[];
};

/**
 * What one page may show of redlines at most: characters of text and sections, shared by all the parts it shows
 * (and spent by them); `spent` once anything is shown.
 */
export type RedlineBudget = { chars: number; sections: number; spent?: boolean };

export type RedlineRowLike = {
  title: number;
  part: number;
  status: string;
  effectiveOn: string;
  beforeDate: string | null;
  afterDate: string | null;
  restrictionsRemoved: number | null;
  restrictionsAdded: number | null;
  redline: Redline | null;
};

/** A section cut short only when this much room is left; less, and it waits for the full redline. */
const MIN_CUT_CHARS = 2_000;

const paragraphChars = (paragraph: RedlineParagraph) =>
  paragraph.status === "changed" ? paragraph.segments.reduce((sum, segment) => sum + segment.text.length, 0) : paragraph.text.length;

function sectionView(row: RedlineRowLike, section: RedlineSection, start: number, end: number): SectionView {
  const { unchangedParagraphs: _unchanged, bounded, ...rest } = section;
  const date = section.status === "removed" ? row.beforeDate : row.afterDate;
  return {
    ...rest,
    paragraphs: section.paragraphs.slice(start, end),
    url: ecfrSectionUrl(row.title, row.part, section.number, date),
    restrictions: sectionRestrictionChange(section),
    bounded: Boolean(bounded),
    continuedFrom: start,
    cut: end < section.paragraphs.length,
  };
}

/**
 * The changed sections of a part from `start` on, as many as the budget holds (it is spent), and where the rest
 * begins. A section that does not fit is cut to the room left when that is MIN_CUT_CHARS or more, or when the page
 * shows nothing yet; it always keeps one paragraph, so every page moves on.
 */
function sectionsWithin(row: RedlineRowLike, changed: RedlineSection[], start: RedlinePosition, budget: RedlineBudget) {
  const shown: SectionView[] = [];
  for (let index = start.section; index < changed.length; index++) {
    const section = changed[index];
    const first = index === start.section ? Math.min(start.paragraph, Math.max(0, section.paragraphs.length - 1)) : 0;
    if (budget.sections <= 0 || budget.chars <= 0) return { shown, next: { section: index, paragraph: first } };
    const sizes = section.paragraphs.slice(first).map(paragraphChars);
    const size = section.heading.length + sizes.reduce((sum, n) => sum + n, 0);
    if (size <= budget.chars) {
      shown.push(sectionView(row, section, first, section.paragraphs.length));
      budget.chars -= size;
      budget.sections--;
      budget.spent = true;
      continue;
    }
    if (budget.chars < MIN_CUT_CHARS && budget.spent) return { shown, next: { section: index, paragraph: first } };
    let room = budget.chars - section.heading.length;
    let kept = 0;
    while (kept < sizes.length && (kept === 0 || sizes[kept] <= room)) room -= sizes[kept++];
    shown.push(sectionView(row, section, first, first + kept));
    budget.chars = 0;
    budget.sections--;
    budget.spent = true;
    const end = first + kept;
    const next = end < section.paragraphs.length ? { section: index, paragraph: end } : { section: index + 1, paragraph: 0 };
    return { shown, next: next.section < changed.length ? next : null };
  }
  return { shown, next: null };
}

/** The parts of a rule as a page shows them, their changed sections from `start` on within the budget. */
export function partViews(rows: readonly RedlineRowLike[], budget: RedlineBudget, start: RedlinePosition = { section: 0, paragraph: 0 }): PartView[] {
  return rows.map((row) => {
    const sections = row.redline?.sections ?? [];
    const changed = sections.filter((section) => section.status !== "unchanged");
    const status = row.status === "compared" || row.status === "unchanged" ? row.status : "pending";
    const from = { section: Math.min(Math.max(0, start.section), changed.length), paragraph: Math.max(0, start.paragraph) };
    const { shown, next } = status === "compared" ? sectionsWithin(row, changed, from, budget) : { shown: [], next: null };
    return {
      title: row.title,
      part: row.part,
      label: cfrPartLabel(row.title, row.part),
      status,
      effectiveOn: row.effectiveOn,
      beforeDate: row.beforeDate,
      afterDate: row.afterDate,
      url: ecfrPartUrl(row.title, row.part, row.afterDate),
      restrictions: status === "pending" ? null : { removed: row.restrictionsRemoved ?? 0, added: row.restrictionsAdded ?? 0 },
      sections: shown,
      start: from,
      next,
      changedSections: changed.length,
      unchangedSections: sections.length - changed.length,
      complete: row.redline?.complete ?? true,
      warnings: row.redline?.warnings ?? [],
    };
  });
}
