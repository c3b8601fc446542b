// npm run train:classify
// Trains the learned part of the classifier (app/articles/classify-model.ts): a multinomial naive Bayes over
// title and abstract words and word pairs, from the DEVELOPMENT part of the labelled set only
// (docs/classification.md: the test part is for measurement). Writes app/articles/classify-model.json,
// pruned to the most telling features so the file stays small enough to review, and prints a 5-fold
// cross-validated accuracy of the model alone on the development part.
import fs from "node:fs";
import { splitOf } from "../../app/articles/classification-split";
import { classifyWithModel } from "../../app/articles/classify";
import { featuresOf, scoresOf, type NaiveBayesModel } from "../../app/articles/classify-model";
import { CATEGORY_VALUES, type Category } from "../../app/articles/vocabulary";
import { readLabelled, type LabelledItem } from "./classify";

export const MODEL_PATH = "app/articles/classify-model.json";
const ALPHA = 0.5;
const KEEP = 3000;
const MIN_COUNT = 2;

export function train(items: LabelledItem[], keep = KEEP): NaiveBayesModel {
  const classes = [...CATEGORY_VALUES];
  const k = classes.length;
  const docs = new Array(k).fill(0);
  const totals = new Array(k).fill(0);
  const counts = new Map<string, number[]>();
  for (const item of items) {
    const c = classes.indexOf(item.category);
    docs[c]++;
    for (const f of featuresOf(item.title, item.summary)) {
      let row = counts.get(f);
      if (!row) counts.set(f, (row = new Array(k).fill(0)));
      row[c]++;
      totals[c]++;
    }
  }
  const vocabulary = counts.size;
  const logp = (row: number[], c: number) => Math.log((row[c] + ALPHA) / (totals[c] + ALPHA * vocabulary));
  // Rank features by how far apart the classes see them, weighted by how often they occur.
  const ranked = [...counts]
    .filter(([, row]) => row.reduce((a, b) => a + b, 0) >= MIN_COUNT)
    .map(([f, row]) => {
      const w = classes.map((_, c) => logp(row, c));
      const spread = Math.max(...w) - Math.min(...w);
      return { f, w, score: spread * Math.log(1 + row.reduce((a, b) => a + b, 0)) };
    })
    .sort((a, b) => b.score - a.score || (a.f < b.f ? -1 : 1))
    .slice(0, keep)
    .sort((a, b) => (a.f < b.f ? -1 : 1));
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    trainedOn: `development part of tests/fixtures/classification/labelled.jsonl, ${items.length} items`,
    classes,
    priors: docs.map((d) => round(Math.log((d + 1) / (items.length + k)))),
    features: Object.fromEntries(ranked.map(({ f, w }) => [f, w.map(round)])),
  };
}

/**
 * The whole classifier (rules and model), the model retrained without each fold. The rules were written on the
 * development part, so this is still optimistic, but the model's share is measured on items it did not see.
 */
function crossValidatedClassifier(items: LabelledItem[], folds = 5) {
  const now = new Date("2026-11-23T12:00:00Z");
  let category = 0;
  let priority = 0;
  let rollbacks = 0;
  let foundRollbacks = 0;
  let calledRollbacks = 0;
  for (let fold = 0; fold < folds; fold++) {
    const model = train(items.filter((_, i) => i % folds !== fold));
    items.forEach((item, i) => {
      if (i % folds !== fold) return;
      const got = classifyWithModel({ title: item.title, summary: item.summary, sourceCategory: item.sourceCategory, sourceName: item.sourceName }, now, model);
      if (got.category === item.category) category++;
      if (got.priority === item.priority) priority++;
      if (item.category === "regulatory-rollbacks") rollbacks++;
      if (got.category === "regulatory-rollbacks") (calledRollbacks++, item.category === "regulatory-rollbacks" && foundRollbacks++);
    });
  }
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(1)}%`;
  return `category ${pct(category, items.length)}, rollbacks recall ${pct(foundRollbacks, rollbacks)} precision ${pct(foundRollbacks, calledRollbacks)}, priority ${pct(priority, items.length)}`;
}

function crossValidated(items: LabelledItem[], folds = 5) {
  let right = 0;
  const perClass = new Map<Category, { right: number; total: number }>();
  for (let fold = 0; fold < folds; fold++) {
    const model = train(items.filter((_, i) => i % folds !== fold));
    items.forEach((item, i) => {
      if (i % folds !== fold) return;
      const scores = scoresOf(model, featuresOf(item.title, item.summary));
      const got = model.classes[scores.indexOf(Math.max(...scores))];
      const tally = perClass.get(item.category) ?? { right: 0, total: 0 };
      tally.total++;
      if (got === item.category) (right++, tally.right++);
      perClass.set(item.category, tally);
    });
  }
  return { accuracy: right / items.length, perClass };
}

function main() {
  const development = readLabelled().filter((item) => splitOf(item.id) === "development");
  const cv = crossValidated(development);
  console.log(`Naive Bayes alone, 5-fold cross-validated on the development part (${development.length} items): accuracy ${(cv.accuracy * 100).toFixed(1)}%`);
  for (const [category, t] of cv.perClass) console.log(`  ${category}: ${t.right}/${t.total}`);
  console.log(`Whole classifier, model 5-fold cross-validated on the development part: ${crossValidatedClassifier(development)}`);
  const model = train(development);
  fs.writeFileSync(MODEL_PATH, `${JSON.stringify(model, null, 0).replace(/\],"/g, '],\n"')}\n`);
  console.log(`Wrote ${MODEL_PATH}: ${Object.keys(model.features).length} features`);
}

if (process.argv[1]?.endsWith("train-classify.ts")) main();
