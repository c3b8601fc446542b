// npm run eval:classify [-- --json]
// Measures classifyArticle on the TEST part of the labelled set (docs/classification.md) and
// prints category and priority figures beside the majority-class baseline. Items are classified as the
// product sees them: title, summary, source kind and name; the Federal Register sample has no type or
// agencies, so none are passed.
import fs from "node:fs";
import path from "node:path";
import { classifyArticle } from "../../app/articles/classify";
import { splitOf } from "../../app/articles/classification-split";
import { CATEGORY_VALUES, PRIORITY_VALUES, type Category, type Priority } from "../../app/articles/vocabulary";
import { evaluate, type Figures } from "./metrics";

export type LabelledItem = {
  id: string;
  source: string;
  title: string;
  summary: string;
  sourceCategory: string;
  sourceName?: string;
  category: Category;
  priority: Priority;
  note?: string;
};

export const LABELLED_PATH = "tests/fixtures/classification/labelled.jsonl";

export function readLabelled(file = LABELLED_PATH): LabelledItem[] {
  return fs.readFileSync(file, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as LabelledItem);
}

/** A fixed clock, so "comments close within a week" never depends on the day the evaluation runs. */
const NOW = new Date("2026-11-23T12:00:00Z");

function measure(items: LabelledItem[]) {
  const results = items.map((item) => ({
    item,
    got: classifyArticle({ title: item.title, summary: item.summary, sourceCategory: item.sourceCategory, sourceName: item.sourceName }, NOW),
  }));
  const category = evaluate(CATEGORY_VALUES, results.map((r) => ({ expected: r.item.category, predicted: r.got.category })));
  const priority = evaluate(PRIORITY_VALUES, results.map((r) => ({ expected: r.item.priority, predicted: r.got.priority })));
  return { category, priority, rollback: category.perClass["regulatory-rollbacks"] };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function table<L extends string>(name: string, labels: readonly L[], f: Figures<L>) {
  const lines = [
    `${name}: accuracy ${pct(f.accuracy)} (majority "${f.majority.label}": ${pct(f.majority.accuracy)}), macro F1 ${f.macroF1.toFixed(3)} (majority: ${f.majority.macroF1.toFixed(3)}), n=${f.total}`,
    `  ${"class".padEnd(22)} precision  recall     F1  support`,
    ...labels.map((l) => {
      const c = f.perClass[l];
      return `  ${l.padEnd(22)} ${pct(c.precision).padStart(9)} ${pct(c.recall).padStart(7)} ${c.f1.toFixed(3).padStart(6)} ${String(c.support).padStart(8)}`;
    }),
    `  confusion (rows: labelled, columns: predicted)`,
    `  ${"".padEnd(22)} ${labels.map((l) => l.slice(0, 9).padStart(9)).join(" ")}`,
    ...labels.map((e) => `  ${e.padEnd(22)} ${labels.map((p) => String(f.confusion[e][p]).padStart(9)).join(" ")}`),
  ];
  return lines.join("\n");
}

/** Items classified per second: every labelled item, over and over for about half a second. */
export function throughput(items: LabelledItem[], minMs = 500) {
  const inputs = items.map((item) => ({ title: item.title, summary: item.summary, sourceCategory: item.sourceCategory, sourceName: item.sourceName }));
  for (const input of inputs) classifyArticle(input, NOW); // warm up
  let done = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) for (const input of inputs) (classifyArticle(input, NOW), done++);
  return Math.round(done / ((performance.now() - start) / 1000));
}

function main() {
  const all = readLabelled();
  const test = all.filter((item) => splitOf(item.id) === "test");
  const figures = measure(test);
  const perSecond = throughput(all);
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify({ split: "test", items: test.length, itemsPerSecond: perSecond, ...figures }, null, 2));
    return;
  }
  console.log(`classifyArticle on the test part (${test.length} items)\n`);
  console.log(table("Category", CATEGORY_VALUES, figures.category));
  console.log(`  rollbacks: recall ${pct(figures.rollback.recall)}, precision ${pct(figures.rollback.precision)}\n`);
  console.log(table("Priority", PRIORITY_VALUES, figures.priority));
  console.log(`\nThroughput: ${perSecond.toLocaleString("en-US")} items per second (all ${all.length} labelled items, one thread)`);
}

if (process.argv[1] && path.basename(process.argv[1]) === "classify.ts") main();
