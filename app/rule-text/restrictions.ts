// RegData's restriction words (shall, must, may not, required, prohibited) counted in what a redline removes and
// adds: how many binding words a rule took out of the CFR, and how many it put in.
//
// What counts, decided here: each word whole and in any case, so "required" counts and "requirement", "requires",
// "prohibits" do not; "may not" counts as one phrase (across any spacing), and "may" alone does not; "shall not"
// counts once, as "shall"; "must not" likewise once, as "must". Headings are not counted, only the text.
import type { Redline, RedlineParagraph, RedlineSection } from "./redline";

export const RESTRICTION_TERMS = ["shall", "must", "may not", "required", "prohibited"] as const;
export type RestrictionTerm = (typeof RESTRICTION_TERMS)[number];

// \b around the alternation: "musty" and "shallow" never match; the phrase allows a line break between its words.
const RESTRICTION = /\b(shall|must|may\s+not|required|prohibited)\b/gi;

export type RestrictionCounts = Record<RestrictionTerm, number>;
export type RestrictionChange = { removed: number; added: number };

const noCounts = (): RestrictionCounts => ({ shall: 0, must: 0, "may not": 0, required: 0, prohibited: 0 });

/** Each restriction term's count in a text. */
export function countRestrictions(text: string): RestrictionCounts {
  const counts = noCounts();
  for (const match of text.matchAll(RESTRICTION)) {
    const term = match[1].toLowerCase().replace(/\s+/g, " ") as RestrictionTerm;
    counts[term]++;
  }
  return counts;
}

const total = (counts: RestrictionCounts) => RESTRICTION_TERMS.reduce((sum, term) => sum + counts[term], 0);

/**
 * A paragraph's restrictions removed and added. A changed paragraph's old and new wording are counted whole and
 * compared term by term, rather than its removed and added segments alone: the word diff may keep "may" and add
 * "not", which adds a "may not" that neither segment holds.
 */
function paragraphChange(paragraph: RedlineParagraph): RestrictionChange {
  switch (paragraph.status) {
    case "same":
      return { removed: 0, added: 0 };
    case "removed":
      return { removed: total(countRestrictions(paragraph.text)), added: 0 };
    case "added":
      return { removed: 0, added: total(countRestrictions(paragraph.text)) };
    case "changed": {
      const before = countRestrictions(
        paragraph.segments
          .filter((segment) => segment.op !== "added")
          .map((segment) => segment.text)
          .join(""),
      );
      const after = countRestrictions(
        paragraph.segments
          .filter((segment) => segment.op !== "removed")
          .map((segment) => segment.text)
          .join(""),
      );
      const change = { removed: 0, added: 0 };
      for (const term of RESTRICTION_TERMS) {
        if (before[term] > after[term]) change.removed += before[term] - after[term];
        else change.added += after[term] - before[term];
      }
      return change;
    }
  }
}

/** Sums restriction changes: a section's paragraphs, a part's sections, or a rule's parts. */
export function sumRestrictionChanges(changes: Iterable<RestrictionChange>): RestrictionChange {
  const sum = { removed: 0, added: 0 };
  for (const change of changes) {
    sum.removed += change.removed;
    sum.added += change.added;
  }
  return sum;
}

export function sectionRestrictionChange(section: RedlineSection): RestrictionChange {
  return sumRestrictionChanges(section.paragraphs.map(paragraphChange));
}

/** A redline's restrictions removed and added, per section (those with any) and for the whole part. */
export function redlineRestrictions(redline: Redline): { sections: ({ number: string } & RestrictionChange)[]; total: RestrictionChange } {
  const sections = redline.sections
    .map((section) => ({ number: section.number, ...sectionRestrictionChange(section) }))
    .filter((section) => section.removed || section.added);
  return { sections, total: sumRestrictionChanges(sections) };
}

/** A rule's restrictions removed and added across the parts it amends, e.g. { removed: 37, added: 2 }. */
export function ruleRestrictions(redlines: Iterable<Redline>): RestrictionChange {
  return sumRestrictionChanges([...redlines].map((redline) => redlineRestrictions(redline).total));
}
