// Reading a CFR part's eCFR XML into sections: the versioner's answer (tests/fixtures/ecfr) and the bulk files'
// shape, any chunking of the stream, and the bounds, each reported as a warning rather than thrown.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PARAGRAPH_MAX_CHARS, PART_MAX_DEPTH, PART_MAX_PIECE_CHARS, PART_MAX_SECTIONS, readPart, readPartSections } from "~/rule-text/ecfr-part";

const before = readFileSync("tests/fixtures/ecfr/title-40-part-990-2025-03-31.xml", "utf8");

async function* chunksOf(text: string, size: number) {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}
async function* bytesOf(text: string, size: number) {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
const part = (sections: string) => `<?xml version="1.0"?>\n<DIV5 N="1" TYPE="PART"><HEAD>PART 1&#x2014;TEST</HEAD>\n${sections}</DIV5>\n`;
const sectionXml = (number: string, body: string) => `<DIV8 N="${number}" TYPE="SECTION"><HEAD>&#xA7; ${number} Heading.</HEAD>${body}</DIV8>\n`;

describe("readPart on the versioner's answer", () => {
  it("reads the part's heading and its sections and appendix in order, recognising the reserved ones", async () => {
    const read = await readPart(before);
    expect(read).toMatchObject({ number: "990", heading: "PART 990—EMISSION STANDARDS FOR WIDGET COATING OPERATIONS", cut: false, warnings: [] });
    expect(read.sections.map(({ number, heading, reserved }) => [number, heading, reserved])).toEqual([
      ["990.1", "Applicability.", false],
      ["990.2", "Definitions.", false],
      ["990.3", "Prohibited activities.", false],
      ["990.4", "Compliance schedule.", false],
      ["990.5", "Operating permits.", false],
      ["990.6", "[Reserved]", true],
      ["990.10", "Emission limits.", false],
      ["990.11–990.12", "[Reserved]", true],
      ["990.13", "Monitoring.", false],
      ["Appendix A to Part 990", "Test Method for Coating Solids", false],
    ]);
  });

  it("makes each block a paragraph: inline markup flattened, a table's rows with their cells, notes, extracts and footnotes", async () => {
    const limits = (await readPart(before)).sections.find((section) => section.number === "990.10")!;
    expect(limits.paragraphs).toEqual([
      "(a) Each coating line shall meet the organic HAP limit in table 1 to this paragraph (a), as a 12-month rolling average.1",
      "Table 1 to Paragraph (a)",
      "Coating line | Limit (kg HAP/liter of coating solids)",
      "Metal widgets | 0.35",
      "Plastic widgets | 0.50",
      "(b) The limit for a line coating both kinds is the usage-weighted average of the two limits.",
      "Note 1 to paragraph (b):",
      "A line that coats only a few plastic widgets a year may use the metal limit for all of them.",
      "The emission rate is computed as E = MHAP / Vs.",
      "1 Monthly values are those required by § 990.13.",
    ]);
  });

  it("leaves out what is not the regulation's text: citations, section authorities, effective-date notes", async () => {
    const monitoring = (await readPart(before)).sections.find((section) => section.number === "990.13")!;
    expect(monitoring.paragraphs).toEqual([
      "(a) Record the volume and HAP content of each coating used on each line every month.",
      "Calculations",
      "(b) Sum the monthly HAP mass over the last 12 months and divide by the coating solids applied in the same months.",
    ]);
  });

  it("reads the bulk title files' shape too: N with the section sign, NODE, sections under chapters", async () => {
    const bulk = `<?xml version="1.0" encoding="UTF-8" ?>
<DLPSTEXTCLASS><TEXT><BODY><ECFRBRWS>
<DIV1 N="1" NODE="1:1" TYPE="TITLE"><HEAD>Title 1&#x2014;General Provisions</HEAD>
<DIV3 N="I" NODE="1:1.0.1" TYPE="CHAPTER"><HEAD>CHAPTER I&#x2014;TEST</HEAD>
<DIV5 N="1" NODE="1:1.0.1.1.1" TYPE="PART"><HEAD>PART 1&#x2014;DEFINITIONS</HEAD>
<DIV8 N="&#xA7; 1.1" NODE="1:1.0.1.1.1.0.1.1" TYPE="SECTION"><HEAD>&#xA7; 1.1   Definitions.</HEAD>
<P><I>Agency</I> means each authority of the United States.</P></DIV8>
<DIV8 N="&#xA7;&#xA7; 1.2&#x2013;1.3" NODE="1:1.0.1.1.1.0.1.2" TYPE="SECTION"><HEAD>&#xA7;&#xA7; 1.2&#x2013;1.3   [Reserved]</HEAD></DIV8>
</DIV5></DIV3></DIV1></ECFRBRWS></BODY></TEXT></DLPSTEXTCLASS>`;
    const read = await readPart(bulk);
    expect(read).toMatchObject({ number: "1", heading: "PART 1—DEFINITIONS" });
    expect(read.sections).toEqual([
      { number: "1.1", heading: "Definitions.", paragraphs: ["Agency means each authority of the United States."], reserved: false },
      { number: "1.2–1.3", heading: "[Reserved]", paragraphs: [], reserved: true },
    ]);
  });

  it("takes a section whose only text is [Reserved] under its heading for reserved", async () => {
    const read = await readPart(part(sectionXml("1.4", "<P>[Reserved]</P>")));
    expect(read.sections).toEqual([{ number: "1.4", heading: "Heading.", paragraphs: [], reserved: true }]);
  });
});

describe("readPart on a stream", () => {
  it("gives the same sections however the text is cut into chunks", async () => {
    const whole = await readPart(before);
    for (const size of [1, 2, 3, 7, 13, 64, 1_000, 4_096]) expect(await readPart(chunksOf(before, size))).toEqual(whole);
  });

  it("gives the same sections when bytes are cut inside a character (§ is two bytes, — three)", async () => {
    const whole = await readPart(before);
    for (const size of [1, 5, 17, 333]) expect(await readPart(bytesOf(before, size))).toEqual(whole);
  });

  it("yields a section as soon as it closes, before the rest has arrived", async () => {
    let pulled = 0;
    async function* slowly() {
      for await (const chunk of chunksOf(before, 500)) {
        pulled++;
        yield chunk;
      }
    }
    for await (const section of readPartSections(slowly())) {
      expect(section.number).toBe("990.1");
      break;
    }
    expect(pulled).toBeLessThan(Math.ceil(before.length / 500));
  });
});

describe("the bounds of readPart", () => {
  it("cuts a paragraph past PARAGRAPH_MAX_CHARS and reads on", async () => {
    const read = await readPart(part(sectionXml("1.1", `<P>${"word ".repeat(PARAGRAPH_MAX_CHARS / 4)}</P>`) + sectionXml("1.2", "<P>Next.</P>")));
    expect(read.sections[0].paragraphs[0].length).toBeLessThanOrEqual(PARAGRAPH_MAX_CHARS);
    expect(read.sections[1].paragraphs).toEqual(["Next."]);
    expect(read.warnings).toEqual([{ kind: "paragraph", stopped: false, message: "A paragraph of § 1.1 ran past 50,000 characters; it was cut there." }]);
    expect(read.cut).toBe(false);
  });

  it("skips the text of markup nested past PART_MAX_DEPTH and reads on", async () => {
    const deep = "<E>".repeat(PART_MAX_DEPTH) + "buried" + "</E>".repeat(PART_MAX_DEPTH);
    const read = await readPart(part(sectionXml("1.1", `<P>Kept ${deep} text.</P>`) + sectionXml("1.2", "<P>Next.</P>")));
    expect(read.sections.map((section) => section.paragraphs)).toEqual([["Kept text."], ["Next."]]);
    expect(read.warnings).toMatchObject([{ kind: "depth", stopped: false }]);
  });

  it("stops at a piece of text longer than PART_MAX_PIECE_CHARS, keeping the sections read before", async () => {
    const read = await readPart(part(sectionXml("1.1", "<P>First.</P>") + sectionXml("1.2", `<P>${"x".repeat(PART_MAX_PIECE_CHARS + 200_000)}</P>`)));
    expect(read.sections.map((section) => section.number)).toEqual(["1.1"]);
    expect(read.cut).toBe(true);
    expect(read.warnings).toEqual([
      {
        kind: "piece",
        stopped: true,
        message: "One piece of the XML (a text or a tag) runs past 4,000,000 characters. § 1.2 and the sections after it were not read.",
      },
    ]);
  });

  it("stops at maxChars, dropping the section it was in the middle of", async () => {
    const cutAt = before.indexOf('<DIV8 N="990.5"') + 500;
    const read = await readPart(before, { maxChars: cutAt });
    expect(read.sections.map((section) => section.number)).toEqual(["990.1", "990.2", "990.3", "990.4"]);
    expect(read.cut).toBe(true);
    expect(read.warnings).toEqual([
      {
        kind: "size",
        stopped: true,
        message: `The document runs past ${cutAt.toLocaleString("en-US")} characters. § 990.5 and the sections after it were not read.`,
      },
    ]);
  });

  it("stops after PART_MAX_SECTIONS sections", async () => {
    const many = Array.from({ length: PART_MAX_SECTIONS + 2 }, (_, i) => `<DIV8 N="1.${i}" TYPE="SECTION"><P>x</P></DIV8>`).join("");
    const read = await readPart(part(many));
    expect(read.sections).toHaveLength(PART_MAX_SECTIONS);
    expect(read.warnings).toMatchObject([{ kind: "sections", stopped: true }]);
  });

  it("stops at XML that is not well-formed, keeping what came before, and never throws", async () => {
    const read = await readPart(part(sectionXml("1.1", "<P>First.</P>") + sectionXml("1.2", "<P>Broken.</Q>")));
    expect(read.sections.map((section) => section.number)).toEqual(["1.1"]);
    expect(read.cut).toBe(true);
    expect(read.warnings).toMatchObject([{ kind: "malformed", stopped: true }]);
    await expect(readPart("not XML at all")).resolves.toMatchObject({ sections: [], cut: true });
  });

  it("throws the body's own error (a failed download) as it is", async () => {
    async function* failing() {
      yield before.slice(0, 1_000);
      throw new Error("connection reset");
    }
    await expect(readPart(failing())).rejects.toThrow("connection reset");
  });

  it("reads on past an entity the XML never defined", async () => {
    const read = await readPart(part(sectionXml("1.1", "<P>One &mdash; two.</P>") + sectionXml("1.2", "<P>Next.</P>")));
    expect(read.sections.map((section) => section.number)).toEqual(["1.1", "1.2"]);
    expect(read.warnings).toMatchObject([{ kind: "malformed", stopped: false }]);
  });
});
