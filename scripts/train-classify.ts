// npm run train:classify [-- --explore]
// Trains the learned part of the classifier (app/classify/model.ts): a multinomial logistic regression over
// TF-IDF title and abstract words and word pairs. It learns from
//   - the DEVELOPMENT part of the codebook's labelled set (docs/classification.md: the test part is for measurement),
//   - the Unified Agenda designations of every edition but the held-out one (tests/eval/agenda.ts, shared with the
//     evaluation): a Deregulatory abstract is a rollback, a Regulatory one is not,
//   - and, when DATABASE_URL names a database, the articles whose category an editor corrected by hand.
// Settings, the calibration temperature and the rollback threshold are chosen on out-of-fold predictions of those
// items only (4 folds: one agenda edition and a quarter of the labelled items each, near-copies moved into one fold,
// tests/eval/near-copies.ts). Writes
// app/classify/model.json and prints the cross-validated figures; --explore prints the candidates compared.
import { createHash } from "node:crypto";
import fs from "node:fs";
import { splitOf } from "../app/classify/split";
import { articlesCategorizedByEditors } from "../app/articles/store/reads.server";
import { databaseEngine } from "../db/engine";
import { classifyArticle, type ClassifyInput } from "../app/classify/classifier";
import { MODEL_FILE } from "../app/classify/model-file.server";
import { featuresOf, scoreText, softmax, type WordModel } from "../app/classify/model";
import { CATEGORY_VALUES, type Category } from "../app/articles/vocabulary";
import { agendaInput, EDITIONS, HELD_OUT_EDITION, readAgenda } from "../tests/eval/agenda";
import { readLabelled } from "../tests/eval/classify";
import { nearCopyGroups } from "../tests/eval/near-copies";

/**
 * One item to learn from; `id` is the labelled set's id, "agenda:<edition>:<row>", or the document number of an
 * editor's correction.
 */
export type TrainingItem = {
  title: string;
  summary: string;
  category: Category;
  fold: number;
  origin: "labelled" | "agenda" | "editor";
  input: ClassifyInput;
  id?: string;
};
/**
 * l2: the penalty on the weights; abstractChars: how much of an abstract is read; labelledWeight: how much a
 * labelled Federal Register item (or an editor's correction) counts against one agenda abstract, so that the
 * documents the product actually files are not outvoted by the agenda's wording.
 */
export type Settings = { l2: number; abstractChars: number; labelledWeight: number };

const EPOCHS = 150;
const LEARNING_RATE = 0.05;
/** A feature seen in fewer training items than this is noise. */
const MIN_DOCUMENTS = 2;
/** Weights this close to zero change no answer and only make the file longer. */
const KEEP_ABOVE = 0.01;
export const FOLDS = 4;
const ROLLBACK: Category = "regulatory-rollbacks";

/**
 * Full-batch gradient descent (Adam) on the mean cross-entropy plus an L2 penalty, from zero weights over features
 * in sorted order: the same items always give the same weights, so the committed JSON is reproducible. A feature's
 * value is its count times its inverse document frequency, over the square root of the text's feature count.
 */
export function train(items: TrainingItem[], settings: Settings, classes: Category[] = [...CATEGORY_VALUES]): WordModel {
  const k = classes.length;
  const documents = new Map<string, number>();
  const counted = items.map((item) => {
    const all = featuresOf(item.title, item.summary, settings.abstractChars);
    const counts = new Map<string, number>();
    for (const f of all) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const f of counts.keys()) documents.set(f, (documents.get(f) ?? 0) + 1);
    return { counts, norm: 1 / Math.sqrt(all.length || 1), label: classes.indexOf(item.category) };
  });
  const vocabulary = [...documents]
    .filter(([, n]) => n >= MIN_DOCUMENTS)
    .map(([f]) => f)
    .sort();
  const n = items.length;
  const idf = vocabulary.map((f) => Math.log((1 + n) / (1 + documents.get(f)!)) + 1);
  const index = new Map(vocabulary.map((f, j) => [f, j]));
  // Every item's known features as one flat list (index, value), with each item's start: the training loop's
  // hot path then reads typed arrays only.
  const starts = new Int32Array(counted.length + 1);
  const featureIndex: number[] = [];
  const featureValue: number[] = [];
  counted.forEach(({ counts, norm }, i) => {
    for (const [f, c] of counts) {
      const j = index.get(f);
      if (j === undefined) continue;
      featureIndex.push(j);
      featureValue.push(c * idf[j] * norm);
    }
    starts[i + 1] = featureIndex.length;
  });
  const at = Int32Array.from(featureIndex);
  const value = Float64Array.from(featureValue);
  const labels = Int32Array.from(counted, ({ label }) => label);
  const rowWeight = Float64Array.from(items, (item) => (item.origin === "agenda" ? 1 : settings.labelledWeight));
  const totalWeight = rowWeight.reduce((a, b) => a + b, 0);
  const weights = new Float64Array(vocabulary.length * k);
  const bias = new Float64Array(k);
  const adam = (size: number) => ({ m: new Float64Array(size), v: new Float64Array(size) });
  const wState = adam(weights.length);
  const bState = adam(k);
  const step = (params: Float64Array, grad: Float64Array, state: ReturnType<typeof adam>, t: number) => {
    const mScale = 1 / (1 - 0.9 ** t);
    const vScale = 1 / (1 - 0.999 ** t);
    for (let j = 0; j < params.length; j++) {
      state.m[j] = 0.9 * state.m[j] + 0.1 * grad[j];
      state.v[j] = 0.999 * state.v[j] + 0.001 * grad[j] * grad[j];
      params[j] -= (LEARNING_RATE * state.m[j] * mScale) / (Math.sqrt(state.v[j] * vScale) + 1e-8);
    }
  };
  const scores = new Float64Array(k);
  const g = new Float64Array(k);
  const gw = new Float64Array(weights.length);
  const gb = new Float64Array(k);
  for (let t = 1; t <= EPOCHS; t++) {
    gw.fill(0);
    gb.fill(0);
    for (let i = 0; i < n; i++) {
      scores.set(bias);
      for (let e = starts[i]; e < starts[i + 1]; e++) {
        const base = at[e] * k;
        for (let c = 0; c < k; c++) scores[c] += weights[base + c] * value[e];
      }
      let max = -Infinity;
      for (let c = 0; c < k; c++) max = Math.max(max, scores[c]);
      let sum = 0;
      for (let c = 0; c < k; c++) sum += scores[c] = Math.exp(scores[c] - max);
      for (let c = 0; c < k; c++) {
        g[c] = ((scores[c] / sum - (c === labels[i] ? 1 : 0)) * rowWeight[i]) / totalWeight;
        gb[c] += g[c];
      }
      for (let e = starts[i]; e < starts[i + 1]; e++) {
        const base = at[e] * k;
        for (let c = 0; c < k; c++) gw[base + c] += g[c] * value[e];
      }
    }
    for (let j = 0; j < weights.length; j++) gw[j] += (settings.l2 / totalWeight) * weights[j];
    step(weights, gw, wState, t);
    step(bias, gb, bState, t);
  }
  // "|| 0": a negative weight that rounds to zero is written as 0, as JSON.parse reads it back.
  const round = (x: number) => Math.round(x * 1000) / 1000 || 0;
  const features: Record<string, number[]> = {};
  vocabulary.forEach((f, j) => {
    const w = Array.from(weights.subarray(j * k, j * k + k), (x) => round(x * idf[j]));
    if (w.some((x) => Math.abs(x) > KEEP_ABOVE)) features[f] = w;
  });
  return {
    trainedOn: describe(items, settings),
    settings,
    trainingDigest: trainingDigest(items, settings),
    classes,
    bias: Array.from(bias, round),
    features,
    abstractChars: settings.abstractChars,
    temperature: 1,
    rollbackAbove: 0.5,
  };
}

/**
 * What the weights were made from, in one hash: the items in order and the settings. The unit tests compare it with
 * today's training items, so a committed model that was not retrained after its data changed is caught.
 */
export function trainingDigest(items: TrainingItem[], settings: Settings) {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ settings, EPOCHS, LEARNING_RATE, MIN_DOCUMENTS, KEEP_ABOVE }));
  for (const item of items) hash.update(JSON.stringify([item.title, item.summary, item.category]));
  return hash.digest("hex").slice(0, 16);
}

function describe(items: TrainingItem[], settings: Settings) {
  const count = (origin: TrainingItem["origin"]) => items.filter((item) => item.origin === origin).length;
  return (
    `${count("labelled")} development items of tests/fixtures/classification/labelled.jsonl, ${count("agenda")} Unified Agenda abstracts ` +
    `(every edition but ${HELD_OUT_EDITION}), ${count("editor")} editor corrections; logistic regression over TF-IDF words and pairs, ` +
    `L2 ${settings.l2}, abstract's first ${settings.abstractChars} characters, labelled items weigh ${settings.labelledWeight}`
  );
}

/** The temperature that makes the out-of-fold probabilities most likely (least log loss), from a grid. */
export function fitTemperature(outOfFold: { scores: number[]; label: number }[]) {
  let best = { temperature: 1, loss: Infinity };
  for (let temperature = 0.3; temperature <= 3.001; temperature += 0.05) {
    let loss = 0;
    for (const { scores, label } of outOfFold) loss -= Math.log(Math.max(1e-12, softmax(scores, temperature)[label]));
    if (loss < best.loss) best = { temperature: Math.round(temperature * 100) / 100, loss };
  }
  return best.temperature;
}

/** Editor corrections in the database DATABASE_URL names, if any: labelled items that never enter a test part. */
async function editorCorrections(): Promise<TrainingItem[]> {
  const url = process.env.DATABASE_URL;
  // Training needs no database; a SQLite file that does not exist is none, not one to create here.
  if (!url) return [];
  const target = databaseEngine(url);
  if (target.engine === "sqlite" && !fs.existsSync(target.file)) return [];
  const rows = await articlesCategorizedByEditors();
  // A document of the labelled set's test part stays out, whoever labelled it.
  const testIds = new Set(readLabelled().flatMap((item) => (splitOf(item.id) === "test" ? [item.id] : [])));
  return rows
    .filter((row) => !row.documentNumber || !testIds.has(row.documentNumber))
    .map((row) => {
      const input = { title: row.title, summary: row.summary ?? "" };
      return { ...input, id: row.documentNumber ?? undefined, category: row.category as Category, fold: row.id % FOLDS, origin: "editor" as const, input };
    });
}

/** Every item the model may learn from: no test item of the labelled set, nothing of the held-out edition. */
export async function trainingItems(): Promise<TrainingItem[]> {
  const labelled = readLabelled()
    .filter((item) => splitOf(item.id) === "development")
    .map((item, i) => {
      const input = { title: item.title, summary: item.summary, sourceCategory: item.sourceCategory, sourceName: item.sourceName };
      return { id: item.id, title: item.title, summary: item.summary, category: item.category, fold: i % FOLDS, origin: "labelled" as const, input };
    });
  const editions = EDITIONS.filter((edition) => edition !== HELD_OUT_EDITION);
  const agenda = readAgenda()
    .filter((item) => item.edition !== HELD_OUT_EDITION)
    .map((item, i) => ({
      id: `agenda:${item.edition}:${i}`,
      title: "",
      summary: item.abstract,
      category: item.deregulatory ? ROLLBACK : ("new-regulations" as Category),
      fold: editions.indexOf(item.edition) % FOLDS,
      origin: "agenda" as const,
      input: agendaInput(item),
    }));
  return nearCopiesShareAFold([...labelled, ...agenda, ...(await editorCorrections())]);
}

/**
 * Near-copies (tests/eval/near-copies.ts) moved into one fold, the smallest of their group's: a rulemaking's
 * abstract recurs from edition to edition, and an item scored by a model that learnt its near-copy in another fold
 * measures memory. For the agenda that is the edition where the rulemaking first appears.
 */
function nearCopiesShareAFold(items: TrainingItem[]): TrainingItem[] {
  const groups = nearCopyGroups(items.map((item) => `${item.title} ${item.summary}`));
  const fold = new Map<number, number>();
  groups.forEach((group, i) => fold.set(group, Math.min(fold.get(group) ?? FOLDS, items[i].fold)));
  return items.map((item, i) => ({ ...item, fold: fold.get(groups[i])! }));
}

const NOW = new Date("2026-11-23T12:00:00Z");

type OutOfFold = { item: TrainingItem; scores: number[]; model: WordModel };

/** Each item scored by a model trained without its fold. */
function outOfFold(items: TrainingItem[], settings: Settings): OutOfFold[] {
  const results: OutOfFold[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = train(
      items.filter((item) => item.fold !== fold),
      settings,
    );
    for (const item of items) if (item.fold === fold) results.push({ item, scores: scoreText(model, item.title, item.summary).scores, model });
  }
  return results;
}

/** The whole classifier (rules, then the model) on out-of-fold models, at a given temperature and threshold. */
function wholeClassifier(results: OutOfFold[], temperature: number, rollbackAbove: number) {
  const tally = { labelled: 0, labelledRight: 0, found: 0, rollbacks: 0, called: 0, dereg: 0, deregFound: 0, reg: 0, regCalled: 0 };
  for (const { item, model } of results) {
    const got = classifyArticle(item.input, NOW, { ...model, temperature, rollbackAbove });
    const isRollback = got.category === ROLLBACK;
    if (item.origin === "agenda") {
      if (item.category === ROLLBACK) {
        tally.dereg++;
        if (isRollback) tally.deregFound++;
      } else {
        tally.reg++;
        if (isRollback) tally.regCalled++;
      }
      continue;
    }
    tally.labelled++;
    if (got.category === item.category) tally.labelledRight++;
    if (item.category === ROLLBACK) tally.rollbacks++;
    if (isRollback) {
      tally.called++;
      if (item.category === ROLLBACK) tally.found++;
    }
  }
  const recall = tally.deregFound / tally.dereg;
  const falseRate = tally.regCalled / tally.reg;
  return {
    labelledAccuracy: tally.labelledRight / tally.labelled,
    labelledRecall: tally.found / tally.rollbacks,
    labelledPrecision: tally.called ? tally.found / tally.called : 0,
    agendaRecall: recall,
    agendaFalseRate: falseRate,
    agendaBalanced: (recall + 1 - falseRate) / 2,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const line = (f: ReturnType<typeof wholeClassifier>) =>
  `labelled: category ${pct(f.labelledAccuracy)}, rollbacks recall ${pct(f.labelledRecall)} precision ${pct(f.labelledPrecision)}; ` +
  `agenda: recall ${pct(f.agendaRecall)}, Regulatory called rollback ${pct(f.agendaFalseRate)}, balanced ${f.agendaBalanced.toFixed(3)}`;

/**
 * The rollback threshold: the lowest (so a reader filtering rollbacks misses few) at which the labelled rollbacks'
 * out-of-fold precision stays at least MIN_PRECISION, among those that give the agenda's best balanced accuracy
 * within a point of the best.
 */
const MIN_PRECISION = 0.85;
const THRESHOLDS = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85];
function chooseThreshold(results: OutOfFold[], temperature: number, log: boolean) {
  const candidates = THRESHOLDS.map((threshold) => ({ threshold, figures: wholeClassifier(results, temperature, threshold) }));
  if (log) for (const { threshold, figures } of candidates) console.log(`    threshold ${threshold}: ${line(figures)}`);
  const precise = candidates.filter((c) => c.figures.labelledPrecision >= MIN_PRECISION);
  const pool = precise.length ? precise : candidates;
  const best = Math.max(...pool.map((c) => c.figures.agendaBalanced));
  return pool.filter((c) => c.figures.agendaBalanced >= best - 0.01).sort((a, b) => a.threshold - b.threshold)[0];
}

/** Candidate settings, compared on out-of-fold predictions; the first is today's choice. */
const CANDIDATES: Settings[] = [
  { l2: 0.1, abstractChars: 400, labelledWeight: 3 },
  { l2: 0.1, abstractChars: 600, labelledWeight: 3 },
  { l2: 0.1, abstractChars: 1000, labelledWeight: 3 },
  { l2: 0.3, abstractChars: 1000, labelledWeight: 3 },
  { l2: 0.1, abstractChars: 1000, labelledWeight: 1 },
];

async function main() {
  const items = await trainingItems();
  const explore = process.argv.includes("--explore");
  const settingsList = explore ? CANDIDATES : CANDIDATES.slice(0, 1);
  let chosen: { settings: Settings; temperature: number; threshold: number; figures: ReturnType<typeof wholeClassifier>; balanced: number } | undefined;
  for (const settings of settingsList) {
    const results = outOfFold(items, settings);
    const temperature = fitTemperature(results.map(({ item, scores }) => ({ scores, label: CATEGORY_VALUES.indexOf(item.category) })));
    console.log(`L2 ${settings.l2}, abstract ${settings.abstractChars} characters, labelled weight ${settings.labelledWeight}: temperature ${temperature}`);
    const pick = chooseThreshold(results, temperature, explore);
    console.log(`  rollback threshold ${pick.threshold}: ${line(pick.figures)}`);
    if (!chosen || pick.figures.agendaBalanced > chosen.balanced + 0.005)
      chosen = { settings, temperature, threshold: pick.threshold, figures: pick.figures, balanced: pick.figures.agendaBalanced };
  }
  const { settings, temperature, threshold } = chosen!;
  const model = { ...train(items, settings), temperature, rollbackAbove: threshold };
  fs.writeFileSync(MODEL_FILE, `${JSON.stringify(model, null, 0).replace(/\],"/g, '],\n"')}\n`);
  console.log(
    `Wrote ${MODEL_FILE}: ${Object.keys(model.features).length} features, ${model.trainedOn}; temperature ${temperature}, rollback above ${threshold}`,
  );
}

if (process.argv[1]?.endsWith("train-classify.ts")) await main();
