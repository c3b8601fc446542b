// The learned part of the classifier: a multinomial logistic regression over TF-IDF features, the lowercase words and
// word pairs of an article's title and abstract. Weights live in model.json (written by
// `npm run train:classify`, scripts/train-classify.ts); this module turns text into features and scores them.
import type { Category } from "../articles/vocabulary";

export type WordModel = {
  /** What the weights were trained on, for the reviewer. */
  trainedOn: string;
  /** The training settings (scripts/train-classify.ts) and a hash of the items and settings. */
  settings: { l2: number; abstractChars: number; labelledWeight: number };
  trainingDigest: string;
  classes: Category[];
  /** One intercept per class, in `classes` order. */
  bias: number[];
  /**
   * Per feature, one number per class in `classes` order: the learned weight times the feature's inverse document
   * frequency, so a score is these summed over the text's feature occurrences, divided by the square root of how
   * many feature occurrences the text has (its length). Absent features weigh 0.
   */
  features: Record<string, number[]>;
  /** How much of the abstract is read, in characters. */
  abstractChars: number;
  /** Scores are divided by this before the softmax, so that a probability of 0.8 is right about 80% of the time. */
  temperature: number;
  /**
   * Where no rule decided, a calibrated rollback probability at least this high files the item as a rollback: chosen
   * on out-of-fold predictions of the training items so that a reader filtering rollbacks misses few.
   */
  rollbackAbove: number;
};

const STOP = new Set([
  "the",
  "a",
  "an",
  "and",
  "or",
  "to",
  "for",
  "in",
  "on",
  "by",
  "with",
  "from",
  "at",
  "as",
  "is",
  "are",
  "be",
  "this",
  "that",
  "its",
  "it",
]);

/** Lowercase word tokens; numbers collapse to "#" so dates and docket numbers do not become features. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!raw) continue;
    out.push(/^\d/.test(raw) ? "#" : raw);
  }
  return out;
}

export const hasNoAbstract = (abstract: string) => !abstract || /^no summary/i.test(abstract);

/**
 * Features of an article, one entry per occurrence: title words and pairs (prefixed "t:", since the title says what
 * the document does) or "no-title" (an agenda abstract has none), abstract words and pairs from its first
 * `abstractChars` characters, or "no-abstract".
 */
export function featuresOf(title: string, summary: string | undefined, abstractChars: number): string[] {
  const feats: string[] = [];
  const add = (prefix: string, words: string[]) => {
    for (let i = 0; i < words.length; i++) {
      if (!STOP.has(words[i]) && words[i] !== "#") feats.push(prefix + words[i]);
      if (i + 1 < words.length) feats.push(`${prefix}${words[i]} ${words[i + 1]}`);
    }
  };
  if (title.trim()) add("t:", tokens(title));
  else feats.push("no-title");
  const abstract = (summary ?? "").trim();
  if (hasNoAbstract(abstract)) feats.push("no-abstract");
  else add("", tokens(abstract.slice(0, abstractChars)));
  return feats;
}

// Scoring without building feature strings: every word of a kept feature gets a number, and a feature is a number
// made from its prefix and its one or two word numbers; its weights sit in one flat array. Built once per model;
// gives the same scores as summing the JSON weights of featuresOf(...).
type Compiled = {
  /** Word -> its number times two, plus one when it is no feature alone (see compile). */
  words: Map<string, number>;
  /** Feature key -> feature number, for title and abstract features. */
  title: Map<number, number>;
  abstract: Map<number, number>;
  /** Feature number -> its weights, one per class, in one flat array; and its name, for reasons. */
  weights: Float64Array;
  names: string[];
  noTitle: number;
  noAbstract: number;
};
// Keyed by the weights, so a copy of a model with another temperature or threshold shares them.
const compiled = new WeakMap<WordModel["features"], Compiled>();

/** The model's weights compiled for scoring, once per set of weights. */
function compiledOf(model: WordModel): Compiled {
  let c = compiled.get(model.features);
  if (!c) compiled.set(model.features, (c = compile(model)));
  return c;
}
const PAIR = 1 << 15;
/** Below 2^30, so keys stay small integers, the quickest kind of Map key. */
const keyOf = (a: number, b: number) => a * PAIR + b;

function compile(model: WordModel): Compiled {
  // A word's number times two, plus one for the words that are no feature alone (stop words and "#").
  const words = new Map<string, number>();
  const idOf = (w: string) => {
    let code = words.get(w);
    if (code === undefined) words.set(w, (code = ((words.size + 1) << 1) | (w === "#" || STOP.has(w) ? 1 : 0)));
    return code >> 1;
  };
  for (const stop of ["#", ...STOP]) idOf(stop);
  const entries = Object.entries(model.features);
  const k = model.bias.length;
  const weights = new Float64Array(entries.length * k);
  const names: string[] = [];
  const title = new Map<number, number>();
  const abstract = new Map<number, number>();
  let noTitle = -1;
  let noAbstract = -1;
  entries.forEach(([feature, w], index) => {
    weights.set(w, index * k);
    names.push(feature);
    if (feature === "no-abstract") noAbstract = index;
    else if (feature === "no-title") noTitle = index;
    else {
      const isTitle = feature.startsWith("t:");
      const [a, b] = (isTitle ? feature.slice(2) : feature).split(" ");
      (isTitle ? title : abstract).set(keyOf(idOf(a), b === undefined ? 0 : idOf(b)), index);
    }
  });
  if (words.size >= PAIR) throw new Error("classifier model has too many words");
  return { words, title, abstract, weights, names, noTitle, noAbstract };
}

export type Scored = {
  /** Per class, in the model's `classes` order: the bias plus the length-normalised feature weights. */
  scores: number[];
  /** The numbers of the known features the text has, once per occurrence (only when asked for). */
  seen?: number[];
};

/** Adds feature `index`'s weights to `sums`, and notes it in `seen` when asked. */
function addFeature(c: Compiled, index: number, sums: Float64Array, seen: number[] | undefined) {
  if (index < 0) return;
  const base = index * sums.length;
  for (let i = 0; i < sums.length; i++) sums[i] += c.weights[base + i];
  seen?.push(index);
}

/** Adds a run of words' feature weights to `sums`; returns how many features it has, known to the model or not. */
function addRun(c: Compiled, table: Map<number, number>, words: string[], sums: Float64Array, seen: number[] | undefined) {
  // Counts feature occurrences exactly as featuresOf lists them.
  let occurrences = 0;
  let previous = -1; // -1: no previous word; 0: a word the model does not know
  for (const word of words) {
    // One lookup says both the word's number and whether it is a stop word or "#" (no feature of its own).
    const code = c.words.get(word) ?? 0;
    const id = code >> 1;
    if ((code & 1) === 0) {
      occurrences++;
      if (id > 0) addFeature(c, table.get(keyOf(id, 0)) ?? -1, sums, seen);
    }
    if (previous !== -1) {
      occurrences++;
      if (previous > 0 && id > 0) addFeature(c, table.get(keyOf(previous, id)) ?? -1, sums, seen);
    }
    previous = id;
  }
  return occurrences;
}

/** Scores per class (logits) of a title and abstract; `explain` also lists the known features it saw. */
export function scoreText(model: WordModel, title: string, summary: string | undefined, explain = false): Scored {
  const c = compiledOf(model);
  const sums = new Float64Array(model.bias.length);
  const seen: number[] | undefined = explain ? [] : undefined;
  let occurrences = 0;
  if (title.trim()) occurrences += addRun(c, c.title, tokens(title), sums, seen);
  else {
    occurrences++;
    addFeature(c, c.noTitle, sums, seen);
  }
  const abstract = (summary ?? "").trim();
  if (hasNoAbstract(abstract)) {
    occurrences++;
    addFeature(c, c.noAbstract, sums, seen);
  } else occurrences += addRun(c, c.abstract, tokens(abstract.slice(0, model.abstractChars)), sums, seen);
  const norm = occurrences ? 1 / Math.sqrt(occurrences) : 0;
  return { scores: model.bias.map((b, i) => b + sums[i] * norm), seen };
}

/** Class probabilities from scores: a softmax at the given temperature. */
export function softmax(scores: number[], temperature: number): number[] {
  const scaled = scores.map((s) => s / temperature);
  const max = Math.max(...scaled);
  const exp = scaled.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** Calibrated class probabilities from scores: a softmax at the model's temperature. */
export function probabilities(model: WordModel, scores: number[]): number[] {
  return softmax(scores, model.temperature);
}

const readable = (name: string) => name.replace(/^t:/, "");

/**
 * The words that pulled the text most towards `chosen` against `rival`, and the one that pulled hardest the other
 * way: what a reader needs to judge the model's call ("'reduce burden', 'remove'; against: 'establish'").
 */
export function strongestWords(model: WordModel, seen: number[], chosen: Category, rival: Category) {
  const c = compiledOf(model);
  const k = model.bias.length;
  const a = model.classes.indexOf(chosen);
  const b = model.classes.indexOf(rival);
  const pull = new Map<string, number>();
  for (const index of seen) {
    const name = readable(c.names[index]);
    // Numbers and the no-title / no-abstract markers are real features, but say nothing to a reader.
    if (name.includes("#") || name.startsWith("no-")) continue;
    pull.set(name, (pull.get(name) ?? 0) + c.weights[index * k + a] - c.weights[index * k + b]);
  }
  const ranked = [...pull].sort((x, y) => y[1] - x[1]);
  return {
    for: ranked
      .filter(([, v]) => v > 0)
      .slice(0, 2)
      .map(([word]) => word),
    against: ranked
      .filter(([, v]) => v < 0)
      .slice(-1)
      .map(([word]) => word),
  };
}
