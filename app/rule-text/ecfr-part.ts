// A CFR part's text from eCFR's XML (GET /api/versioner/v1/full/{date}/title-{n}.xml?part=P, or the bulk title
// files), read as a stream into sections of plain paragraphs: what a redline compares. The markup is the eCFR XML
// User Guide's: DIV5 TYPE="PART" holds DIV6 TYPE="SUBPART"s holding DIV8 TYPE="SECTION"s (N="63.1" from the API,
// N="§ 63.1" in bulk files), each a HEAD and blocks (P, FP, HD1, NOTE, EXTRACT, tables...) whose inline markup
// (I, E, SU...) is flattened to text. Shape: tests/fixtures/ecfr/README.md.
import { formatCount } from "../text/count";
import type { SaxesTagPlain } from "saxes";
import { BoundedXmlParser, textChunks, XmlBoundPassed } from "../text/bounded-xml";

export type CfrSection = {
  /** "63.1", "9.2–9.3" for a reserved range, or an appendix's name ("Appendix A to Part 63"). */
  number: string;
  /** The heading without its number: "Applicability." or "[Reserved]". */
  heading: string;
  paragraphs: string[];
  /** A placeholder ("§ 63.4 [Reserved]") with no text of its own. */
  reserved: boolean;
};

export type PartWarning = {
  /** depth: markup nested too deep was skipped; paragraph: a paragraph was cut short; size, piece, sections: a bound
   * was reached; malformed: the XML is not well-formed, or uses an entity it never defined. */
  kind: "depth" | "paragraph" | "size" | "piece" | "sections" | "malformed";
  /** The reading stopped here: the sections after this point are missing. */
  stopped: boolean;
  message: string;
};

export type CfrPart = {
  /** The part's number and heading from its DIV5, when the document has one. */
  number: string | null;
  heading: string | null;
  sections: CfrSection[];
  /** The reading stopped before the end of the document: sections after that point are missing. */
  cut: boolean;
  warnings: PartWarning[];
};

export type PartBody = string | AsyncIterable<string | Uint8Array>;

// Bounds that hold whatever a source sends, set well above real parts: the largest, 40 CFR 63, runs to tens of
// megabytes.
/** Elements nested deeper than this are skipped (with a warning); a table cell in a bulk title file is about 20 deep. */
export const PART_MAX_DEPTH = 48;
/** A paragraph's text kept at most; the rest is dropped as it arrives. */
export const PARAGRAPH_MAX_CHARS = 50_000;
/** Characters read from one document at most: the reading stops there, keeping the sections completed before. */
export const PART_MAX_CHARS = 100_000_000;
/** Sections (and appendices) kept at most. */
export const PART_MAX_SECTIONS = 50_000;
/** saxes holds a piece (a text, a tag) whole until it ends, so a longer piece stops the reading rather than fill memory. */
export const PART_MAX_PIECE_CHARS = 4_000_000;

/** Elements whose text is not the regulation's: citations of the amending documents, editorial and effective-date notes
 * (an effective-date note describes a future amendment, which would show as a change that has not happened), page marks. */
const SKIPPED = new Set(["CITA", "SECAUTH", "EDNOTE", "EFFDNOT", "PRTPAGE", "AUTH", "SOURCE", "FTREF"]);
/** Elements that run inside a line of text. */
const INLINE = new Set(["I", "E", "B", "SU", "FR", "AC", "SUB", "SUP", "EM", "STRONG", "SPAN", "A", "XREF"]);
/** Table cells: a row's cells make one paragraph, separated by " | ". */
const CELLS = new Set(["ENT", "CHED", "TD", "TH"]);

const collapse = (text: string) => text.replace(/\s+/g, " ").trim();
const isSectionElement = (name: string, type: string) => (/^DIV\d$/.test(name) && type === "SECTION") || (name === "DIV9" && type === "APPENDIX");
const RESERVED = /^\[Reserved\]\.?$/i;
const ENDS_RESERVED = /\[Reserved\]\.?$/i;

/** How a section is named in a message: "§ 63.1", or an appendix's own name. */
export const sectionLabel = (number: string) => (/^\d/.test(number) ? `§ ${number}` : number);

/** "§ 63.1" or "63.1" as the N attribute gives it → "63.1". */
function sectionNumber(n: string) {
  return collapse(n.replace(/^§+/, ""));
}

/** "§ 63.1   Applicability." → "Applicability."; "Appendix A to Part 63—Test Methods" → "Test Methods". */
function headingWithoutNumber(head: string, number: string) {
  let heading = collapse(head).replace(/^§+\s*/, "");
  if (number && heading.startsWith(number)) heading = heading.slice(number.length);
  return heading.replace(/^[\s—–:.-]+/, "").trim();
}

/** Stops the reading from inside a parser event, with the warning that says why. */
class StopReading extends Error {
  constructor(
    readonly kind: PartWarning["kind"],
    message: string,
  ) {
    super(message);
  }
}

/** The warning of a bound passed while feeding the parser. */
function boundStop(passed: XmlBoundPassed) {
  return passed.bound === "piece"
    ? new StopReading("piece", `One piece of the XML (a text or a tag) runs past ${formatCount(passed.limit)} characters.`)
    : new StopReading("size", `The document runs past ${formatCount(passed.limit)} characters.`);
}

export type ReadPartOptions = {
  /** Characters read at most; PART_MAX_CHARS unless a caller expects less. */
  maxChars?: number;
  onWarning?: (warning: PartWarning) => void;
  /** Called with the part's number and heading once its HEAD is read. */
  onPart?: (part: { number: string; heading: string }) => void;
};

/**
 * Reads a part's XML, yielding each section (and appendix) in document order as soon as it closes: memory holds one
 * slice of the input, the section being read and at most PART_MAX_PIECE_CHARS of one piece. Never throws for what
 * the document holds: a bound reached or broken XML is reported to `onWarning`, and the reading stops or goes on
 * as the warning says. A section being read when the reading stops is dropped, not yielded in part. An error of
 * the body itself (a failed download) is thrown as it is.
 */
export async function* readPartSections(body: PartBody, options: ReadPartOptions = {}): AsyncGenerator<CfrSection> {
  const warned = new Set<PartWarning["kind"]>();
  const warnOnce = (kind: PartWarning["kind"], message: string) => {
    if (warned.has(kind)) return;
    warned.add(kind);
    options.onWarning?.({ kind, stopped: false, message });
  };
  const done: CfrSection[] = [];
  let depth = 0;
  /** How many open elements are skipped (SKIPPED, or past PART_MAX_DEPTH): their text is not kept. */
  let skipping = 0;
  let part: { number: string; depth: number; heading: string | null } | null = null;
  let readingPartHead = false;
  // Set and cleared by the parser's events: typed so, not narrowed to null here.
  let section = null as (CfrSection & { depth: number; headRead: boolean }) | null;
  let readingHead = false;
  let head = "";
  let paragraph = "";
  let sectionsKept = 0;

  const flushParagraph = () => {
    if (!section) return;
    const text = collapse(paragraph);
    paragraph = "";
    if (text) section.paragraphs.push(text);
  };
  const keepText = (text: string) => {
    if (skipping) return;
    if (readingHead || readingPartHead) {
      if (head.length < PARAGRAPH_MAX_CHARS) head += text.slice(0, PARAGRAPH_MAX_CHARS - head.length);
      return;
    }
    if (!section) return;
    if (!paragraph && !text.trim()) return;
    const room = PARAGRAPH_MAX_CHARS - paragraph.length;
    if (text.length > room)
      warnOnce("paragraph", `A paragraph of ${sectionLabel(section.number)} ran past ${formatCount(PARAGRAPH_MAX_CHARS)} characters; it was cut there.`);
    if (room > 0) paragraph += text.slice(0, room);
  };

  const onError = (error: Error) => {
    // eCFR writes characters as numeric references; a named one it never declared is kept as written, not fatal.
    if (/undefined entity/i.test(error.message)) return warnOnce("malformed", `The XML uses an entity it does not define (${error.message}).`);
    throw new StopReading("malformed", `The XML is not well-formed (${error.message}).`);
  };
  const opentag = (tag: SaxesTagPlain) => {
    depth++;
    if (skipping || depth > PART_MAX_DEPTH || SKIPPED.has(tag.name)) {
      if (!skipping && depth > PART_MAX_DEPTH) warnOnce("depth", `Elements nest more than ${PART_MAX_DEPTH} deep; their text was skipped.`);
      skipping++;
      return;
    }
    const type = String(tag.attributes.TYPE ?? "").toUpperCase();
    if (!section && isSectionElement(tag.name, type)) {
      if (sectionsKept >= PART_MAX_SECTIONS) {
        throw new StopReading("sections", `The part has more than ${formatCount(PART_MAX_SECTIONS)} sections.`);
      }
      section = { number: sectionNumber(String(tag.attributes.N ?? "")), heading: "", paragraphs: [], reserved: false, depth, headRead: false };
      return;
    }
    if (!part && !section && tag.name === "DIV5" && type === "PART") {
      part = { number: collapse(String(tag.attributes.N ?? "")), depth, heading: null };
      return;
    }
    if (tag.name === "HEAD" && section && !section.headRead && depth === section.depth + 1) {
      readingHead = true;
      head = "";
      return;
    }
    if (tag.name === "HEAD" && part && part.heading === null && !section && depth === part.depth + 1) {
      readingPartHead = true;
      head = "";
      return;
    }
    if (!section) return;
    if (CELLS.has(tag.name)) {
      if (paragraph.trim()) paragraph += " | ";
    } else if (!INLINE.has(tag.name)) flushParagraph();
  };
  const closetag = (tag: SaxesTagPlain) => {
    const closingDepth = depth--;
    if (skipping) {
      skipping--;
      return;
    }
    if (readingHead && section && tag.name === "HEAD") {
      readingHead = false;
      section.headRead = true;
      // Without an N attribute, the number is the heading's first word after the section sign.
      if (!section.number) section.number = /^§*\s*(\S+)/.exec(collapse(head))?.[1] ?? "";
      section.heading = headingWithoutNumber(head, section.number);
      return;
    }
    if (readingPartHead && part && tag.name === "HEAD") {
      readingPartHead = false;
      part.heading = collapse(head);
      options.onPart?.({ number: part.number, heading: part.heading });
      return;
    }
    if (!section) return;
    if (closingDepth === section.depth) {
      flushParagraph();
      const { depth: _depth, headRead: _headRead, ...kept } = section;
      // "§ 63.4 [Reserved]" with no text, or a heading over nothing but "[Reserved]".
      kept.reserved = kept.paragraphs.every((text) => RESERVED.test(text)) && (kept.paragraphs.length > 0 || ENDS_RESERVED.test(kept.heading));
      if (kept.reserved) kept.paragraphs = [];
      done.push(kept);
      sectionsKept++;
      section = null;
      return;
    }
    if (INLINE.has(tag.name)) return;
    if (CELLS.has(tag.name)) paragraph += " ";
    else flushParagraph();
  };

  const maxChars = options.maxChars ?? PART_MAX_CHARS;
  const parser = new BoundedXmlParser(
    { opentag, closetag, text: keepText, cdata: keepText, error: onError },
    // Up to maxChars is read, so that the sections closing before it are kept.
    { maxPieceChars: PART_MAX_PIECE_CHARS, maxChars },
  );
  try {
    for await (const chunk of textChunks(body)) {
      parser.write(chunk);
      yield* done.splice(0);
    }
    parser.close();
  } catch (caught) {
    const error = caught instanceof XmlBoundPassed ? boundStop(caught) : caught;
    // saxes reports its errors to the handler above, which stops with a StopReading: anything else is the body's.
    if (!(error instanceof StopReading)) throw error;
    // Sections completed before the stop are kept; the one being read is not.
    const leftOut = section ? ` ${sectionLabel(section.number)} and the sections after it were not read.` : " The rest was not read.";
    options.onWarning?.({ kind: error.kind, stopped: true, message: error.message + leftOut });
  }
  yield* done.splice(0);
}

/** Reads a whole part into memory (see readPartSections for the bounds). */
export async function readPart(body: PartBody, { maxChars }: { maxChars?: number } = {}): Promise<CfrPart> {
  const result: CfrPart = { number: null, heading: null, sections: [], cut: false, warnings: [] };
  const options: ReadPartOptions = {
    maxChars,
    onWarning: (warning) => {
      result.warnings.push(warning);
      if (warning.stopped) result.cut = true;
    },
    onPart: ({ number, heading }) => {
      result.number = number;
      result.heading = heading;
    },
  };
  for await (const section of readPartSections(body, options)) result.sections.push(section);
  return result;
}
