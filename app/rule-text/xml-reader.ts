// A Federal Register document's XML (GPO's rendition, the API's full_text_xml_url) read as a stream: its prose
// paragraphs handed on one at a time, the CFR parts its REGTEXT amends and its AMDPAR count kept, and every bound
// that cuts the reading reported as a warning, never thrown. Memory holds one chunk, one paragraph and at most
// RULE_TEXT_MAX_PIECE_CHARS of one piece, whatever the document.
import { formatCount } from "../text/count";
import type { SaxesTagPlain } from "saxes";
import { BoundedXmlParser, textChunks, XmlBoundPassed } from "../text/bounded-xml";
import type { DocumentType } from "./phrasing";
import type { CfrPartAmended, RuleTextWarning } from "./statements";

// A printed Federal Register page holds about 7,000 characters, so the longest rules (Medicare payment rules, 1,000
// to 2,000 pages) run to roughly 10 to 15 million characters with their markup. Documents nest under 10 deep
// (RULE > SUPLINF > REGTEXT > SECTION > GPOTABLE > ROW > ENT > E) and their paragraphs hold a few thousand characters.
/** Characters read at most; the rest of the document is not read. */
export const RULE_TEXT_MAX_CHARS = 30_000_000;
/** Elements nested deeper than this are no Federal Register document: the rest is not read. */
export const RULE_TEXT_MAX_DEPTH = 40;
/** A paragraph's text kept at most; the rest is dropped as it arrives. */
export const RULE_TEXT_PARAGRAPH_MAX_CHARS = 50_000;
/** Characters the parser may take in without reaching the end of a piece (saxes holds a piece whole). */
export const RULE_TEXT_MAX_PIECE_CHARS = 1_000_000;
/** Distinct CFR parts kept at most. */
const MAX_PARTS = 1_000;

const ROOTS = new Set<string>(["RULE", "PRORULE"]);
const PARAGRAPHS = new Set(["P", "FP"]);
/** Where the document does not speak of itself: regulatory text, footnotes, quotations, tables, lists, signatures. */
const NOT_ITS_OWN_VOICE = new Set(["REGTEXT", "AMDPAR", "SECTION", "PART", "FTNT", "EXTRACT", "GPOTABLE", "LSTSUB", "AUTH", "SIG"]);
/** Inline elements inside a paragraph whose text is no part of the sentence: footnote numbers. */
const DROPPED_INLINE = new Set(["SU"]);

export type DocumentRead = {
  documentType: DocumentType | null;
  amends: CfrPartAmended[];
  amendatoryInstructions: number;
  warnings: RuleTextWarning[];
};

/** A paragraph of the document's own prose; `cut` when it ran past RULE_TEXT_PARAGRAPH_MAX_CHARS. */
export type Paragraph = { text: string; cut: boolean; documentType: DocumentType };

/** A bound reached: reading stops with this warning. */
class StopReading extends Error {
  constructor(readonly warning: RuleTextWarning) {
    super(warning.message);
  }
}

/** The CFR parts a REGTEXT names: TITLE="40" PART="60" (or PART="60, 63"). */
function partsOf(tag: SaxesTagPlain): CfrPartAmended[] {
  const title = /^\s*(\d+)\s*$/.exec(tag.attributes.TITLE ?? "");
  if (!title) return [];
  return (tag.attributes.PART ?? "")
    .split(/\s*(?:,|\band\b|&)\s*/)
    .filter((part) => /^\d+$/.test(part.trim()))
    .map((part) => ({ title: Number(title[1]), part: Number(part) }))
    .filter((cfr) => cfr.title > 0 && cfr.part > 0);
}

/** Reads a document, calling `onParagraph` with each prose paragraph as it closes. */
export async function readRuleXml(xml: string | AsyncIterable<string | Uint8Array>, onParagraph: (paragraph: Paragraph) => void): Promise<DocumentRead> {
  const read: DocumentRead = { documentType: null, amends: [], amendatoryInstructions: 0, warnings: [] };
  const warn = (warning: RuleTextWarning) => {
    if (!read.warnings.some((known) => known.code === warning.code)) read.warnings.push(warning);
  };
  const partsSeen = new Set<string>();
  const open: string[] = [];
  let outsideOwnVoice = 0;
  let paragraph: { text: string; cut: boolean; depth: number; droppedFrom: number } | null = null;

  const onError = (error: Error) => {
    // An entity XML does not define (HTML's &mdash;) is kept as written; anything else ends the reading.
    if (!/undefined entity/.test(error.message)) throw error;
    warn({ code: "unknown-entity", message: "The document uses an entity XML does not define; it was kept as written." });
  };
  const opentag = (tag: SaxesTagPlain) => {
    if (!open.length) {
      if (!ROOTS.has(tag.name))
        throw new StopReading({ code: "not-a-rule", message: `The root element is <${tag.name}>, not RULE or PRORULE: nothing was read.` });
      read.documentType = tag.name as DocumentType;
    }
    if (open.length >= RULE_TEXT_MAX_DEPTH) {
      throw new StopReading({ code: "too-deep", message: `Elements nest more than ${RULE_TEXT_MAX_DEPTH} deep: the rest of the document was not read.` });
    }
    open.push(tag.name);
    if (tag.name === "AMDPAR") read.amendatoryInstructions++;
    if (tag.name === "REGTEXT") {
      for (const cfr of partsOf(tag)) {
        const key = `${cfr.title} ${cfr.part}`;
        if (partsSeen.size >= MAX_PARTS || partsSeen.has(key)) continue;
        partsSeen.add(key);
        read.amends.push(cfr);
      }
    }
    if (NOT_ITS_OWN_VOICE.has(tag.name)) outsideOwnVoice++;
    if (paragraph) {
      if (DROPPED_INLINE.has(tag.name) && !paragraph.droppedFrom) {
        // A footnote number between two words or after a full stop: a space keeps the words and sentences apart.
        paragraph.text += " ";
        paragraph.droppedFrom = open.length;
      }
    } else if (PARAGRAPHS.has(tag.name) && !outsideOwnVoice) {
      paragraph = { text: "", cut: false, depth: open.length, droppedFrom: 0 };
    }
  };
  const keepText = (text: string) => {
    if (!paragraph || paragraph.droppedFrom) return;
    const room = RULE_TEXT_PARAGRAPH_MAX_CHARS - paragraph.text.length;
    if (text.length > room) paragraph.cut = true;
    paragraph.text += text.slice(0, Math.max(0, room));
  };
  const closetag = (tag: SaxesTagPlain) => {
    if (paragraph && paragraph.droppedFrom === open.length) paragraph.droppedFrom = 0;
    if (paragraph && paragraph.depth === open.length) {
      if (paragraph.cut) {
        warn({ code: "cut-paragraph", message: `A paragraph ran past ${formatCount(RULE_TEXT_PARAGRAPH_MAX_CHARS)} characters: its end was not read.` });
      }
      onParagraph({ text: paragraph.text, cut: paragraph.cut, documentType: read.documentType! });
      paragraph = null;
    }
    if (NOT_ITS_OWN_VOICE.has(tag.name)) outsideOwnVoice--;
    open.pop();
  };

  // CDATA is not a paragraph's prose: only its end counts, as a piece's.
  const parser = new BoundedXmlParser(
    { opentag, closetag, text: keepText, error: onError },
    { maxPieceChars: RULE_TEXT_MAX_PIECE_CHARS, maxChars: RULE_TEXT_MAX_CHARS },
  );
  /** Gives the parser a chunk within the bounds; false once the reading has stopped. */
  const parse = (chunk: string): boolean => {
    try {
      parser.write(chunk);
      return true;
    } catch (error) {
      if (error instanceof StopReading) warn(error.warning);
      else if (error instanceof XmlBoundPassed && error.bound === "size")
        warn({ code: "cut-document", message: `The document runs past ${formatCount(RULE_TEXT_MAX_CHARS)} characters: the rest was not read.` });
      else if (error instanceof XmlBoundPassed)
        warn({
          code: "long-piece",
          message: `One piece of the document runs past ${formatCount(RULE_TEXT_MAX_PIECE_CHARS)} characters: the rest was not read.`,
        });
      else
        warn({ code: "malformed", message: `The XML is not well-formed (${error instanceof Error ? error.message : String(error)}): the rest was not read.` });
      return false;
    }
  };

  let reading = true;
  // Leaving the loop early ends the iterator, and with it the download it reads.
  for await (const chunk of textChunks(xml)) {
    reading = parse(chunk);
    if (!reading) break;
  }
  if (reading) {
    try {
      parser.close();
    } catch (error) {
      warn({ code: "malformed", message: `The XML is not well-formed (${error instanceof Error ? error.message : String(error)}): it ends early.` });
    }
  }
  return read;
}
