// Sentence splitting for regulatory prose, where "U.S.", "Dec.", "E.O. 14192" or "40 CFR 52.1" must not end a
// sentence: summaries, extracts and the paragraphs of a rule's full text (app/rule-text/statements.ts) alike.
import { truncateAtWord } from "./truncate";

const ABBREVIATIONS = new Set(
  [
    ...["mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "no", "nos", "v", "vs", "e.g", "i.e", "etc", "cf", "al", "seq", "id"],
    ...["inc", "co", "corp", "ltd", "llc", "dept", "gov", "approx", "est"],
    ...["sec", "secs", "art", "fig", "ch", "pt", "pts", "par", "para", "pp"],
    // Citations of statutes, registers and courts: "Pub. L. 104-4", "82 Fed. Reg. 9339", "Exec. Order", "5 U.S.C. 804".
    ...["pub", "stat", "fed", "reg", "exec", "cong", "sess", "cir", "supp", "u.s", "u.s.c"],
    ...["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"],
  ].map((a) => `${a}.`),
);

/**
 * A sentence end: punctuation, any closing quotes or brackets (GPO closes defined terms with curly quotes: "... a
 * “major rule.” This rule ..."), a space, then what can open a sentence, a section sign or an amount included.
 */
const BOUNDARY = /[.!?]["'\u201d\u2019)\]]*\s+(?=["'\u201c\u2018([]?[A-Z0-9\u00a7$])/g;

function endsWithAbbreviation(text: string) {
  const lastWord = text
    .slice(text.lastIndexOf(" ") + 1)
    .replace(/^[("[\u201c\u2018]+/, "")
    .replace(/["'\u201d\u2019)\]]+$/, "");
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return true;
  // Initials and acronyms written with dots: "H.R.", "E.O.", "D.C."
  return /^(?:[A-Z]\.)+$/.test(lastWord);
}

/** Collapses runs of whitespace to single spaces. */
export function collapseWhitespace(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

/** The sentences of a text, in order, each trimmed; paragraph breaks always end a sentence. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  // A bullet (U+2022) spelled as an escape: the server bundle stays ASCII (tests/hardening/server-bundle.test.ts).
  for (const paragraph of text.split(/\n\s*\n|\r?\n(?=\s*[-\u2022*]\s)/)) {
    const flat = collapseWhitespace(paragraph);
    if (!flat) continue;
    let start = 0;
    for (const match of flat.matchAll(BOUNDARY)) {
      const candidate = flat.slice(start, match.index + match[0].trimEnd().length);
      if (endsWithAbbreviation(candidate)) continue;
      sentences.push(candidate.trim());
      start = match.index + match[0].length;
    }
    const rest = flat.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}

/** The longest run of whole sentences that fits in `maxChars`; the first sentence is cut if it alone is too long. */
export function fitSentences(sentences: string[], maxChars: number, separator = " "): string {
  let out = "";
  for (const sentence of sentences) {
    const next = out ? `${out}${separator}${sentence}` : sentence;
    if (next.length > maxChars) break;
    out = next;
  }
  if (out || !sentences.length) return out;
  return truncateAtWord(sentences[0], maxChars);
}
