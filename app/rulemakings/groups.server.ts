// The Regulatory Rollbacks view grouped by rulemaking (`/?category=regulatory-rollbacks&group=rulemaking`): one row
// per rulemaking with a document in the category, its latest stage and its last move, the latest move first.
import { agendaEntriesOf } from "../agenda/store.server";
import { articlePath } from "../articles/article-page";
import { actionLabel, rulemakingAction, type RulemakingAction } from "./action";
import { isRin, rulemakingPath } from "./keys";
import { currentStanding, standingLabel, type Standing } from "./standing";
import { countRulemakingsInCategory, rulemakingsInCategory, timelinesOf } from "./store/rulemakings.server";
import { overdueSinceOf } from "./store/overdue.server";
import { todayInZone } from "./comment-periods.server";

export type RulemakingGroup = {
  key: string;
  path: string;
  title: string;
  documents: number;
  /** From the documents alone (court decisions are read on the rulemaking's own page). */
  standing: Standing | null;
  standingLabel: string;
  lastMove: { date: string; action: RulemakingAction; actionLabel: string; title: string; path: string };
  /** The first day its agenda's next action was overdue, as its page says (app/agenda/next-action.ts); null when it is not. */
  overdueSince: string | null;
};

export async function rulemakingGroupsPage(category: string, requestedPage: number, pageSize: number, today = todayInZone()) {
  const total = await countRulemakingsInCategory(category);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await rulemakingsInCategory(category, pageSize, (page - 1) * pageSize);
  const keys = rows.map((row) => row.key);
  const timelines = new Map<string, ReturnType<typeof withAction>[]>();
  for (const document of await timelinesOf(keys)) {
    const list = timelines.get(document.key) ?? [];
    list.push(withAction(document));
    timelines.set(document.key, list);
  }
  const agenda = await agendaEntriesOf(keys.filter(isRin));
  const overdue = await overdueSinceOf(keys.filter(isRin), today);
  const groups: RulemakingGroup[] = rows.flatMap((row) => {
    const documents = timelines.get(row.key) ?? [];
    const last = documents[documents.length - 1];
    // Deleted between the two reads: the next render has it right.
    if (!last) return [];
    const named = documents.find((document) => document.action !== "other" && document.action !== "correction") ?? documents[0];
    const standing = currentStanding(documents.map((document) => ({ date: document.date, action: document.action })));
    return [
      {
        key: row.key,
        path: rulemakingPath(row.key),
        title: agenda.get(row.key)?.title ?? named?.title ?? row.key,
        documents: row.documents,
        standing,
        standingLabel: standingLabel(standing),
        lastMove: { date: last.date, action: last.action, actionLabel: actionLabel(last.action), title: last.title, path: last.path },
        overdueSince: overdue.get(row.key) ?? null,
      },
    ];
  });
  return { groups, total, page, pageCount };
}

function withAction(row: Awaited<ReturnType<typeof timelinesOf>>[number]) {
  const action = rulemakingAction(row);
  return { action, date: new Date(row.publishDate).toISOString(), title: row.title, path: articlePath(row) };
}
