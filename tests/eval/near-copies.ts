// Near-copies: two texts whose sets of words overlap by 70% or more, as Jaccard (the words they share over the
// distinct words of both). A rulemaking keeps its abstract from one Unified Agenda edition to the next with small
// edits (tests/eval/agenda.ts), so a held-out abstract with a near-copy in training measures memory, not judgement:
// the evaluation drops those (tests/eval/classify.ts) and training keeps near-copies in one fold
// (scripts/train-classify.ts). The rule lives here alone; docs/classification.md gives the counts it makes.

export const NEAR_COPY_JACCARD = 0.7;

/** The distinct words of a text: lowercase runs of letters and digits, so case and punctuation never count. */
export function wordsOf(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** Shared words over the distinct words of both; a text without words shares nothing, even with another. */
export function jaccard(a: readonly string[], b: readonly string[]) {
  const inA = new Set(a);
  const shared = b.filter((word) => inA.has(word)).length;
  const union = a.length + b.length - shared;
  return union === 0 ? 0 : shared / union;
}

export const isNearCopy = (a: string, b: string) => jaccard(wordsOf(a), wordsOf(b)) >= NEAR_COPY_JACCARD;

/**
 * A finder of the texts of `pool` that a text is a near-copy of (their indexes). An inverted index, word to the pool
 * texts holding it, counts the words a text shares with every pool text in one pass over its words' lists: the
 * 724 held-out abstracts against the 1,758 earlier ones take a fraction of a second, not a set intersection per pair.
 */
export function nearCopyFinder(pool: readonly string[]) {
  const sizes: number[] = [];
  const holders = new Map<string, number[]>();
  pool.forEach((text, i) => {
    const words = wordsOf(text);
    sizes.push(words.length);
    for (const word of words) {
      const list = holders.get(word);
      if (list) list.push(i);
      else holders.set(word, [i]);
    }
  });
  const shared = new Int32Array(pool.length);
  return (text: string): number[] => {
    const words = wordsOf(text);
    const touched: number[] = [];
    for (const word of words) for (const i of holders.get(word) ?? []) if (shared[i]++ === 0) touched.push(i);
    const copies = touched.filter((i) => shared[i] / (words.length + sizes[i] - shared[i]) >= NEAR_COPY_JACCARD);
    for (const i of touched) shared[i] = 0;
    return copies.sort((a, b) => a - b);
  };
}

/**
 * Texts joined by near-copies, transitively (an abstract edited a little each edition drifts, yet stays one
 * rulemaking): each text's group is named by the index of the group's first text.
 */
export function nearCopyGroups(texts: readonly string[]): number[] {
  const parent = texts.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  const find = nearCopyFinder(texts);
  texts.forEach((text, i) => {
    for (const j of find(text)) {
      const [a, b] = [root(i), root(j)];
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  });
  return texts.map((_, i) => root(i));
}
