// The instructions given to a language model. Each grounds the model in the material we pass and asks
// for plain, short output; the answers are still sanitised and length-limited before they are stored.
import type { ArticleText } from "./extractive";

/** Enough of an article for a summary, without sending whole web pages. */
const ARTICLE_TEXT_LIMIT = 12_000;

export const SUMMARY_INSTRUCTIONS = [
  "You summarize U.S. federal regulatory and deregulatory news for policy analysts.",
  "Use only facts stated in the article text you are given. Never add names, numbers, dates, causes or opinions that the text does not state; if the text does not say something, leave it out.",
  "Mention the agency, the action taken, the effective date and the comment deadline when the text gives them.",
  "Write 2 to 4 sentences, at most 120 words, as plain text: no markdown, no HTML, no headings, no lists, no preamble.",
].join("\n");

export function summaryPrompt(article: ArticleText) {
  const lines = [`Title: ${article.title}`];
  if (article.sourceName) lines.push(`Source: ${article.sourceName}`);
  if (article.agencies?.length) lines.push(`Agencies: ${article.agencies.join("; ")}`);
  if (article.documentType) lines.push(`Document type: ${article.documentType}`);
  if (article.registerAction) lines.push(`Action: ${article.registerAction}`);
  if (article.effectiveOn) lines.push(`Effective on: ${article.effectiveOn}`);
  if (article.commentsCloseOn) lines.push(`Comments close on: ${article.commentsCloseOn}`);
  lines.push("", "Article text:", '"""', article.text.slice(0, ARTICLE_TEXT_LIMIT), '"""');
  return lines.join("\n");
}

export function tagsInstructions(allowed: readonly string[]) {
  return [
    "You tag U.S. federal regulatory news articles.",
    `Choose up to 6 tags that clearly apply to the article, only from this list: ${allowed.join(", ")}.`,
    'Answer with a JSON array of strings and nothing else, for example ["epa", "environmental"].',
  ].join("\n");
}

export function tagsPrompt(article: { title: string; summary: string }) {
  return `Title: ${article.title}\nSummary: ${article.summary.slice(0, 2000)}`;
}
