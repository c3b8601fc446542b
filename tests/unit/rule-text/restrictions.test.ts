// RegData's restriction words, counted in what a redline removes and adds.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readPart } from "~/rule-text/ecfr-part";
import { redlineParts } from "~/rule-text/redline";
import { countRestrictions, redlineRestrictions, ruleRestrictions } from "~/rule-text/restrictions";

const fixture = (name: string) => readFileSync(`tests/fixtures/ecfr/${name}`, "utf8");

describe("countRestrictions", () => {
  it("counts whole words in any case, and 'may not' as one phrase", () => {
    expect(countRestrictions("The operator SHALL report. It Must keep records. It may not vent, as required; venting is prohibited.")).toEqual({
      shall: 1,
      must: 1,
      "may not": 1,
      required: 1,
      prohibited: 1,
    });
  });

  it("does not count other forms of the words, or 'may' alone", () => {
    const none = { shall: 0, must: 0, "may not": 0, required: 0, prohibited: 0 };
    expect(countRestrictions("A requirement requires what it prohibits; mustard, shallow, mayor not; the operator may vent.")).toEqual(none);
  });

  it("counts 'shall not' once, as shall, and finds 'may not' across a line break", () => {
    expect(countRestrictions("It shall not vent. It may\nnot burn.")).toMatchObject({ shall: 1, "may not": 1 });
  });
});

describe("the restrictions a redline removes and adds", () => {
  it("counts them per section and for the part on the fixture", async () => {
    const redline = redlineParts(await readPart(fixture("title-40-part-990-2025-03-31.xml")), await readPart(fixture("title-40-part-990-2025-04-01.xml")));
    expect(redlineRestrictions(redline)).toEqual({
      sections: [
        // "shall" became "must" in one definition; a new one says "required".
        { number: "990.2", removed: 1, added: 2 },
        // Reserved: shall, required, may not, prohibited, must ("must not" counts as must).
        { number: "990.3", removed: 5, added: 0 },
        // Removed: must, must, shall.
        { number: "990.4", removed: 3, added: 0 },
        // Added: must, must.
        { number: "990.8", removed: 0, added: 2 },
      ],
      total: { removed: 9, added: 4 },
    });
  });

  it("sees a restriction made by a word the diff added next to one it kept ('may' kept, 'not' added)", () => {
    const redline = redlineParts(
      { sections: [{ number: "1.1", heading: "Venting.", reserved: false, paragraphs: ["(a) The owner may vent gas from the line during a startup."] }] },
      { sections: [{ number: "1.1", heading: "Venting.", reserved: false, paragraphs: ["(a) The owner may not vent gas from the line during a startup."] }] },
    );
    expect(redline.sections[0].paragraphs[0]).toMatchObject({ status: "changed" });
    expect(redlineRestrictions(redline).total).toEqual({ removed: 0, added: 1 });
  });

  it("adds up a rule's parts", async () => {
    const redline = redlineParts(await readPart(fixture("title-40-part-990-2025-03-31.xml")), await readPart(fixture("title-40-part-990-2025-04-01.xml")));
    expect(ruleRestrictions([redline, redline])).toEqual({ removed: 18, added: 8 });
  });
});
