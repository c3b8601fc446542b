// The local provider's summary: the most informative sentences of the article, unchanged and in their
// original order, then the key facts found in the text or the document's metadata. Deterministic, offline.
import { collapseWhitespace, fitSentences, splitSentences } from "./sentences";

export type ArticleText = {
  title: string;
  /** The readable text of the article (its page, or the stored summary when the page cannot be read). */
  text: string;
  sourceName?: string;
  agencies?: string[];
  documentType?: string | null;
  effectiveOn?: string | null;
  commentsCloseOn?: string | null;
};

export const SUMMARY_MAX_CHARS = 900;
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

const MONTH_DATE = "(?:January|February|March|April|May|June|July|August|September|October|November|December) \\d{1,2}, \\d{4}";

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
  const ranked = sentences
    .map((sentence, index) => ({ sentence, index, score: scores[index] }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
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

function firstMatch(text: string, pattern: RegExp) {
  return text.match(pattern)?.[1];
}

const ACTION_IN_TEXT =
  /\b(interim final rule|direct final rule|final rule|proposed rule|advance notice of proposed rulemaking|executive order|notice of proposed rulemaking|memorandum|proclamation)\b/i;
const AGENCY_IN_TEXT =
  /\b((?:the )?(?:Department of (?:the )?[A-Z][a-z]+(?: (?:and )?[A-Z][a-z]+)*|(?:[A-Z][a-z]+ ){1,5}(?:Agency|Administration|Commission|Bureau|Service|Board|Office)))\b/;

/** Agency, action, effective date and comment deadline, each only when the text or metadata states it. */
export function keyFacts(article: ArticleText): [string, string][] {
  const text = collapseWhitespace(`${article.title}. ${article.text}`);
  const facts: [string, string][] = [];
  const agency = article.agencies?.length ? article.agencies.slice(0, 2).join("; ") : firstMatch(text, AGENCY_IN_TEXT)?.replace(/^the /i, "");
  if (agency) facts.push(["Agency", agency]);
  const action = article.documentType || firstMatch(text, ACTION_IN_TEXT);
  if (action) facts.push(["Action", action.charAt(0).toUpperCase() + action.slice(1).toLowerCase()]);
  const effective =
    (article.effectiveOn && formatIsoDay(article.effectiveOn)) ||
    firstMatch(text, new RegExp(`\\beffective (?:on |date (?:is |of )?|as of |beginning )?(${MONTH_DATE})`, "i"));
  if (effective) facts.push(["Effective date", effective]);
  const deadline =
    (article.commentsCloseOn && formatIsoDay(article.commentsCloseOn)) ||
    firstMatch(
      text,
      new RegExp(`\\bcomments?[^.]{0,80}?(?:on or before|no later than|by|until|before)\\s+(?:\\d{1,2}(?::\\d{2})? ?[ap]\\.?m\\.?[^,]*, )?(${MONTH_DATE})`, "i"),
    );
  if (deadline) facts.push(["Comment deadline", deadline]);
  return facts;
}

/** The extractive summary: chosen sentences, then a "Key facts" block when any were found. */
export function summarizeExtractively(article: ArticleText): string {
  const body = extractiveSentences(article.text, article.title).join(" ");
  if (!body) return "";
  const facts = keyFacts(article);
  const factBlock = facts.length ? `\n\nKey facts:\n${facts.map(([label, value]) => `${label}: ${value}`).join("\n")}` : "";
  return `${body}${factBlock}`.slice(0, SUMMARY_MAX_CHARS);
}
