// Sentences of a Federal Register paragraph. app/text/sentences.ts splits summaries; this one also knows the
// curly quotes GPO closes terms with ("... a “major rule.” This rule ...") and the citations the regulatory
// analyses are full of ("E.O. 14192", "5 U.S.C. 804(2)", "82 FR 9339, Feb. 3, 2017", "Pub. L. 104-4").
import { collapseWhitespace } from "../text/sentences";

const ABBREVIATIONS = new Set(
  [
    ...["mr", "mrs", "ms", "dr", "no", "nos", "sec", "secs", "par", "para", "pt", "pts", "ch", "art", "fig", "pp", "id"],
    ...["v", "vs", "e.g", "i.e", "cf", "al", "seq", "approx", "inc", "co", "corp", "ltd", "llc", "dept"],
    ...["pub", "stat", "fed", "reg", "exec", "cong", "sess", "cir", "supp", "u.s", "u.s.c"],
    ...["jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"],
  ].map((word) => `${word}.`),
);

/** A sentence end: punctuation, any closing quotes or brackets, a space, then what can open a sentence. */
const BOUNDARY = /[.!?]["'\u201d\u2019)\]]*\s+(?=["'\u201c\u2018([]?[A-Z0-9\u00a7$])/g;

function endsWithAbbreviation(text: string) {
  const lastWord = text
    .slice(text.lastIndexOf(" ") + 1)
    .replace(/^[("[\u201c\u2018]+/, "")
    .replace(/["'\u201d\u2019)\]]+$/, "");
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return true;
  // Initials and acronyms written with dots: "E.O.", "U.S.C.", "L."
  return /^(?:[A-Z]\.)+$/.test(lastWord);
}

/** The sentences of one paragraph, whitespace collapsed, in order. */
export function splitSentences(paragraph: string): string[] {
  const text = collapseWhitespace(paragraph);
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].trimEnd().length;
    if (endsWithAbbreviation(text.slice(start, end))) continue;
    sentences.push(text.slice(start, end));
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}
