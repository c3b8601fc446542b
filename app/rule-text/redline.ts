// A redline of a CFR part between two versions (the day before a final rule's effective date, and the date): its
// sections matched by number, or by content when renumbered; within a changed section its paragraphs aligned, and
// each changed paragraph diffed word by word. The diffing is jsdiff's, bounded in edits, time and characters: past a
// bound, text is shown replaced rather than diffed. The result is plain data a page renders.
import { formatCount } from "../text/count";
import { diffArrays, diffWords } from "diff";
import { z } from "zod";
import { type CfrSection, type PartWarning, sectionLabel } from "./ecfr-part";

export const segmentSchema = z.object({ text: z.string(), op: z.enum(["same", "removed", "added"]) });
export type Segment = z.output<typeof segmentSchema>;

/** A paragraph of the redline: kept as it was ("same", for the page to fold), removed, added, or changed word by word. */
export const redlineParagraphSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("same"), text: z.string() }),
  z.object({ status: z.literal("removed"), text: z.string() }),
  z.object({ status: z.literal("added"), text: z.string() }),
  z.object({ status: z.literal("changed"), segments: z.array(segmentSchema) }),
]);
export type RedlineParagraph = z.output<typeof redlineParagraphSchema>;

/**
 * unchanged; changed; removed (no longer in the part); reserved (had text, now "[Reserved]"); added (new, or text at
 * a number that was reserved); renumbered (the same or nearly the same text under a new number); not-compared (on one
 * side only while the other side's text was cut short by a bound, so whether it was removed or added is unknown).
 */
export const sectionStatusSchema = z.enum(["unchanged", "changed", "removed", "reserved", "added", "renumbered", "not-compared"]);
export type SectionStatus = z.output<typeof sectionStatusSchema>;

export const redlineSectionSchema = z.object({
  number: z.string().describe("The section's number in the newer text (in the older one for a removed section)."),
  heading: z.string(),
  status: sectionStatusSchema,
  previousNumber: z.string().optional().describe("A renumbered section's number in the older text."),
  previousHeading: z.string().optional().describe("The older heading, when it changed."),
  movedTo: z.string().optional().describe("A section reserved or removed whose text went to this renumbered section."),
  paragraphs: z.array(redlineParagraphSchema),
  unchangedParagraphs: z.number().int().optional().describe("An unchanged section's paragraph count: its text is not repeated."),
  bounded: z.boolean().optional().describe("A diff bound was reached: some of its text is shown replaced, not diffed word by word."),
});
export type RedlineSection = z.output<typeof redlineSectionSchema>;

export const redlineSchema = z.object({
  sections: z.array(redlineSectionSchema),
  /** Both texts were read to their end. */
  complete: z.boolean(),
  warnings: z.array(z.string()),
});
export type Redline = z.output<typeof redlineSchema>;

/** A version of a part as readPart gives it. */
export type PartText = { sections: readonly CfrSection[]; cut?: boolean; warnings?: readonly PartWarning[] };

/** Paragraphs added plus removed in one section past which the section is shown replaced whole. */
export const PARAGRAPH_DIFF_MAX_EDITS = 2_000;
/** Words added plus removed in one paragraph past which it is shown replaced (a diff this long is no easier to read). */
export const WORD_DIFF_MAX_EDITS = 2_000;
/** Each diff gives up after this long; a safety net only, since the edit bounds come first on any real text. */
export const DIFF_TIMEOUT_MS = 2_000;
/** Characters diffed word by word in one redline at most; the changed paragraphs past them are shown replaced. */
export const WORD_DIFF_BUDGET_CHARS = 20_000_000;
/** How alike (Dice coefficient of word pairs) two sections must be for a new number to count as a renumbering. */
export const RENUMBER_MIN_SIMILARITY = 0.8;
/** Section pairs compared by content at most; past it, only sections with identical text are found renumbered. */
export const RENUMBER_MAX_COMPARISONS = 40_000;
/** Words of a section that its fingerprint takes: enough to tell sections apart, bounded for the longest. */
const FINGERPRINT_WORDS = 2_000;
/** How alike two paragraphs must be (Dice coefficient of their words) to be shown as one changed paragraph. */
const PARAGRAPH_MIN_SIMILARITY = 0.5;

const WORD = /[\p{L}\p{N}]+/gu;

function dice<T>(a: ReadonlySet<T>, b: ReadonlySet<T>) {
  if (!a.size && !b.size) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const item of small) if (large.has(item)) shared++;
  return (2 * shared) / (a.size + b.size);
}

const wordsOf = (text: string) => new Set(text.toLowerCase().match(WORD) ?? []);

/** A section's word pairs (from its heading and first FINGERPRINT_WORDS words), which survive a renumbering. */
function fingerprint(section: CfrSection) {
  const words: string[] = [];
  for (const text of [section.heading, ...section.paragraphs]) {
    for (const word of text.toLowerCase().matchAll(WORD)) {
      words.push(word[0]);
      if (words.length >= FINGERPRINT_WORDS) break;
    }
    if (words.length >= FINGERPRINT_WORDS) break;
  }
  const pairs = new Set<string>();
  for (let i = 1; i < words.length; i++) pairs.add(`${words[i - 1]} ${words[i]}`);
  return pairs;
}

const sameText = (a: CfrSection, b: CfrSection) =>
  a.heading === b.heading && a.paragraphs.length === b.paragraphs.length && a.paragraphs.every((text, i) => text === b.paragraphs[i]);
const textKey = (section: CfrSection) => [section.heading, ...section.paragraphs].join("\n");

/** What bounds a redline's work across its sections. */
type Budget = { wordDiffChars: number; exhausted: boolean };

const removed = (text: string): RedlineParagraph => ({ status: "removed", text });
const added = (text: string): RedlineParagraph => ({ status: "added", text });

/** A changed paragraph word by word, or null when a bound was reached (then it is shown replaced). */
function wordSegments(before: string, after: string, budget: Budget): Segment[] | null {
  const size = before.length + after.length;
  if (size > budget.wordDiffChars) {
    budget.exhausted = true;
    return null;
  }
  budget.wordDiffChars -= size;
  const changes = diffWords(before, after, { maxEditLength: WORD_DIFF_MAX_EDITS, timeout: DIFF_TIMEOUT_MS });
  if (!changes) return null;
  return changes.map((change) => ({ text: change.value, op: change.added ? "added" : change.removed ? "removed" : "same" }));
}

/**
 * Pairs a run of removed paragraphs with the run of added ones that replaced it: alike paragraphs become one changed
 * paragraph; a paragraph with no alike partner nearby stays removed or added. Returns whether a bound was reached.
 */
function pairRuns(removedRun: string[], addedRun: string[], out: RedlineParagraph[], budget: Budget) {
  // Each paragraph's words are taken once, however many neighbours it is compared with.
  const removedWords: Set<string>[] = [];
  const addedWords: Set<string>[] = [];
  const alike = (i: number, j: number) =>
    dice((removedWords[i] ??= wordsOf(removedRun[i])), (addedWords[j] ??= wordsOf(addedRun[j]))) >= PARAGRAPH_MIN_SIMILARITY;
  let bounded = false;
  let i = 0;
  let j = 0;
  while (i < removedRun.length && j < addedRun.length) {
    if (alike(i, j)) {
      const segments = wordSegments(removedRun[i], addedRun[j], budget);
      if (segments) out.push({ status: "changed", segments });
      else {
        bounded = true;
        out.push(removed(removedRun[i]), added(addedRun[j]));
      }
      i++;
      j++;
    } else if (i + 1 < removedRun.length && alike(i + 1, j)) out.push(removed(removedRun[i++]));
    else if (j + 1 < addedRun.length && alike(i, j + 1)) out.push(added(addedRun[j++]));
    else out.push(removed(removedRun[i++]), added(addedRun[j++]));
  }
  for (; i < removedRun.length; i++) out.push(removed(removedRun[i]));
  for (; j < addedRun.length; j++) out.push(added(addedRun[j]));
  return bounded;
}

/** Two versions of a section's paragraphs, aligned; past PARAGRAPH_DIFF_MAX_EDITS the whole section is shown replaced. */
function diffParagraphs(before: readonly string[], after: readonly string[], budget: Budget) {
  const changes = diffArrays(before as string[], after as string[], { maxEditLength: PARAGRAPH_DIFF_MAX_EDITS, timeout: DIFF_TIMEOUT_MS });
  if (!changes) return { paragraphs: [...before.map(removed), ...after.map(added)], bounded: true };
  const paragraphs: RedlineParagraph[] = [];
  let bounded = false;
  let removedRun: string[] = [];
  let addedRun: string[] = [];
  const flushRuns = () => {
    if (pairRuns(removedRun, addedRun, paragraphs, budget)) bounded = true;
    removedRun = [];
    addedRun = [];
  };
  for (const change of changes) {
    if (change.removed) for (const text of change.value) removedRun.push(text);
    else if (change.added) for (const text of change.value) addedRun.push(text);
    else {
      flushRuns();
      for (const text of change.value) paragraphs.push({ status: "same", text });
    }
  }
  flushRuns();
  return { paragraphs, bounded };
}

/** A section present in both texts: `status` is what it is when its text differs ("changed" or "renumbered"). */
function compareSection(before: CfrSection, after: CfrSection, status: "changed" | "renumbered", budget: Budget): RedlineSection {
  const base = {
    number: after.number,
    heading: after.heading,
    ...(status === "renumbered" ? { previousNumber: before.number } : {}),
    ...(before.heading !== after.heading ? { previousHeading: before.heading } : {}),
  };
  if (sameText(before, after) || (before.reserved && after.reserved))
    return { ...base, status: status === "renumbered" ? status : "unchanged", paragraphs: [], unchangedParagraphs: after.paragraphs.length };
  if (!before.reserved && after.reserved) return { ...base, status: "reserved", paragraphs: before.paragraphs.map(removed) };
  if (before.reserved && !after.reserved) return { ...base, status: "added", paragraphs: after.paragraphs.map(added) };
  const { paragraphs, bounded } = diffParagraphs(before.paragraphs, after.paragraphs, budget);
  return { ...base, status, paragraphs, ...(bounded ? { bounded } : {}) };
}

/**
 * Finds the renumbered sections: `candidates` (older sections whose number is gone, or now reserved) matched to `newcomers`
 * (newer sections at numbers that did not exist) by identical text first, then by RENUMBER_MIN_SIMILARITY, best pairs first.
 */
function findRenumbered(candidates: CfrSection[], newcomers: CfrSection[], warnings: string[]) {
  const renumbered = new Map<CfrSection, CfrSection>(); // newer → older
  const taken = new Set<CfrSection>();
  const byText = new Map<string, CfrSection[]>();
  for (const section of candidates) {
    const key = textKey(section);
    const alike = byText.get(key);
    if (alike) alike.push(section);
    else byText.set(key, [section]);
  }
  for (const section of newcomers) {
    const older = byText.get(textKey(section))?.find((candidate) => !taken.has(candidate));
    if (older) {
      renumbered.set(section, older);
      taken.add(older);
    }
  }
  const restOld = candidates.filter((section) => !taken.has(section));
  const restNew = newcomers.filter((section) => !renumbered.has(section));
  if (restOld.length * restNew.length > RENUMBER_MAX_COMPARISONS) {
    warnings.push(
      `${restOld.length} sections left and ${restNew.length} arrived: too many to compare by content, so only sections with identical text were found renumbered.`,
    );
    return renumbered;
  }
  const oldPrints = restOld.map(fingerprint);
  const newPrints = restNew.map(fingerprint);
  const pairs: { older: number; newer: number; score: number }[] = [];
  restOld.forEach((_, o) =>
    restNew.forEach((_, n) => {
      const [a, b] = [oldPrints[o], newPrints[n]];
      // Dice can reach at most 2·min/(sum): skip pairs whose sizes alone rule a match out.
      if (!a.size || !b.size || (2 * Math.min(a.size, b.size)) / (a.size + b.size) < RENUMBER_MIN_SIMILARITY) return;
      const score = dice(a, b);
      if (score >= RENUMBER_MIN_SIMILARITY) pairs.push({ older: o, newer: n, score });
    }),
  );
  pairs.sort((x, y) => y.score - x.score);
  for (const { older, newer } of pairs) {
    if (taken.has(restOld[older]) || renumbered.has(restNew[newer])) continue;
    renumbered.set(restNew[newer], restOld[older]);
    taken.add(restOld[older]);
  }
  return renumbered;
}

function byNumber(sections: readonly CfrSection[], side: string, warnings: string[]) {
  const map = new Map<string, CfrSection>();
  for (const section of sections) {
    if (map.has(section.number)) warnings.push(`${side}: ${sectionLabel(section.number)} appears twice; only the first is compared.`);
    else map.set(section.number, section);
  }
  return map;
}

/**
 * The redline of a part between two versions. Sections come in the newer text's order, a removed section after the
 * section that preceded it. Unchanged sections are listed without their text (unchangedParagraphs says how much).
 */
export function redlineParts(before: PartText, after: PartText): Redline {
  const warnings: string[] = [];
  for (const [side, part] of [
    ["Older text", before],
    ["Newer text", after],
  ] as const)
    for (const warning of part.warnings ?? []) warnings.push(`${side}: ${warning.message}`);
  const oldByNumber = byNumber(before.sections, "Older text", warnings);
  const newByNumber = byNumber(after.sections, "Newer text", warnings);
  const oldSections = [...oldByNumber.values()];
  const newSections = [...newByNumber.values()];

  const candidates = oldSections.filter((section) => {
    const now = newByNumber.get(section.number);
    return !section.reserved && (!now || now.reserved);
  });
  const newcomers = newSections.filter((section) => !section.reserved && !oldByNumber.has(section.number));
  const renumbered = findRenumbered(candidates, newcomers, warnings);
  const movedTo = new Map([...renumbered].map(([newer, older]) => [older, newer]));

  // Where each older section's counterpart is, so a removed one can be placed after its predecessor's.
  const counterpart = (older: CfrSection) => newByNumber.get(older.number) ?? movedTo.get(older);
  const removedAfter = new Map<CfrSection | null, CfrSection[]>();
  let anchor: CfrSection | null = null;
  for (const older of oldSections) {
    const newer = counterpart(older);
    if (newer) anchor = newer;
    else {
      const run = removedAfter.get(anchor);
      if (run) run.push(older);
      else removedAfter.set(anchor, [older]);
    }
  }

  const budget: Budget = { wordDiffChars: WORD_DIFF_BUDGET_CHARS, exhausted: false };
  const sections: RedlineSection[] = [];
  const gone = (older: CfrSection): RedlineSection =>
    after.cut
      ? { number: older.number, heading: older.heading, status: "not-compared", paragraphs: [] }
      : { number: older.number, heading: older.heading, status: "removed", paragraphs: older.paragraphs.map(removed) };
  for (const older of removedAfter.get(null) ?? []) sections.push(gone(older));
  for (const newer of newSections) {
    const sameNumber = oldByNumber.get(newer.number);
    const source = renumbered.get(newer);
    if (source) sections.push(compareSection(source, newer, "renumbered", budget));
    else if (sameNumber) {
      const section = compareSection(sameNumber, newer, "changed", budget);
      const moved = movedTo.get(sameNumber);
      // Its text went to the renumbered section, where it is shown: listing it here too would count it twice.
      sections.push(moved ? { ...section, movedTo: moved.number, paragraphs: [] } : section);
    } else if (before.cut) sections.push({ number: newer.number, heading: newer.heading, status: "not-compared", paragraphs: [] });
    else sections.push({ number: newer.number, heading: newer.heading, status: "added", paragraphs: newer.paragraphs.map(added) });
    for (const older of removedAfter.get(newer) ?? []) sections.push(gone(older));
  }

  const bounded = sections.filter((section) => section.bounded).length;
  if (bounded)
    warnings.push(`A diff bound was reached in ${bounded} section${bounded === 1 ? "" : "s"}: some text is shown replaced rather than diffed word by word.`);
  if (budget.exhausted)
    warnings.push(`Past ${formatCount(WORD_DIFF_BUDGET_CHARS)} characters diffed word by word, the other changed paragraphs are shown replaced.`);
  return { sections, complete: !before.cut && !after.cut, warnings };
}
