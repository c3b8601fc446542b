// The local provider on real Federal Register texts: summaries made of the source's own sentences,
// key facts from the document's own fields, plain-text sanitising of outside text.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { extractiveSentences, keyFacts, summarizeExtractively, AI_SUMMARY_MAX_CHARS } from "~/ai/extractive";
import { toPlainText } from "~/text/plain-text";
import { federalRegisterArticle, type FederalRegisterPage } from "~/ingest/federal-register";
import { readPage } from "~/ai/readable.server";
import { splitSentences } from "~/text/sentences";

type Doc = { document_number: string; title: string; abstract: string | null };
const documents = (JSON.parse(fs.readFileSync("scripts/demo/federal-register-2025-sample.json", "utf8")) as { results: Doc[] }).results;
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
      expect(summary.length).toBeLessThanOrEqual(AI_SUMMARY_MAX_CHARS);
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

  it("state key facts only from the document's own fields, never pieced together from the text", () => {
    // The demo sample carries no agency or type fields: its texts name agencies, but nothing is guessed from them.
    for (const doc of withText) expect(keyFacts({ title: doc.title, text: doc.abstract! }), doc.document_number).toEqual([]);

    const manatee = documents.find((d) => d.document_number === "2025-00467")!;
    expect(manatee.abstract).toContain("We, the U.S. Fish and Wildlife Service (Service), propose");
    expect(summarizeExtractively({ title: manatee.title, text: manatee.abstract! })).not.toMatch(/Key facts|Agency:/);
    // With the agencies the Federal Register lists for it, they come whole.
    const withFields = summarizeExtractively({
      title: manatee.title,
      text: manatee.abstract!,
      agencies: ["Interior Department", "Fish and Wildlife Service"],
      documentType: "Proposed Rule",
      registerAction: "Proposed rule; request for comments.",
      commentsCloseOn: "2025-03-17",
    });
    expect(withFields).toContain(
      "Key facts:\nAgencies: Interior Department; Fish and Wildlife Service\nDocument type: Proposed Rule\nAction: Proposed rule; request for comments\nComment deadline: March 17, 2025",
    );
    expect(withFields).not.toMatch(/Agenc(?:y|ies): Wildlife Service/);
  });

  it("take every fact of a Federal Register API document from its fields, whole", () => {
    const page = JSON.parse(fs.readFileSync("tests/fixtures/feeds/federal-register-page-1.json", "utf8")) as FederalRegisterPage;
    const source = { id: null, name: "Federal Register", category: "government" };
    const facts = page.results!.map((doc) => {
      const article = federalRegisterArticle(doc, source);
      return Object.fromEntries(keyFacts({ ...article, text: article.summary }));
    });
    expect(facts).toEqual([
      { Agency: "Council on Environmental Quality", "Document type": "Rule", Action: "Final rule", "Effective date": "July 3, 2025" },
      { Agency: "Federal Aviation Administration", "Document type": "Rule", Action: "Final rule" },
      { Agency: "Environmental Protection Agency", "Document type": "Proposed Rule", "Comment deadline": "September 2, 2025" },
    ]);
  });

  it("leave out a fact that does not fit rather than cut it", () => {
    const long = withText.find((d) => d.abstract!.length > 1500)!;
    const agencies = Array.from({ length: 12 }, (_, i) => `Office of Regulatory Review Number ${i + 1}`);
    const summary = summarizeExtractively({ title: long.title, text: long.abstract!, agencies, documentType: "Notice", effectiveOn: "2025-05-01" });
    expect(summary.length).toBeLessThanOrEqual(AI_SUMMARY_MAX_CHARS);
    const lines = summary.split("\n\nKey facts:\n")[1]?.split("\n") ?? [];
    // The agencies' line is too long to fit beside the text: it is left out, the shorter facts stay, all whole.
    expect(lines).toEqual(["Document type: Notice", "Effective date: May 1, 2025"]);
    expect(summary).not.toContain("Office of Regulatory Review");
  });

  it("summarize a readable web page, leaving navigation and footer out", async () => {
    const page = await readPage(fs.readFileSync("tests/fixtures/ai/news-release.html", "utf8"));
    expect(page.title).toBe("EPA Reinstates Ohio Air Nuisance Rule in State Implementation Plan");
    expect(page.text).toContain("The Air Nuisance Rule prohibits the emission of air contaminants");
    expect(page.text).not.toContain("Report a Violation");
    const summary = summarizeExtractively({ title: page.title, text: page.text });
    for (const sentence of splitSentences(bodyOf(summary))) expect(flat(page.text)).toContain(sentence);
    // A web page has no document fields: its own sentences say who acted and when.
    expect(summary).not.toContain("Key facts");
  });
});

describe("sentence splitting", () => {
  it("does not break at abbreviations, initials or section numbers", () => {
    expect(splitSentences("The U.S. Department of Labor amends 29 CFR 1910.1200 effective Jan. 5, 2025. Comments are due by H.R. deadline. Done!")).toEqual([
      "The U.S. Department of Labor amends 29 CFR 1910.1200 effective Jan. 5, 2025.",
      "Comments are due by H.R. deadline.",
      "Done!",
    ]);
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
