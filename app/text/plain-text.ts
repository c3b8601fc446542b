// Text from outside (a feed, a web page, a model's answer) becomes plain text before it is stored: markup
// dropped, entities decoded, control characters removed. Nothing from outside is ever rendered as HTML.
import { compile } from "html-to-text";
import { fitSentences, splitSentences } from "./sentences";

/** C0 control characters other than tab and line breaks, and DEL: never meaningful in stored text. */
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const collapse = (text: string) => text.replace(CONTROL_CHARS, "").replace(/\s+/g, " ").trim();

/** Anything shaped like a tag, comment, CDATA section, declaration or processing instruction. */
const TAG_LIKE = /<\/?[a-z][^>]*>|<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[|\]\]>|<![a-z][^>]*>|<\?[^>]*>/gi;
/** Feeds escape their HTML once, sometimes twice or three times; deeper escaping is not worth unwrapping. */
const MAX_DECODE_PASSES = 3;

const LOOKS_LIKE_HTML = /<\/?[a-z][\w-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

/** Links without their targets, no images, headings in their own case, tables kept as rows. */
const PARAGRAPH_SELECTORS = [
  { selector: "a", options: { ignoreHref: true } },
  { selector: "img", format: "skip" },
  { selector: "h1", options: { uppercase: false } },
  { selector: "h2", options: { uppercase: false } },
  { selector: "h3", options: { uppercase: false } },
  { selector: "table", format: "dataTable" },
];

const ONE_LINE_OPTIONS = {
  wordwrap: false as const,
  preserveNewlines: false,
  selectors: [
    ...PARAGRAPH_SELECTORS,
    { selector: "script", format: "skip" },
    { selector: "style", format: "skip" },
    { selector: "ul", options: { itemPrefix: " " } },
  ],
};

// Compiled once: html-to-text's convert() compiles its options (the selectors' matcher) on every call, which cost
// more than the conversion itself while ingesting (docs/benchmarks.md, "Ingest").
const toOneLine = compile(ONE_LINE_OPTIONS);
const toParagraphs = compile({ wordwrap: false, selectors: PARAGRAPH_SELECTORS });

function convertOnce(html: string) {
  try {
    return toOneLine(html);
  } catch (error) {
    // html-to-text walks the document recursively, so absurdly deep nesting overflows the stack;
    // markup like that has no structure worth keeping: drop the tags and read what is left.
    if (!(error instanceof RangeError)) throw error;
    return toOneLine(html.replace(TAG_LIKE, " "));
  }
}

/**
 * HTML (or plain text with entities) to one line of plain text: tags dropped, entities decoded, links without
 * their targets. Text that still decodes to markup (a feed that escaped its HTML twice) is read again, and
 * anything tag-shaped that survives is removed: what comes out never holds markup.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (!html) return "";
  let text = html;
  // Most titles and Federal Register abstracts are already plain text: skip the HTML parser for them.
  for (let pass = 0; pass < MAX_DECODE_PASSES && /[<&]/.test(text); pass++) {
    const next = convertOnce(text);
    if (next === text) break;
    text = next;
  }
  return collapse(text.replace(TAG_LIKE, " "));
}

/** HTML to plain text that keeps its paragraphs and line breaks (a readable page, a model's answer). */
export function htmlToParagraphs(html: string) {
  return toParagraphs(html);
}

/** Plain text of at most `maxChars`, cut at a sentence boundary; paragraphs kept as blank-line breaks. */
export function toPlainText(raw: string, maxChars: number) {
  let text = LOOKS_LIKE_HTML.test(raw) ? htmlToParagraphs(raw) : raw;
  text = text
    .replace(CONTROL_CHARS, "")
    .replace(/\*\*|__|`+/g, "")
    .replace(/^\s{0,3}#{1,6}\s+/gm, "")
    .replace(/^\s*[*+]\s+/gm, "• ")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (text.length <= maxChars) return text;
  const paragraphs = text.split("\n\n");
  let out = "";
  for (const paragraph of paragraphs) {
    const room = maxChars - (out ? out.length + 2 : 0);
    if (room <= 0) break;
    const piece = paragraph.length <= room ? paragraph : fitSentences(splitSentences(paragraph), room);
    if (!piece) break;
    out = out ? `${out}\n\n${piece}` : piece;
    if (piece !== paragraph) break;
  }
  return out;
}
