// How a rule's XML is read: GPO's markup inside paragraphs, the parts that are not the document's own voice, the
// bounds (each reached with a warning, never a throw) and streamed input cut at any point.
import { describe, expect, it } from "vitest";
import { readRuleStatements } from "~/rule-text/statements";
import { RULE_TEXT_MAX_CHARS, RULE_TEXT_MAX_PIECE_CHARS, RULE_TEXT_PARAGRAPH_MAX_CHARS } from "~/rule-text/xml-reader";
import { documentWith, fixture } from "./documents";

const sentencesOf = async (xml: string | AsyncIterable<string | Uint8Array>) =>
  (await readRuleStatements(xml)).statements.map((statement) => statement.sentence);
const warningCodes = async (xml: string | AsyncIterable<string | Uint8Array>) => (await readRuleStatements(xml)).warnings.map((warning) => warning.code);

async function* chunks<T>(pieces: T[]) {
  for (const piece of pieces) yield piece;
}

/** The text cut before each position, in order. */
const cutAt = (text: string, positions: number[]) => [0, ...positions].map((start, i) => text.slice(start, positions[i] ?? text.length));

describe("markup inside paragraphs", () => {
  it("decodes GPO's character references and keeps inline elements' words, dropping footnote numbers", async () => {
    const paragraph =
      'This final rule is an <E T="03">E.O.</E> 14192 deregulatory action&#x2014;it removes &#xA7; 174.9 and &#x201C;Table&#xA0;2&#x201D;.<SU>1</SU>\n' +
      '      <FTREF/> This rule is <E T="03">not</E> a major rule<PRTPAGE P="41212"/> as defined by 5 U.S.C. 804(2).';
    expect(await sentencesOf(documentWith("RULE", paragraph))).toEqual([
      "This final rule is an E.O. 14192 deregulatory action\u2014it removes \u00a7 174.9 and \u201cTable 2\u201d.",
      "This rule is not a major rule as defined by 5 U.S.C. 804(2).",
    ]);
  });

  it("reads the preamble and the supplementary information, but not regulatory text, footnotes, quotations or tables", async () => {
    const statement = "This rule is a major rule.";
    const within = (element: string) => `<RULE><SUPLINF><${element}><P>${statement}</P></${element}></SUPLINF></RULE>`;
    for (const element of ["REGTEXT", "FTNT", "EXTRACT", "LSTSUB", "SIG"]) expect(await sentencesOf(within(element)), element).toEqual([]);
    expect(await sentencesOf(`<RULE><PREAMB><SUM><P>${statement}</P></SUM></PREAMB></RULE>`)).toEqual([statement]);
    expect(await sentencesOf(within("SUPLINF"))).toEqual([statement]);
  });

  it("gives a sentence repeated word for word one statement", async () => {
    const statement = "This final rule is an E.O. 14192 deregulatory action.";
    const xml = `<RULE><PREAMB><SUM><P>${statement}</P></SUM></PREAMB><SUPLINF><P>${statement}</P><P>This rule is an E.O. 14192 deregulatory action.</P></SUPLINF></RULE>`;
    expect(await sentencesOf(xml)).toEqual([statement, "This rule is an E.O. 14192 deregulatory action."]);
  });

  it("lists each CFR part a REGTEXT names once, and counts the amendatory instructions", async () => {
    const read = await readRuleStatements(
      '<RULE><SUPLINF><REGTEXT TITLE="40" PART="60, 63"><AMDPAR>1.</AMDPAR></REGTEXT><REGTEXT TITLE="40" PART="63"><AMDPAR>2.</AMDPAR><AMDPAR>3.</AMDPAR></REGTEXT>' +
        '<REGTEXT TITLE="40" PART="52a"/><REGTEXT PART="9"/><REGTEXT TITLE="7" PART="205"/></SUPLINF></RULE>',
    );
    expect(read.amends).toEqual([
      { title: 40, part: 60 },
      { title: 40, part: 63 },
      { title: 7, part: 205 },
    ]);
    expect(read.amendatoryInstructions).toBe(3);
  });
});

describe("faults in the document", () => {
  it("refuses a document whose root is not RULE or PRORULE", async () => {
    const read = await readRuleStatements("<NOTICE><SUPLINF><P>This rule is a major rule.</P></SUPLINF></NOTICE>");
    expect(read.documentType).toBeNull();
    expect(read.statements).toEqual([]);
    expect(read.warnings.map((warning) => warning.code)).toEqual(["not-a-rule"]);
  });

  it("keeps what was read before the XML breaks off", async () => {
    const read = await readRuleStatements("<RULE><SUPLINF><P>This rule is a major rule.</P><P>This rule is not a sign");
    expect(read.statements.map((statement) => statement.kind)).toEqual(["major-rule"]);
    expect(read.warnings.map((warning) => warning.code)).toEqual(["malformed"]);
  });

  it("keeps an entity XML does not define as written, and reads on", async () => {
    const read = await readRuleStatements(documentWith("RULE", "Costs &mdash; none. This rule is a major rule."));
    expect(read.statements.map((statement) => statement.sentence)).toEqual(["This rule is a major rule."]);
    expect(read.warnings.map((warning) => warning.code)).toEqual(["unknown-entity"]);
  });
});

describe("bounds", () => {
  const filler = "<P>The Department received comments on the scope of the proposed changes and addresses each of them below in turn.</P>\n";

  it("reads a 5 MB document of filler paragraphs to its end", async () => {
    const xml = `<RULE><SUPLINF>${filler.repeat(Math.ceil(5_000_000 / filler.length))}<P>This rule is a major rule.</P></SUPLINF></RULE>`;
    expect(xml.length).toBeGreaterThan(5_000_000);
    const read = await readRuleStatements(xml);
    expect(read.statements.map((statement) => statement.sentence)).toEqual(["This rule is a major rule."]);
    expect(read.warnings).toEqual([]);
  });

  it("refuses a document nested 10,000 deep with a warning, quickly", async () => {
    const xml = `<RULE><SUPLINF><P>This rule is a major rule.</P>${"<DIV>".repeat(10_000)}${"</DIV>".repeat(10_000)}</SUPLINF></RULE>`;
    const started = performance.now();
    const read = await readRuleStatements(xml);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(read.warnings.map((warning) => warning.code)).toEqual(["too-deep"]);
    expect(read.statements.map((statement) => statement.kind)).toEqual(["major-rule"]);
  });

  it("stops reading a stream at the total bound, and stops pulling its chunks", async () => {
    const chunk = filler.repeat(Math.ceil(1_000_000 / filler.length));
    const chunksInDocument = Math.ceil(RULE_TEXT_MAX_CHARS / chunk.length) + 5;
    let pulled = 0;
    async function* body() {
      yield "<RULE><SUPLINF><P>This rule is a major rule.</P>";
      for (let i = 0; i < chunksInDocument; i++, pulled++) yield chunk;
      yield "<P>This rule is an E.O. 14192 deregulatory action.</P></SUPLINF></RULE>";
    }
    const read = await readRuleStatements(body());
    expect(read.statements.map((statement) => statement.kind)).toEqual(["major-rule"]);
    expect(read.warnings.map((warning) => warning.code)).toEqual(["cut-document"]);
    expect(pulled).toBeLessThan(chunksInDocument);
  });

  it("cuts a paragraph at its bound and does not read the sentence the cut went through", async () => {
    const start = "This rule is a major rule. ";
    const figure = "This final rule will result in annualized cost savings of $4.6";
    const padding = "The analysis is set out below. ".repeat(Math.ceil(RULE_TEXT_PARAGRAPH_MAX_CHARS / 31));
    const paragraph = `${start}${padding}`.slice(0, RULE_TEXT_PARAGRAPH_MAX_CHARS - figure.length - 1) + ` ${figure} million over a perpetual time horizon.`;
    const read = await readRuleStatements(documentWith("RULE", paragraph));
    expect(read.statements.map((statement) => statement.kind)).toEqual(["major-rule"]);
    expect(read.warnings.map((warning) => warning.code)).toEqual(["cut-paragraph"]);
  });

  it("refuses a single piece longer than the parser may hold", async () => {
    expect(await warningCodes(`<RULE><SUPLINF><P>${"word ".repeat(RULE_TEXT_MAX_PIECE_CHARS / 4)}</P></SUPLINF></RULE>`)).toEqual(["long-piece"]);
  });
});

describe("streamed input", () => {
  const names = ["rule-2025-deregulatory-savings.xml", "prorule-2025-regulatory-costs.xml", "prorule-2025-not-significant.xml", "rule-2025-conflicting.xml"];

  it.each(names)("gives for %s, cut inside tags and entities, what the whole string gives", async (name) => {
    const xml = fixture(name);
    const whole = await readRuleStatements(xml);
    expect(whole.statements.length).toBeGreaterThan(0);
    const insideTag = xml.indexOf("<REGTEXT") + 4;
    const insideEntity = xml.indexOf("&#x201") + 4;
    expect(xml.slice(insideTag - 4, insideTag + 4)).toBe("<REGTEXT");
    expect(insideEntity).toBeGreaterThan(4);
    expect(
      await readRuleStatements(
        chunks(
          cutAt(
            xml,
            [insideEntity, insideTag].sort((a, b) => a - b),
          ),
        ),
      ),
    ).toEqual(whole);
    // Every few characters, at lengths that drift across every kind of boundary.
    const positions: number[] = [];
    for (let at = 0, step = 1; at < xml.length; step = (step % 7) + 1) positions.push((at += step));
    expect(await readRuleStatements(chunks(cutAt(xml, positions)))).toEqual(whole);
  });

  it("decodes bytes cut inside a character", async () => {
    const xml = fixture("prorule-2025-not-significant.xml");
    const bytes = new TextEncoder().encode(xml);
    const quote = bytes.indexOf(0xe2);
    expect(quote).toBeGreaterThan(0);
    const pieces = [bytes.slice(0, quote + 1), bytes.slice(quote + 1, quote + 2), bytes.slice(quote + 2)];
    expect(await readRuleStatements(chunks(pieces))).toEqual(await readRuleStatements(xml));
  });
});
