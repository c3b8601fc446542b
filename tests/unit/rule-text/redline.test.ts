// The redline of a CFR part: every section status on the fixture (tests/fixtures/ecfr, before and after a rule that
// took effect 2025-04-01), the paragraph and word segments, and the bounds. A 20 MB part: large-part.test.ts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type CfrSection, readPart } from "~/rule-text/ecfr-part";
import { PARAGRAPH_DIFF_MAX_EDITS, RENUMBER_MAX_COMPARISONS, type RedlineSection, redlineParts, redlineSchema } from "~/rule-text/redline";

const fixture = (name: string) => readFileSync(`tests/fixtures/ecfr/${name}`, "utf8");
const section = (number: string, paragraphs: string[], heading = "Heading."): CfrSection => ({ number, heading, paragraphs, reserved: false });
const reserved = (number: string): CfrSection => ({ number, heading: "[Reserved]", paragraphs: [], reserved: true });

async function fixtureRedline() {
  const before = await readPart(fixture("title-40-part-990-2025-03-31.xml"));
  const after = await readPart(fixture("title-40-part-990-2025-04-01.xml"));
  return redlineParts(before, after);
}

describe("the redline of the fixture part", () => {
  it("gives every section its status, in the newer text's order with a removed section after its predecessor", async () => {
    const redline = await fixtureRedline();
    expect(redline.sections.map(({ number, status }) => [number, status])).toEqual([
      ["990.1", "unchanged"], // only its citation changed, and citations are not the regulation's text
      ["990.2", "changed"],
      ["990.3", "reserved"],
      ["990.4", "removed"],
      ["990.6", "unchanged"], // reserved before and after
      ["990.7", "renumbered"],
      ["990.8", "added"],
      ["990.10", "changed"],
      ["990.11–990.12", "unchanged"],
      ["990.13", "unchanged"], // its effective-date note went away: not text either
      ["Appendix A to Part 990", "unchanged"],
    ]);
    expect(redline.complete).toBe(true);
    expect(redline.warnings).toEqual([]);
  });

  it("aligns a changed section's paragraphs and diffs the changed one word by word", async () => {
    const definitions = (await fixtureRedline()).sections.find((entry) => entry.number === "990.2")!;
    expect(definitions.paragraphs.map((paragraph) => paragraph.status)).toEqual(["same", "same", "removed", "changed", "added", "same"]);
    expect(definitions.paragraphs[2]).toEqual({
      status: "removed",
      text: "Owner or operator means the person who owns, leases, controls, or supervises a coating line.",
    });
    expect(definitions.paragraphs[3]).toEqual({
      status: "changed",
      segments: [
        { text: "Solvent means a liquid used to dissolve or thin a coating, which ", op: "same" },
        { text: "shall", op: "removed" },
        { text: "must", op: "added" },
        { text: " be counted as applied when it leaves the ", op: "same" },
        { text: "spray ", op: "added" },
        { text: "gun.", op: "same" },
      ],
    });
    expect(definitions.paragraphs[4]).toEqual({
      status: "added",
      text: "Waste coating means coating collected for disposal, which is not required to be counted as applied.",
    });
  });

  it("diffs a table's changed row and keeps the unchanged paragraphs around it, flagged same", async () => {
    const limits = (await fixtureRedline()).sections.find((entry) => entry.number === "990.10")!;
    const changed = limits.paragraphs.filter((paragraph) => paragraph.status === "changed");
    expect(changed).toEqual([
      {
        status: "changed",
        segments: [
          { text: "Metal widgets | 0.", op: "same" },
          { text: "35", op: "removed" },
          { text: "30", op: "added" },
        ],
      },
    ]);
    expect(limits.paragraphs.filter((paragraph) => paragraph.status === "same")).toHaveLength(9);
  });

  it("finds the renumbered section by its content, and diffs it against its old text", async () => {
    const permits = (await fixtureRedline()).sections.find((entry) => entry.number === "990.7")!;
    expect(permits).toMatchObject({ status: "renumbered", previousNumber: "990.5", heading: "Operating permits." });
    expect(permits.paragraphs.find((paragraph) => paragraph.status === "changed")).toMatchObject({
      segments: [{ op: "same" }, { text: "5", op: "removed" }, { text: "3", op: "added" }, { op: "same" }],
    });
  });

  it("shows what a reserved or removed section had, and lists an unchanged one by its paragraph count only", async () => {
    const redline = await fixtureRedline();
    const byNumber = new Map(redline.sections.map((entry) => [entry.number, entry]));
    expect(byNumber.get("990.3")).toMatchObject({ heading: "[Reserved]", previousHeading: "Prohibited activities." });
    expect(byNumber.get("990.3")!.paragraphs.every((paragraph) => paragraph.status === "removed")).toBe(true);
    expect(byNumber.get("990.4")!.paragraphs).toHaveLength(2);
    expect(byNumber.get("990.13")).toEqual({ number: "990.13", heading: "Monitoring.", status: "unchanged", paragraphs: [], unchangedParagraphs: 3 });
  });

  it("is plain data its zod declaration accepts, and survives JSON", async () => {
    const redline = await fixtureRedline();
    expect(redlineSchema.parse(JSON.parse(JSON.stringify(redline)))).toEqual(redline);
  });
});

describe("redlineParts", () => {
  it("marks a section whose text moved to a new number, reserved at the old one, without showing that text twice", () => {
    const text = ["(a) The owner or operator keeps each record for five years.", "(b) Records are kept on paper or electronically."];
    const redline = redlineParts(
      { sections: [section("1.1", text), section("1.2", ["Other text."])] },
      { sections: [reserved("1.1"), section("1.2", ["Other text."]), section("1.3", text)] },
    );
    expect(redline.sections).toEqual<RedlineSection[]>([
      { number: "1.1", heading: "[Reserved]", previousHeading: "Heading.", status: "reserved", movedTo: "1.3", paragraphs: [] },
      { number: "1.2", heading: "Heading.", status: "unchanged", paragraphs: [], unchangedParagraphs: 1 },
      { number: "1.3", heading: "Heading.", status: "renumbered", previousNumber: "1.1", paragraphs: [], unchangedParagraphs: 2 },
    ]);
  });

  it("does not take different text at a new number for a renumbering", () => {
    const redline = redlineParts(
      { sections: [section("1.1", ["The owner keeps each record for five years at the plant."])] },
      { sections: [section("1.2", ["Each operator reports its emissions to the State every quarter."])] },
    );
    expect(redline.sections.map((entry) => entry.status)).toEqual(["removed", "added"]);
  });

  it("past RENUMBER_MAX_COMPARISONS pairs, finds only the renumbered sections whose text is identical", () => {
    const count = Math.floor(Math.sqrt(RENUMBER_MAX_COMPARISONS)) + 2; // one identical pair, then more than the bound
    const text = (i: number) => [`(a) Section ${i} sets out rule number ${i} for the owner of each affected line.`];
    const older = Array.from({ length: count }, (_, i) => section(`1.${i}`, text(i)));
    // Each moves to a new number; the first keeps its text exactly, the others change one word.
    const newer = Array.from({ length: count }, (_, i) => section(`2.${i}`, i === 0 ? text(i) : [text(i)[0].replace("owner", "operator")]));
    const redline = redlineParts({ sections: older }, { sections: newer });
    expect(redline.sections.filter((entry) => entry.status === "renumbered").map((entry) => [entry.previousNumber, entry.number])).toEqual([["1.0", "2.0"]]);
    expect(redline.warnings).toEqual([
      `${count - 1} sections left and ${count - 1} arrived: too many to compare by content, so only sections with identical text were found renumbered.`,
    ]);
  });

  it("says nothing was removed when the newer text was cut short, only that those sections were not compared", () => {
    const redline = redlineParts(
      { sections: [section("1.1", ["A."]), section("1.2", ["B."])] },
      { sections: [section("1.1", ["A."])], cut: true, warnings: [{ kind: "size", stopped: true, message: "The document runs past 10 characters." }] },
    );
    expect(redline.sections.map((entry) => [entry.number, entry.status])).toEqual([
      ["1.1", "unchanged"],
      ["1.2", "not-compared"],
    ]);
    expect(redline.complete).toBe(false);
    expect(redline.warnings).toEqual(["Newer text: The document runs past 10 characters."]);
  });

  it("shows a section replaced whole when its paragraphs differ past the paragraph bound", () => {
    const many = (prefix: string) => Array.from({ length: PARAGRAPH_DIFF_MAX_EDITS }, (_, i) => `${prefix} paragraph ${i}.`);
    const redline = redlineParts({ sections: [section("1.1", many("Old"))] }, { sections: [section("1.1", many("New"))] });
    const [entry] = redline.sections;
    expect(entry).toMatchObject({ status: "changed", bounded: true });
    expect(entry.paragraphs.filter((paragraph) => paragraph.status === "removed")).toHaveLength(PARAGRAPH_DIFF_MAX_EDITS);
    expect(entry.paragraphs.filter((paragraph) => paragraph.status === "added")).toHaveLength(PARAGRAPH_DIFF_MAX_EDITS);
    expect(redline.warnings).toEqual(["A diff bound was reached in 1 section: some text is shown replaced rather than diffed word by word."]);
  });
});

describe("the bounds of a diff", () => {
  const words = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(" ");

  it("falls back to a section replaced whole when every word of a 1 MB section of paragraphs changed", () => {
    const paragraphs = (prefix: string) => Array.from({ length: 4_000 }, (_, p) => words(`${prefix}${p}x`, 40));
    const [before, after] = [paragraphs("a"), paragraphs("b")];
    expect(before.join("\n").length).toBeGreaterThan(1_000_000);
    const [entry] = redlineParts({ sections: [section("1.1", before)] }, { sections: [section("1.1", after)] }).sections;
    expect(entry).toMatchObject({ status: "changed", bounded: true });
    expect(entry.paragraphs).toEqual([...before.map((text) => ({ status: "removed", text })), ...after.map((text) => ({ status: "added", text }))]);
  });

  it("shows a 1 MB paragraph whose every word changed as replaced, without diffing unrelated text", () => {
    const [before, after] = [words("a", 140_000), words("b", 140_000)];
    expect(before.length).toBeGreaterThan(1_000_000);
    const [entry] = redlineParts({ sections: [section("1.1", [before])] }, { sections: [section("1.1", [after])] }).sections;
    expect(entry.paragraphs).toEqual([
      { status: "removed", text: before },
      { status: "added", text: after },
    ]);
  });

  it("stops a word diff at its edit bound and shows the paragraph replaced", () => {
    // Half the words in common keeps the two alike enough to be diffed; the other half, all changed, is past the bound.
    const shared = words("w", 150_000);
    const [before, after] = [`${words("a", 130_000)} ${shared}`, `${words("b", 130_000)} ${shared}`];
    const redline = redlineParts({ sections: [section("1.1", [before])] }, { sections: [section("1.1", [after])] });
    expect(redline.sections[0]).toEqual({
      number: "1.1",
      heading: "Heading.",
      status: "changed",
      bounded: true,
      paragraphs: [
        { status: "removed", text: before },
        { status: "added", text: after },
      ],
    });
  });
});
