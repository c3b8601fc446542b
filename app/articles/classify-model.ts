// The learned part of the classifier: a multinomial naive Bayes over lowercase words and word pairs of an
// article's title and abstract. Weights live in classify-model.json (written by `npm run train:classify` from
// the development part of the labelled set only); this module turns text into features and scores them.
import type { Category } from "./vocabulary";

export type NaiveBayesModel = {
  /** What the weights were trained on, for the reviewer. */
  trainedOn: string;
  classes: Category[];
  /** log P(class) */
  priors: number[];
  /** log P(feature | class) for every kept feature, one number per class, in `classes` order. */
  features: Record<string, number[]>;
};

const STOP = new Set(["the", "a", "an", "and", "or", "to", "for", "in", "on", "by", "with", "from", "at", "as", "is", "are", "be", "this", "that", "its", "it"]);

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

/** log-probability scores per class (unnormalised); features the model does not keep are ignored. */
export function scoresOf(model: NaiveBayesModel, feats: string[]): number[] {
  const scores = [...model.priors];
  for (const f of feats) {
    const w = model.features[f];
    if (!w) continue;
    for (let c = 0; c < scores.length; c++) scores[c] += w[c];
  }
  return scores;
}

/** Class probabilities from scores (softmax), for the reason text and thresholds. */
export function probabilities(scores: number[]): number[] {
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}
