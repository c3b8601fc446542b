// The learned part of the classifier: a multinomial logistic regression over lowercase words and word pairs of an
// article's title and abstract. Weights live in classify-model.json (written by `npm run train:classify` from
// the development part of the labelled set only); this module turns text into features and scores them.
import type { Category } from "./vocabulary";

export type WordModel = {
  /** What the weights were trained on, for the reviewer. */
  trainedOn: string;
  classes: Category[];
  /** One intercept per class, in `classes` order. */
  bias: number[];
  /** The weight of one occurrence of a feature, one number per class, in `classes` order; absent features weigh 0. */
  features: Record<string, number[]>;
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

/**
 * Features of an article: title words and pairs (prefixed "t:", since the title says what the document does),
 * abstract words and pairs from its first 400 characters, and whether it has an abstract at all.
 */
export function featuresOf(title: string, summary: string | undefined): string[] {
  const feats: string[] = [];
  const add = (prefix: string, words: string[]) => {
    for (let i = 0; i < words.length; i++) {
      if (!STOP.has(words[i]) && words[i] !== "#") feats.push(prefix + words[i]);
      if (i + 1 < words.length) feats.push(`${prefix}${words[i]} ${words[i + 1]}`);
    }
  };
  add("t:", tokens(title));
  const abstract = (summary ?? "").trim();
  if (!abstract || /^no summary/i.test(abstract)) feats.push("no-abstract");
  else add("", tokens(abstract.slice(0, 400)));
  return feats;
}

// Scoring without building feature strings: every word of a kept feature gets a number, and a feature is a
// number made from its prefix and its one or two word numbers. Built once per model; gives the same scores as
// summing the JSON weights of featuresOf(...).
type Compiled = { words: Map<string, number>; title: Map<number, Float64Array>; abstract: Map<number, Float64Array>; noAbstract: Float64Array | undefined };
const compiled = new WeakMap<WordModel, Compiled>();
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
  const title = new Map<number, Float64Array>();
  const abstract = new Map<number, Float64Array>();
  let noAbstract: Float64Array | undefined;
  for (const [feature, w] of Object.entries(model.features)) {
    if (feature === "no-abstract") {
      noAbstract = Float64Array.from(w);
      continue;
    }
    const isTitle = feature.startsWith("t:");
    const [a, b] = (isTitle ? feature.slice(2) : feature).split(" ");
    (isTitle ? title : abstract).set(keyOf(idOf(a), b === undefined ? 0 : idOf(b)), Float64Array.from(w));
  }
  if (words.size >= PAIR) throw new Error("classifier model has too many words");
  return { words, title, abstract, noAbstract };
}

/** Scores per class (logits) of a title and abstract: the bias plus the weights of featuresOf(title, summary). */
export function scoreText(model: WordModel, title: string, summary: string | undefined): number[] {
  let c = compiled.get(model);
  if (!c) compiled.set(model, (c = compile(model)));
  const scores = Float64Array.from(model.bias);
  const { words } = c;
  const run = (weights: Map<number, Float64Array>, tokenList: string[]) => {
    let previous = -1; // -1: no previous word; 0: a word the model does not know
    for (const word of tokenList) {
      const id = words.get(word) ?? 0;
      if (id > 1 && !STOP.has(word)) {
        const w = weights.get(keyOf(id, 0));
        if (w) for (let i = 0; i < w.length; i++) scores[i] += w[i];
      }
      if (previous > 0 && id > 0) {
        const w = weights.get(keyOf(previous, id));
        if (w) for (let i = 0; i < w.length; i++) scores[i] += w[i];
      }
      previous = id;
    }
  };
  run(c.title, tokens(title));
  const abstract = (summary ?? "").trim();
  if (!abstract || /^no summary/i.test(abstract)) {
    if (c.noAbstract) for (let i = 0; i < c.noAbstract.length; i++) scores[i] += c.noAbstract[i];
  } else run(c.abstract, tokens(abstract.slice(0, 400)));
  return [...scores];
}

/** Class probabilities from scores (softmax), for the reason text and thresholds. */
export function probabilities(scores: number[]): number[] {
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}
