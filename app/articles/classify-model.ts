// The learned part of the classifier: a multinomial logistic regression over TF-IDF features, the lowercase words and
// word pairs of an article's title and abstract. Weights live in classify-model.json (written by
// `npm run train:classify`, tests/eval/train-classify.ts); this module turns text into features and scores them.
import type { Category } from "./vocabulary";

export type WordModel = {
  /** What the weights were trained on, for the reviewer. */
  trainedOn: string;
  /** The training settings (tests/eval/train-classify.ts) and a hash of the items and settings. */
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

const hasNoAbstract = (abstract: string) => !abstract || /^no summary/i.test(abstract);

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

// Scoring without building feature strings: every word of a kept feature gets a number, and a feature is a
// number made from its prefix and its one or two word numbers. Built once per model; gives the same scores as
// summing the JSON weights of featuresOf(...).
type Weighted = { weights: Float64Array; name: string };
type Compiled = {
  words: Map<string, number>;
  title: Map<number, Weighted>;
  abstract: Map<number, Weighted>;
  noTitle: Weighted | undefined;
  noAbstract: Weighted | undefined;
};
// Keyed by the weights, so a copy of a model with another temperature or threshold shares them.
const compiled = new WeakMap<WordModel["features"], Compiled>();
const PAIR = 1 << 15;
/** Below 2^30, so keys stay small integers, the quickest kind of Map key. */
const keyOf = (a: number, b: number) => a * PAIR + b;

function compile(model: WordModel): Compiled {
  const words = new Map<string, number>([["#", 1]]);
  const idOf = (w: string) => {
    let id = words.get(w);
    if (id === undefined) words.set(w, (id = words.size + 1));
    return id;
  };
  const title = new Map<number, Weighted>();
  const abstract = new Map<number, Weighted>();
  let noAbstract: Weighted | undefined;
  let noTitle: Weighted | undefined;
  for (const [feature, w] of Object.entries(model.features)) {
    const weighted = { weights: Float64Array.from(w), name: feature };
    if (feature === "no-abstract" || feature === "no-title") {
      if (feature === "no-abstract") noAbstract = weighted;
      else noTitle = weighted;
      continue;
    }
    const isTitle = feature.startsWith("t:");
    const [a, b] = (isTitle ? feature.slice(2) : feature).split(" ");
    (isTitle ? title : abstract).set(keyOf(idOf(a), b === undefined ? 0 : idOf(b)), weighted);
  }
  if (words.size >= PAIR) throw new Error("classifier model has too many words");
  return { words, title, abstract, noTitle, noAbstract };
}

export type Scored = {
  /** Per class, in the model's `classes` order: the bias plus the length-normalised feature weights. */
  scores: number[];
  /** The features the text has that the model knows, each once per occurrence (only when asked for). */
  seen?: Weighted[];
};

/** Scores per class (logits) of a title and abstract; `explain` also lists the known features it saw. */
export function scoreText(model: WordModel, title: string, summary: string | undefined, explain = false): Scored {
  let c = compiled.get(model.features);
  if (!c) compiled.set(model.features, (c = compile(model)));
  const sums = new Float64Array(model.bias.length);
  const seen: Weighted[] | undefined = explain ? [] : undefined;
  let occurrences = 0;
  const count = (weighted: Weighted | undefined) => {
    if (!weighted) return;
    const w = weighted.weights;
    for (let i = 0; i < w.length; i++) sums[i] += w[i];
    seen?.push(weighted);
  };
  const { words } = c;
  // Counts feature occurrences exactly as featuresOf lists them, known to the model or not.
  const run = (weights: Map<number, Weighted>, tokenList: string[]) => {
    let previous = -1; // -1: no previous word; 0: a word the model does not know
    for (const word of tokenList) {
      const id = words.get(word) ?? 0;
      if (word !== "#" && !STOP.has(word)) {
        occurrences++;
        if (id > 1) count(weights.get(keyOf(id, 0)));
      }
      if (previous !== -1) {
        occurrences++;
        if (previous > 0 && id > 0) count(weights.get(keyOf(previous, id)));
      }
      previous = id;
    }
  };
  if (title.trim()) run(c.title, tokens(title));
  else {
    occurrences++;
    count(c.noTitle);
  }
  const abstract = (summary ?? "").trim();
  if (hasNoAbstract(abstract)) {
    occurrences++;
    count(c.noAbstract);
  } else run(c.abstract, tokens(abstract.slice(0, model.abstractChars)));
  const norm = occurrences ? 1 / Math.sqrt(occurrences) : 0;
  return { scores: model.bias.map((b, i) => b + sums[i] * norm), seen };
}

/** Calibrated class probabilities from scores: a softmax at the model's temperature. */
export function probabilities(model: WordModel, scores: number[]): number[] {
  const scaled = scores.map((s) => s / model.temperature);
  const max = Math.max(...scaled);
  const exp = scaled.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

const readable = (name: string) => name.replace(/^t:/, "");

/**
 * The words that pulled the text most towards `chosen` against `rival`, and the one that pulled hardest the other
 * way: what a reader needs to judge the model's call ("'reduce burden', 'remove'; against: 'establish'").
 */
export function strongestWords(model: WordModel, seen: Weighted[], chosen: Category, rival: Category) {
  const a = model.classes.indexOf(chosen);
  const b = model.classes.indexOf(rival);
  const pull = new Map<string, number>();
  for (const { weights, name } of seen) pull.set(readable(name), (pull.get(readable(name)) ?? 0) + weights[a] - weights[b]);
  const ranked = [...pull].sort((x, y) => y[1] - x[1]);
  return {
    for: ranked.filter(([, v]) => v > 0).slice(0, 2).map(([word]) => word),
    against: ranked.filter(([, v]) => v < 0).slice(-1).map(([word]) => word),
  };
}
