// Text from outside (a model's answer, a web page) becomes plain, length-limited text before it is stored:
// markup is dropped, entities decoded, markdown decoration removed. The UI renders it as text, never as HTML.
import { convert } from "html-to-text";
import { fitSentences, splitSentences } from "./sentences";

const LOOKS_LIKE_HTML = /<\/?[a-z][\w-]*(?:\s[^<>]*)?\/?>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i;

export function htmlToPlainText(html: string) {
  return convert(html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: "h3", options: { uppercase: false } },
      { selector: "table", format: "dataTable" },
    ],
  });
}

/** Plain text of at most `maxChars`, cut at a sentence boundary; paragraphs kept as blank-line breaks. */
export function toPlainText(raw: string, maxChars: number) {
  let text = LOOKS_LIKE_HTML.test(raw) ? htmlToPlainText(raw) : raw;
  text = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
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
