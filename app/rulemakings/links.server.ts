// The rulemaking line of cards and article pages ("Part of a rulemaking: 5 documents since 2024").
import type { RulemakingLink } from "../articles/answer.server";
import { rulemakingCounts } from "./store/rulemakings.server";

/** Each article's rulemaking link, for those in a rulemaking of two documents or more: one query for the whole list. */
export async function rulemakingLinks(articleIds: readonly number[]): Promise<Map<number, RulemakingLink>> {
  const counts = await rulemakingCounts(articleIds);
  const links = new Map<number, RulemakingLink>();
  for (const [id, count] of counts) {
    if (count.documents >= 2) links.set(id, { key: count.key, documents: count.documents, since: new Date(count.since).toISOString() });
  }
  return links;
}
