// The local provider on real Federal Register texts: summaries made of the source's own sentences,
// key facts that the text states, plain-text sanitising of outside text.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { extractiveSentences, keyFacts, summarizeExtractively, SUMMARY_MAX_CHARS } from "../../app/ai/extractive";
import { toPlainText } from "../../app/ai/plain-text.server";
import { readPage } from "../../app/ai/readable.server";
import { splitSentences } from "../../app/ai/sentences";

type Doc = { document_number: string; title: string; abstract: string | null };
const documents = (JSON.parse(fs.readFileSync("db/demo/federal-register-2025-sample.json", "utf8")) as { results: Doc[] }).results;
const flat = (text: string) => text.replace(/\s+/g, " ").trim();

/** The summary's sentences, without the "Key facts" block. */
function bodyOf(summary: string) {
  return summary.split("\n\nKey facts:\n")[0];
}

describe("local extractive summaries of Federal Register abstracts", () => {
  const withText = documents.filter((d) => d.abstract && d.abstract.trim().length > 0);

  it("are built only from whole sentences of the source, in source order", () => {
    expect(withText.length).toBeGreaterThan(1500);
    for (const doc of withText) {
      const source = flat(doc.abstract!);
      const summary = summarizeExtractively({ title: doc.title, text: doc.abstract! });
      expect(summary.length, doc.document_number).toBeGreaterThan(0);
      expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
      const chosen = extractiveSentences(doc.abstract!, doc.title);
      expect(bodyOf(summary)).toBe(chosen.join(" "));
      let cursor = -1;
      for (const sentence of chosen) {
        // A single sentence longer than the budget is cut, and marked so.
        const at = source.indexOf(sentence.endsWith("…") ? sentence.slice(0, -1) : sentence, cursor + 1);
        expect(at, `${doc.document_number}: "${sentence}"`).toBeGreaterThan(cursor);
        cursor = at;
      }
    }
  });

  it("shorten long texts and keep short ones whole", () => {
    const long = withText.filter((d) => d.abstract!.length > 1000);
    expect(long.length).toBeGreaterThan(20);
    for (const doc of long) expect(bodyOf(summarizeExtractively({ title: doc.title, text: doc.abstract! })).length).toBeLessThan(flat(doc.abstract!).length);
    const short = withText.find((d) => d.abstract!.length < 300 && splitSentences(d.abstract!).length <= 2)!;
    expect(bodyOf(summarizeExtractively({ title: short.title, text: short.abstract! }))).toBe(flat(short.abstract!));
  });

  it("are deterministic", () => {
    const doc = withText[42];
    expect(summarizeExtractively({ title: doc.title, text: doc.abstract! })).toBe(summarizeExtractively({ title: doc.title, text: doc.abstract! }));
  });

  it("state key facts only when the text or the metadata gives them", () => {
    let withFacts = 0;
    for (const doc of withText) {
      const facts = keyFacts({ title: doc.title, text: doc.abstract! });
      const source = flat(`${doc.title}. ${doc.abstract}`).toLowerCase();
      for (const [label, value] of facts) {
        expect(source, `${doc.document_number} ${label}`).toContain(value.toLowerCase());
        withFacts += 1;
      }
    }
    expect(withFacts).toBeGreaterThan(500);

    const ohio = documents.find((d) => d.document_number === "2025-00968")!;
    const facts = Object.fromEntries(keyFacts({ title: ohio.title, text: ohio.abstract! }));
    expect(facts.Agency).toBe("Environmental Protection Agency");
    const withMetadata = Object.fromEntries(
      keyFacts({ title: ohio.title, text: ohio.abstract!, agencies: ["Environmental Protection Agency"], documentType: "Rule", effectiveOn: "2025-02-20", commentsCloseOn: "2025-03-24" }),
    );
    expect(withMetadata).toEqual({
      Agency: "Environmental Protection Agency",
      Action: "Rule",
      "Effective date": "February 20, 2025",
      "Comment deadline": "March 24, 2025",
    });
  });

  it("summarize a readable web page, leaving navigation and footer out", () => {
    const page = readPage(fs.readFileSync("tests/fixtures/ai/news-release.html", "utf8"));
    expect(page.title).toBe("EPA Reinstates Ohio Air Nuisance Rule in State Implementation Plan");
    expect(page.text).toContain("The Air Nuisance Rule prohibits the emission of air contaminants");
    expect(page.text).not.toContain("Report a Violation");
    const summary = summarizeExtractively({ title: page.title, text: page.text });
    for (const sentence of splitSentences(bodyOf(summary))) expect(flat(page.text)).toContain(sentence);
    expect(summary).toContain("Effective date: February 20, 2025");
    expect(summary).toContain("Agency: Environmental Protection Agency");
  });
});

describe("sentence splitting", () => {
  it("does not break at abbreviations, initials or section numbers", () => {
    expect(
      splitSentences("The U.S. Department of Labor amends 29 CFR 1910.1200 effective Jan. 5, 2025. Comments are due by H.R. deadline. Done!"),
    ).toEqual(["The U.S. Department of Labor amends 29 CFR 1910.1200 effective Jan. 5, 2025.", "Comments are due by H.R. deadline.", "Done!"]);
  });
});

describe("plain text from outside", () => {
  it("drops markup and scripts and keeps the words", () => {
    const text = toPlainText('<p>The <b>EPA</b> &amp; <a href="https://x.test">DOE</a> acted.</p><script>alert(1)</script><p>Next.</p>', 500);
    expect(text).toBe("The EPA & DOE acted.\n\nNext.");
  });

  it("drops markdown decoration", () => {
    expect(toPlainText("## Heading\n**Bold** move with `code`.\n* item", 500)).toBe("Heading\nBold move with code.\n• item");
  });

  it("cuts at a sentence boundary within the limit", () => {
    const text = toPlainText("First sentence here. Second sentence is longer than the rest. Third.", 45);
    expect(text).toBe("First sentence here.");
  });
});
