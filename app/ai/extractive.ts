// The local provider's summary: the most informative sentences of the article, unchanged and in their
// original order, then the key facts the document's own fields state. Deterministic, offline.
import { fitSentences, splitSentences } from "../text/sentences";

export type ArticleText = {
  title: string;
  /** The readable text of the article (its page, or the stored summary when the page cannot be read). */
  text: string;
  sourceName?: string;
  agencies?: string[];
  documentType?: string | null;
  /** The Federal Register's own "action" line, e.g. "Final rule; delay of effective date." */
  registerAction?: string | null;
  effectiveOn?: string | null;
  commentsCloseOn?: string | null;
};

/** The longest AI summary (the article's `aiSummary`) a provider may store, the local one and the model alike. */
export const AI_SUMMARY_MAX_CHARS = 900;
const BODY_MAX_CHARS = 650;
const MAX_SENTENCES = 4;
/** A text made of one very long sentence still gets a summary: that sentence, cut at this length. */
const LONG_SENTENCE_MAX_CHARS = 800;
/** Pages can be long; the informative part of regulatory text is at the top. */
const MAX_SOURCE_SENTENCES = 120;

const STOPWORDS = new Set(
  (
    "that this with from have were will would shall been being their there which these those such other than into upon " +
    "under also more most must should could about after before when where while what your they them then each only over " +
    "some same very just does done made make many much well here within without among through during including because"
  ).split(" "),
);

const REGULATORY_CUES =
  /\b(final rule|proposed rule|interim final rule|rule|rescind\w*|repeal\w*|amend\w*|effective|comments?|deadline|requir\w*|establish\w*|withdraw\w*|propos\w*|executive order|eliminat\w*|reduc\w*|exempt\w*|compliance|burden)\b/i;

const BOILERPLATE = /\b(for further information contact|addresses:|click here|subscribe|cookie|all rights reserved|share this|privacy policy|javascript)\b/i;

function words(text: string) {
  return (text.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).filter((w) => !STOPWORDS.has(w));
}

function scoreSentences(sentences: string[], title: string) {
  const frequency = new Map<string, number>();
  for (const sentence of sentences) for (const word of new Set(words(sentence))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const titleWords = new Set(words(title));
  return sentences.map((sentence, index) => {
    const tokens = words(sentence);
    if (!tokens.length) return 0;
    const content = tokens.reduce((sum, w) => sum + (frequency.get(w) ?? 0) + (titleWords.has(w) ? 2 : 0), 0) / Math.sqrt(tokens.length);
    const position = index === 0 ? 1.5 : index < 3 ? 1.2 : 1;
    const cue = REGULATORY_CUES.test(sentence) ? 1.3 : 1;
    const length = sentence.length < 40 ? 0.4 : sentence.length > 400 ? 0.6 : 1;
    const boilerplate = BOILERPLATE.test(sentence) ? 0.1 : 1;
    return content * position * cue * length * boilerplate;
  });
}

/** The chosen sentences, in reading order, within the length budget. */
export function extractiveSentences(text: string, title: string): string[] {
  const sentences = splitSentences(text).slice(0, MAX_SOURCE_SENTENCES);
  if (!sentences.length) return [];
  if (sentences.length <= MAX_SENTENCES && sentences.join(" ").length <= BODY_MAX_CHARS) return sentences;
  const scores = scoreSentences(sentences, title);
  const ranked = sentences.map((sentence, index) => ({ sentence, index, score: scores[index] })).sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof ranked = [];
  let length = 0;
  for (const candidate of ranked) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (length + candidate.sentence.length + 1 > BODY_MAX_CHARS) continue;
    chosen.push(candidate);
    length += candidate.sentence.length + 1;
  }
  if (!chosen.length) return [fitSentences([ranked[0].sentence], LONG_SENTENCE_MAX_CHARS)];
  return chosen.sort((a, b) => a.index - b.index).map((c) => c.sentence);
}

function formatIsoDay(day: string) {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", day: "numeric", year: "numeric" }).format(date);
}

/**
 * Agency, document type, action, effective date and comment deadline, each only when the document's own fields
 * (the Federal Register's metadata, stored on the article) state it, and whole: names are never pieced together
 * from the text, where "the U.S. Fish and Wildlife Service" would come out as "Wildlife Service".
 */
export function keyFacts(article: ArticleText): [string, string][] {
  const facts: [string, string][] = [];
  const agencies = (article.agencies ?? []).filter(Boolean);
  if (agencies.length) facts.push([agencies.length > 1 ? "Agencies" : "Agency", agencies.join("; ")]);
  if (article.documentType) facts.push(["Document type", article.documentType]);
  if (article.registerAction) facts.push(["Action", article.registerAction.replace(/\.$/, "")]);
  if (article.effectiveOn) facts.push(["Effective date", formatIsoDay(article.effectiveOn)]);
  if (article.commentsCloseOn) facts.push(["Comment deadline", formatIsoDay(article.commentsCloseOn)]);
  return facts;
}

/** The extractive summary: chosen sentences, then a "Key facts" block with the facts that fit whole. */
export function summarizeExtractively(article: ArticleText): string {
  const body = extractiveSentences(article.text, article.title).join(" ");
  if (!body) return "";
  let summary = body;
  let heading = "\n\nKey facts:";
  for (const [label, value] of keyFacts(article)) {
    const line = `${heading}\n${label}: ${value}`;
    if (summary.length + line.length > AI_SUMMARY_MAX_CHARS) continue;
    summary += line;
    heading = "";
  }
  return summary;
}
