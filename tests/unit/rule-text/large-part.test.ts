// A 20 MB part, generated as it streams (no data committed), parsed and diffed against a changed copy within a
// memory bound. In a file of its own so that the heap it starts from holds nothing of other tests.
import { describe, expect, it } from "vitest";
import { readPart } from "~/rule-text/ecfr-part";
import { redlineParts } from "~/rule-text/redline";

describe("a 20 MB part", () => {
  /** mulberry32: the same seed gives the same text, so both versions of a section start alike. */
  const randomFrom = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const VOCABULARY = (
    "the owner or operator shall must may not required prohibited each affected source emission limit coating line record report " +
    "month year Administrator permit monitor calculate average hazardous air pollutant control device test method sample volume"
  ).split(" ");
  const SECTIONS = 7_700;

  function sectionXml(number: string, seed: number, edit: "none" | "reword" | "reserve") {
    const random = randomFrom(seed);
    const sentence = (count: number) => Array.from({ length: count }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(" ");
    const heading = sentence(4);
    const paragraphs = Array.from({ length: 8 }, (_, p) => `(${String.fromCharCode(97 + p)}) ${sentence(45)}.`);
    if (edit === "reword") paragraphs[3] = paragraphs[3].replace(/\.$/, ", as amended.");
    const body = edit === "reserve" ? "" : paragraphs.map((text) => `<P>${text.replace(/ (limit|record) /, " <I>$1</I> ")}</P>\n`).join("");
    return `<DIV8 N="${number}" TYPE="SECTION">\n<HEAD>&#xA7; ${number} ${edit === "reserve" ? "[Reserved]" : `${heading}.`}</HEAD>\n${body}<CITA TYPE="N">[90 FR ${seed}]</CITA>\n</DIV8>\n`;
  }

  /**
   * The part as eCFR would send it, streamed in 64 KB chunks and never held whole. The newer version rewords a
   * paragraph in every 50th section and, in every 700, removes one section, reserves one and renumbers one; it adds
   * ten sections at its end. `onChunk` is called as each chunk is handed over.
   */
  async function* generatedPart(version: "older" | "newer", onChunk: (chars: number) => void) {
    let buffer = `<?xml version="1.0"?>\n<DIV5 N="63" TYPE="PART">\n<HEAD>PART 63&#x2014;GENERATED</HEAD>\n<DIV6 N="A" TYPE="SUBPART">\n`;
    const flush = () => {
      onChunk(buffer.length);
      const chunk = buffer;
      buffer = "";
      return chunk;
    };
    for (let i = 1; i <= SECTIONS; i++) {
      const newer = version === "newer";
      if (newer && i % 700 === 1) continue;
      const number = newer && i % 700 === 3 ? `63.${100_000 + i}` : `63.${i}`;
      buffer += sectionXml(number, i, !newer ? "none" : i % 700 === 2 ? "reserve" : i % 50 === 0 ? "reword" : "none");
      if (buffer.length >= 65_536) yield flush();
    }
    if (version === "newer") for (let i = 1; i <= 10; i++) buffer += sectionXml(`64.${i}`, SECTIONS + i, "none");
    buffer += "</DIV6>\n</DIV5>\n";
    yield flush();
  }

  it("parses, and diffs against a changed copy, within 200 MB of heap and of RSS", async () => {
    const start = process.memoryUsage();
    let peakHeap = start.heapUsed;
    let peakRss = start.rss;
    const sample = () => {
      const now = process.memoryUsage();
      peakHeap = Math.max(peakHeap, now.heapUsed);
      peakRss = Math.max(peakRss, now.rss);
    };
    let streamed = 0;
    const onChunk = (chars: number) => {
      streamed += chars;
      sample();
    };

    const older = await readPart(generatedPart("older", onChunk));
    const olderChars = streamed;
    expect(olderChars).toBeGreaterThan(20_000_000);
    const newer = await readPart(generatedPart("newer", onChunk));
    sample();
    const redline = redlineParts(older, newer);
    sample();

    const count = (status: string) => redline.sections.filter((entry) => entry.status === status).length;
    expect(older.sections).toHaveLength(SECTIONS);
    expect({
      changed: count("changed"),
      removed: count("removed"),
      reserved: count("reserved"),
      renumbered: count("renumbered"),
      added: count("added"),
    }).toEqual({
      changed: SECTIONS / 50,
      removed: SECTIONS / 700,
      reserved: SECTIONS / 700,
      renumbered: SECTIONS / 700,
      added: 10,
    });
    expect(count("unchanged")).toBe(SECTIONS - SECTIONS / 50 - (3 * SECTIONS) / 700);
    expect(redline.complete).toBe(true);

    const megabytes = (bytes: number) => Math.round(bytes / 1_048_576);
    console.info(
      `Two versions of ${megabytes(olderChars)} MB each: heap grew ${megabytes(peakHeap - start.heapUsed)} MB, RSS ${megabytes(peakRss - start.rss)} MB at most`,
    );
    expect(peakHeap - start.heapUsed).toBeLessThan(200 * 1_048_576);
    expect(peakRss - start.rss).toBeLessThan(200 * 1_048_576);
  });
});
