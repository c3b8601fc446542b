// Streaming XML reading within bounds, for the readers of sources' XML: the Unified Agenda edition
// (app/ingest/unified-agenda.server.ts), an eCFR part (app/rule-text/ecfr-part.ts) and a Federal Register document
// (app/rule-text/xml-reader.ts). saxes holds a piece (a text, a tag, a comment) whole until it ends, so a reader
// bounds how far one piece may run and how much it reads at all; the parser is given slices, so a bound is noticed
// within one slice of being passed, whatever size the chunks of the body come in.
import { SaxesParser, type SaxesTagPlain } from "saxes";

/** What the parser is given at a time. */
const SLICE_CHARS = 65_536;

/** The events a reader handles; every event also marks the end of a piece. Text and CDATA come apart. */
export type XmlHandlers = {
  opentag?: (tag: SaxesTagPlain) => void;
  closetag?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
  cdata?: (text: string) => void;
  /** saxes reports malformed XML here; without a handler, it throws from `write`. */
  error?: (error: Error) => void;
};

export type XmlBounds = {
  /** Characters the parser may take in without reaching the end of a piece. */
  maxPieceChars: number;
  /** Characters read at most: `write` takes in this many and refuses the rest. */
  maxChars?: number;
};

/** A bound passed: `piece` when one piece ran past maxPieceChars, `size` when the body ran past maxChars. */
export class XmlBoundPassed extends Error {
  constructor(
    readonly bound: "piece" | "size",
    readonly limit: number,
  ) {
    super(bound === "piece" ? `one piece of the XML runs past ${limit} characters` : `the XML runs past ${limit} characters`);
  }
}

/** A saxes parser fed in slices, counting the characters since a piece last ended and in all. */
export class BoundedXmlParser {
  private readonly parser = new SaxesParser({ position: false, xmlns: false });
  private sincePiece = 0;
  /** Characters given to the parser so far. */
  charsRead = 0;

  constructor(
    handlers: XmlHandlers,
    private readonly bounds: XmlBounds,
  ) {
    const pieceEnded = () => {
      this.sincePiece = 0;
    };
    for (const event of ["opentagstart", "comment", "processinginstruction", "doctype", "xmldecl"] as const) this.parser.on(event, pieceEnded);
    const { opentag, closetag, text, cdata, error } = handlers;
    this.parser.on("opentag", (tag) => {
      pieceEnded();
      opentag?.(tag);
    });
    this.parser.on("closetag", (tag) => {
      pieceEnded();
      closetag?.(tag);
    });
    this.parser.on("text", (chunk) => {
      pieceEnded();
      text?.(chunk);
    });
    this.parser.on("cdata", (chunk) => {
      pieceEnded();
      cdata?.(chunk);
    });
    if (error) this.parser.on("error", error);
  }

  /**
   * Gives the parser a chunk of text, slice by slice. Throws XmlBoundPassed once a bound is passed (the text up to
   * maxChars having been parsed), or whatever the parser or a handler throws.
   */
  write(chunk: string) {
    const maxChars = this.bounds.maxChars ?? Infinity;
    for (let at = 0; at < chunk.length;) {
      if (this.charsRead >= maxChars) throw new XmlBoundPassed("size", maxChars);
      const slice = chunk.slice(at, at + Math.min(SLICE_CHARS, maxChars - this.charsRead));
      at += slice.length;
      this.charsRead += slice.length;
      this.sincePiece += slice.length;
      this.parser.write(slice);
      if (this.sincePiece > this.bounds.maxPieceChars) throw new XmlBoundPassed("piece", this.bounds.maxPieceChars);
    }
  }

  /** Ends the document: throws (or reports to the error handler) when it is incomplete. */
  close() {
    this.parser.close();
  }
}

/** A body's text chunk by chunk, UTF-8 decoded across the chunks' boundaries, without a leading byte-order mark. */
export async function* textChunks(body: string | AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  let first = true;
  const withoutMark = (text: string) => {
    if (!first || !text) return text;
    first = false;
    return text.replace(/^\uFEFF/, "");
  };
  if (typeof body === "string") {
    yield withoutMark(body);
    return;
  }
  const decoder = new TextDecoder("utf-8");
  for await (const chunk of body) {
    const text = withoutMark(typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true }));
    if (text) yield text;
  }
  const rest = withoutMark(decoder.decode());
  if (rest) yield rest;
}
