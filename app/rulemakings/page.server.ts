// A rulemaking as its page and /api/rulemakings/{key} show it: every Federal Register document we hold of it with its
// action, where it stands, its Unified Agenda entry, its comment deadlines and effective dates, and the court
// decisions and legislation that name it exactly.
import { agendaEntriesOf } from "../agenda/store.server";
import { editionLabel, type TimetableEntry } from "../agenda/edition";
import { articlePath, CALENDAR_DAY } from "../articles/article-page";
import { todayInZone } from "./comment-periods.server";
import { actionLabel, rulemakingAction } from "./action";
import { isRin, rulemakingPath } from "./keys";
import { currentStanding, saysVacated, standingLabel, type TimelineMove } from "./standing";
import { redlinesOfDocuments, type PartView, type RedlineBudget } from "../rule-text/page.server";
import { articlesNaming, rulemakingDocuments, type NamingRow } from "./store/rulemakings.server";
import { overdueSinceOf } from "./store/overdue.server";
import { nextActionOf } from "../agenda/next-action";
import type { NamingArticle, Rulemaking, RulemakingAgenda, RulemakingDate, RulemakingDocument } from "./answer.server";

export type { NamingArticle, Rulemaking, RulemakingAgenda, RulemakingDate, RulemakingDocument };

/** A title long enough to name one rule: shorter ones ("Definitions") would be found in unrelated decisions. */
const TITLE_NAME_MIN_WORDS = 5;

function isoDay(epochMs: number) {
  return new Date(epochMs).toISOString();
}

function jsonList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The exact names a court decision or a bill could give the rulemaking: its RINs and dockets, and its documents' titles. */
function namesOf(key: string, documents: RulemakingDocument[], rows: { regulationIdNumbers: string; docketIds: string }[]) {
  const ids = new Set<string>([key]);
  for (const row of rows) for (const id of [...jsonList(row.regulationIdNumbers), ...jsonList(row.docketIds)]) ids.add(id.trim().toUpperCase());
  const titles = new Set<string>();
  for (const document of documents) {
    const title = document.title.trim();
    if (title.split(/\s+/).length >= TITLE_NAME_MIN_WORDS) titles.add(title);
  }
  // Only names with a word in them can be looked up in the full-text index.
  return [...ids, ...titles].filter((name) => /[A-Za-z0-9]/.test(name));
}

async function namingArticles(names: string[]): Promise<NamingArticle[]> {
  const found = new Map<number, { row: NamingRow; names: string[] }>();
  const byName = await articlesNaming(names);
  for (const name of names) {
    for (const row of byName.get(name) ?? []) {
      const entry = found.get(row.id) ?? { row, names: [] };
      entry.names.push(name);
      found.set(row.id, entry);
    }
  }
  return [...found.values()]
    .sort((a, b) => a.row.publishDate - b.row.publishDate || a.row.id - b.row.id)
    .map(({ row, names: matched }) => {
      const kind = row.category === "legal-decisions" ? "court-decision" : "legislation";
      return {
        articleId: row.id,
        path: articlePath(row),
        title: row.title,
        kind,
        sourceName: row.sourceName,
        originalUrl: row.originalUrl,
        publishDate: isoDay(row.publishDate),
        names: matched,
        vacates: kind === "court-decision" && saysVacated(`${row.title} ${row.summary}`),
      };
    });
}

/** The rulemaking of a key (upper-case), or null when we hold no document of it and the agenda has no entry. */
export async function getRulemaking(key: string, now = new Date()): Promise<Rulemaking | null> {
  const rows = await rulemakingDocuments(key);
  const agendaRow = isRin(key) ? (await agendaEntriesOf([key])).get(key) : undefined;
  if (!rows.length && !agendaRow) return null;
  const documents: RulemakingDocument[] = rows.map((row) => {
    const action = rulemakingAction(row);
    return {
      articleId: row.id,
      path: articlePath(row),
      title: row.title,
      documentNumber: row.documentNumber,
      documentType: row.documentType,
      registerAction: row.registerAction,
      action,
      actionLabel: actionLabel(action),
      publishDate: isoDay(row.publishDate),
      originalUrl: row.originalUrl,
      commentsCloseOn: row.commentsCloseOn && CALENDAR_DAY.test(row.commentsCloseOn) ? row.commentsCloseOn : null,
      effectiveOn: row.effectiveOn && CALENDAR_DAY.test(row.effectiveOn) ? row.effectiveOn : null,
    };
  });
  const namedBy = await namingArticles(namesOf(key, documents, rows));
  const moves: TimelineMove[] = [
    ...documents.map((document) => ({ date: document.publishDate, action: document.action })),
    ...namedBy.filter((article) => article.kind === "court-decision").map((article) => ({ date: article.publishDate, court: { vacates: article.vacates } })),
  ];
  const standing = currentStanding(moves);
  const today = todayInZone(now);
  const dated = (pick: (document: RulemakingDocument) => string | null) =>
    documents.flatMap((document) => {
      const date = pick(document);
      return date ? [{ date, articleId: document.articleId, path: document.path, title: document.title }] : [];
    });
  const deadlines = dated((document) => document.commentsCloseOn).sort((a, b) => a.date.localeCompare(b.date));
  const agenda: RulemakingAgenda | null = agendaRow
    ? {
        rin: agendaRow.rin,
        title: agendaRow.title,
        agency: agendaRow.agency,
        designation: agendaRow.designation,
        stage: agendaRow.stage,
        priority: agendaRow.priority,
        major: agendaRow.major === null ? null : Boolean(agendaRow.major),
        edition: editionLabel(agendaRow.publicationId),
        publicationId: agendaRow.publicationId,
        timetable: JSON.parse(agendaRow.timetable) as TimetableEntry[],
      }
    : null;
  // Judged as the ledger counts (app/rulemakings/store/overdue.server.ts): only the latest edition's entries.
  const nextAction = agenda ? nextActionOf(agenda) : null;
  const overdue = agenda && nextAction?.dueOn ? ((await overdueSinceOf([agenda.rin], today)).get(agenda.rin) ?? null) : null;
  // The agenda names the rulemaking itself; else the first proposal or rule, else the first document.
  const named = documents.find((document) => document.action !== "other" && document.action !== "correction") ?? documents[0];
  return {
    key,
    kind: isRin(key) ? "rin" : "docket",
    path: rulemakingPath(key),
    title: agenda?.title ?? named?.title ?? key,
    standing,
    standingLabel: standingLabel(standing),
    documents,
    agenda,
    commentDeadlines: { open: deadlines.filter((d) => d.date >= today), past: deadlines.filter((d) => d.date < today).reverse() },
    effectiveDates: dated((document) => document.effectiveOn).sort((a, b) => a.date.localeCompare(b.date)),
    namedBy,
    nextAction,
    overdueSince: overdue,
    today,
  };
}

/** What the rulemaking page shows of its final rules' redlines at most, all documents together (as on an article page). */
export const RULEMAKING_REDLINE_BUDGET: RedlineBudget = { chars: 40_000, sections: 20 };

export type DocumentRedline = Pick<RulemakingDocument, "articleId" | "path" | "title" | "publishDate" | "effectiveOn"> & { parts: PartView[] };

/**
 * The redlines of the rulemaking's documents that amend the CFR (its final rules with an effective date), newest
 * first: the rule in force now is the one a reader asks about first.
 */
export async function rulemakingRedlines(rulemaking: Pick<Rulemaking, "documents">): Promise<DocumentRedline[]> {
  const documents = [...rulemaking.documents].reverse();
  const found = await redlinesOfDocuments(
    documents.map((document) => document.articleId),
    { ...RULEMAKING_REDLINE_BUDGET },
  );
  return documents.flatMap(({ articleId, path, title, publishDate, effectiveOn }) => {
    const parts = found.get(articleId);
    return parts ? [{ articleId, path, title, publishDate, effectiveOn, parts }] : [];
  });
}
