// Sentence splitting for regulatory prose, where "U.S.", "Dec." or "40 CFR 52.1" must not end a sentence.
import { truncateAtWord } from "./truncate";

const ABBREVIATIONS = new Set(
  [
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "sr",
    "jr",
    "st",
    "no",
    "nos",
    "v",
    "vs",
    "e.g",
    "i.e",
    "etc",
    "inc",
    "co",
    "corp",
    "ltd",
    "llc",
    "dept",
    "gov",
    "sec",
    "secs",
    "art",
    "fig",
    "approx",
    "est",
    "pub",
    "stat",
    "ch",
    "pt",
    "par",
    "para",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
    "cf",
    "al",
    "u.s",
    "u.s.c",
  ].map((a) => `${a}.`),
);

function endsWithAbbreviation(text: string) {
  const lastWord = text.slice(text.lastIndexOf(" ") + 1).replace(/^[("[]+/, "");
  if (ABBREVIATIONS.has(lastWord.toLowerCase())) return true;
  // Initials and acronyms written with dots: "H.R.", "S.", "D.C."
  return /^(?:[A-Z]\.)+$/.test(lastWord);
}

/** Collapses runs of whitespace to single spaces. */
export function collapseWhitespace(text: string) {
  return text.replace(/\s+/g, " ").trim();
}

/** The sentences of a text, in order, each trimmed; paragraph breaks always end a sentence. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n\s*\n|\r?\n(?=\s*[-•*]\s)/)) {
    const flat = collapseWhitespace(paragraph);
    if (!flat) continue;
    const boundary = /[.!?]["')\]]*\s+(?=["'([]?[A-Z0-9])/g;
    let start = 0;
    for (let match = boundary.exec(flat); match; match = boundary.exec(flat)) {
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
