// The stored rule texts and redlines as the pages show them (page-view.ts), read for one article or for the
// documents of a rulemaking.
import { disagreementsOf, parseStatements, partViews, statementViews, type OtherSources, type RedlineBudget, type RedlinePosition } from "./page-view";
import { redlineSummariesOf, redlinesOf, ruleTextsOf } from "./store.server";

export type { Disagreement, OtherSources, PartView, RedlineBudget, RedlinePosition, SectionView, StatementView } from "./page-view";

/**
 * What an article's page shows of its rule text: its statements (once read), where they disagree with the agenda
 * and the Federal Register, and the redline of each part it amends; null when neither was stored.
 */
export async function ruleTextOfArticle(articleId: number, sources: OtherSources, budget: RedlineBudget) {
  const text = (await ruleTextsOf([articleId])).get(articleId);
  const redlines = await redlinesOf(articleId);
  if (!text && !redlines.length) return null;
  const statements = text?.status === "read" ? parseStatements(text.statements) : [];
  return {
    statements: statementViews(statements),
    disagreements: disagreementsOf(statements, sources),
    parts: partViews(redlines, budget),
  };
}

export type ArticleRuleText = NonNullable<Awaited<ReturnType<typeof ruleTextOfArticle>>>;

/** One page of the redline of an article's part (the first when none is named) from `from` on; null without such a part. */
export async function partRedlineOfArticle(articleId: number, part: { title: number; part: number } | null, from: RedlinePosition, budget: RedlineBudget) {
  const redlines = await redlinesOf(articleId);
  const row = part ? redlines.find((one) => one.title === part.title && one.part === part.part) : redlines[0];
  if (!row) return null;
  return { part: partViews([row], budget, from)[0], parts: redlines.map(({ title, part: number }) => ({ title, part: number })) };
}

/** The redlines of the documents that have any, by article id, in the order asked, all within one budget. */
export async function redlinesOfDocuments(articleIds: readonly number[], budget: RedlineBudget) {
  const summaries = await redlineSummariesOf(articleIds);
  const found = new Map<number, ReturnType<typeof partViews>>();
  // One document at a time: each redline is decompressed only when its turn comes.
  for (const id of articleIds) if (summaries.has(id)) found.set(id, partViews(await redlinesOf(id), budget));
  return found;
}
