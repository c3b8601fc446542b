// npm run eval:classify [-- --json] [-- --codebook-only] [-- --assisted [--assist-federal-register]]
// Measures classifyArticle on the TEST part of the labelled set (docs/classification.md) and on the held-out agenda
// edition, each also without the near-copies of what it learnt from (tests/eval/near-copies.ts), and
// prints category and priority figures beside the majority-class baseline. With --assisted it also measures the
// model-assisted classifier (app/ai/classify-assist.server.ts) through the OpenAI-compatible server that
// OPENAI_BASE_URL / OPENAI_MODEL / OPENAI_API_KEY name, side by side with the local one. Items are classified as the
// product sees them: title, summary, source kind and name; the Federal Register sample has no type or
// agencies, so none are passed.
import fs from "node:fs";
import path from "node:path";
import { createClassifyAssistant, type ClassifyAssistant } from "~/ai/classify-assist.server";
import { classifyArticle, type ClassifyInput } from "~/classify/classifier";
import { committedModel } from "~/classify/model-file.server";
import { splitOf } from "~/classify/split";
import { CATEGORY_VALUES, PRIORITY_VALUES, type Category, type Priority } from "~/articles/vocabulary";
import { evaluate, type Figures } from "./metrics";
import { agendaInput, HELD_OUT_EDITION, readAgenda, type AgendaItem } from "./agenda";
import { nearCopyFinder } from "./near-copies";
import { train } from "../../scripts/train-classify";
import { probabilities, scoreText, type WordModel } from "~/classify/model";

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
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LabelledItem);
}

/** What the classifier and the near-copy rule read of a labelled item. */
const textOf = (item: { title: string; summary: string }) => `${item.title} ${item.summary}`;

/** A fixed clock, so "comments close within a week" never depends on the day the evaluation runs. */
const NOW = new Date("2026-11-23T12:00:00Z");

export const inputOf = (item: LabelledItem): ClassifyInput => ({
  title: item.title,
  summary: item.summary,
  sourceCategory: item.sourceCategory,
  sourceName: item.sourceName,
});

/** Category and priority figures of classified items against their labels (majority-class baselines included). */
export function figuresOf(results: { item: LabelledItem; got: { category: Category; priority: Priority } }[]) {
  const category = evaluate(
    CATEGORY_VALUES,
    results.map((r) => ({ expected: r.item.category, predicted: r.got.category })),
  );
  const priority = evaluate(
    PRIORITY_VALUES,
    results.map((r) => ({ expected: r.item.priority, predicted: r.got.priority })),
  );
  return { category, priority, rollback: category.perClass["regulatory-rollbacks"] };
}

function measure(items: LabelledItem[]) {
  return figuresOf(items.map((item) => ({ item, got: classifyArticle(inputOf(item), NOW) })));
}

/**
 * The test part less its near-copies of development items. Unlike the agenda's, these are mostly different documents
 * cut from one template (information collections, meetings, trade-remedy steps), as new ones will be too.
 */
export function testWithoutNearCopies(all: LabelledItem[]) {
  const copiesOf = nearCopyFinder(all.filter((item) => splitOf(item.id) === "development").map(textOf));
  return all.filter((item) => splitOf(item.id) === "test" && copiesOf(textOf(item)).length === 0);
}

/** Requests in flight at once against the model server. */
const ASSIST_CONCURRENCY = 4;

/**
 * The local and the assisted classifier on the same items. Only feed items may go to the model, as in the
 * product; the labelled Federal Register items carry no type or action line, so `includeFederalRegister` lets
 * them be tried too (they stand for documents whose fields are missing).
 */
export async function measureAssisted(items: LabelledItem[], assistant: ClassifyAssistant, includeFederalRegister = false) {
  const results: { item: LabelledItem; got: Awaited<ReturnType<ClassifyAssistant["classify"]>> }[] = [];
  for (let i = 0; i < items.length; i += ASSIST_CONCURRENCY) {
    const batch = items.slice(i, i + ASSIST_CONCURRENCY);
    const answers = await Promise.all(
      batch.map((item) => {
        const input = inputOf(item);
        if (item.source !== "federal-register" || includeFederalRegister) return assistant.classify(input, NOW);
        return { ...classifyArticle(input, NOW), source: "local" as const, askedModel: false };
      }),
    );
    batch.forEach((item, j) => results.push({ item, got: answers[j] }));
  }
  const asked = results.filter((r) => r.got.askedModel);
  return {
    local: measure(items),
    assisted: figuresOf(results),
    eligible: items.filter((item) => item.source !== "federal-register" || includeFederalRegister).length,
    asked: asked.length,
    answered: asked.filter((r) => r.got.source === "model").length,
    fellBack: asked.filter((r) => r.got.source === "local").length,
    askedIds: asked.map((r) => r.item.id),
  };
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

/**
 * Items classified per second of CPU time: every labelled item, over and over for about half a second. CPU time, not
 * the wall clock, so the figure does not depend on what else the machine runs (the classifier uses one thread).
 */
export function throughput(items: LabelledItem[], minMs = 500) {
  const inputs = items.map((item) => ({ title: item.title, summary: item.summary, sourceCategory: item.sourceCategory, sourceName: item.sourceName }));
  for (const input of inputs) classifyArticle(input, NOW); // warm up
  let done = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  while (performance.now() - start < minMs)
    for (const input of inputs) {
      classifyArticle(input, NOW);
      done++;
    }
  const used = process.cpuUsage(cpu);
  return Math.round(done / ((used.user + used.system) / 1e6));
}

type Measured = ReturnType<typeof measure>;

function sideBySide(local: Measured, assisted: Measured) {
  const rows: [string, (f: Measured) => string, string][] = [
    ["category accuracy", (f) => pct(f.category.accuracy), `${pct(local.category.majority.accuracy)} ("${local.category.majority.label}")`],
    ["category macro F1", (f) => f.category.macroF1.toFixed(3), local.category.majority.macroF1.toFixed(3)],
    ["rollbacks recall / precision", (f) => `${pct(f.rollback.recall)} / ${pct(f.rollback.precision)}`, ""],
    ["priority accuracy", (f) => pct(f.priority.accuracy), `${pct(local.priority.majority.accuracy)} ("${local.priority.majority.label}")`],
    ["priority macro F1", (f) => f.priority.macroF1.toFixed(3), local.priority.majority.macroF1.toFixed(3)],
    ["high precision / recall", (f) => `${pct(f.priority.perClass.high.precision)} / ${pct(f.priority.perClass.high.recall)}`, ""],
  ];
  return [
    `  ${"".padEnd(30)} ${"local".padStart(16)} ${"assisted".padStart(16)}  majority baseline`,
    ...rows.map(([name, value, baseline]) => `  ${name.padEnd(30)} ${value(local).padStart(16)} ${value(assisted).padStart(16)}  ${baseline}`),
  ].join("\n");
}

async function mainAssisted(test: LabelledItem[]) {
  const model = process.env.OPENAI_MODEL || "gpt-4o-mini";
  const assistant = createClassifyAssistant({
    apiKey: process.env.OPENAI_API_KEY || undefined,
    baseURL: process.env.OPENAI_BASE_URL || undefined,
    model,
    timeoutMs: Number(process.env.OPENAI_TIMEOUT_MS) || undefined,
  });
  const includeFederalRegister = process.argv.includes("--assist-federal-register");
  const run = await measureAssisted(test, assistant, includeFederalRegister);
  if (process.argv.includes("--json")) {
    const { askedIds: _ids, ...figures } = run;
    console.log(JSON.stringify({ split: "test", items: test.length, model, baseURL: process.env.OPENAI_BASE_URL ?? null, ...figures }, null, 2));
    return;
  }
  console.log(
    `Local and model-assisted classification on the test part (${test.length} items), model ${model} at ${process.env.OPENAI_BASE_URL ?? "the OpenAI API"}`,
  );
  console.log(
    `May go to the model: ${run.eligible} items (${includeFederalRegister ? "all" : "feed items only"}); unsure and asked: ${run.asked}; ` +
      `answered: ${run.answered}; fell back to the local answer: ${run.fellBack}\n`,
  );
  console.log(sideBySide(run.local, run.assisted));
  console.log("");
  console.log(table("Category (assisted)", CATEGORY_VALUES, run.assisted.category));
  console.log("");
  console.log(table("Priority (assisted)", PRIORITY_VALUES, run.assisted.priority));
}

/** What the whole classifier's answers came from on the test part: a rule, the model, or the default. */
function decidedBy(items: LabelledItem[]) {
  const tally: Record<string, { items: number; right: number }> = {
    rule: { items: 0, right: 0 },
    model: { items: 0, right: 0 },
    default: { items: 0, right: 0 },
  };
  for (const item of items) {
    const got = classifyArticle(inputOf(item), NOW);
    tally[got.confidence.decidedBy].items++;
    if (got.category === item.category) tally[got.confidence.decidedBy].right++;
  }
  return tally;
}

type Direction = { recall: number; regulatoryCalledRollback: number; balancedAccuracy: number; deregulatory: number; regulatory: number };

/** Rollback recall on Deregulatory abstracts, the rollback rate on Regulatory ones, and their balanced accuracy. */
function direction(items: AgendaItem[], isRollback: (item: AgendaItem) => boolean): Direction {
  const deregulatory = items.filter((item) => item.deregulatory);
  const regulatory = items.filter((item) => !item.deregulatory);
  const recall = deregulatory.filter(isRollback).length / deregulatory.length;
  const regulatoryCalledRollback = regulatory.filter(isRollback).length / regulatory.length;
  return {
    recall,
    regulatoryCalledRollback,
    balancedAccuracy: (recall + 1 - regulatoryCalledRollback) / 2,
    deregulatory: deregulatory.length,
    regulatory: regulatory.length,
  };
}

/**
 * The classifier, its rules and its model each alone, and the baselines, on some held-out abstracts. `shareLogOdds`
 * is the log odds of a rollback among the baseline's training abstracts.
 */
function agendaFigures(items: AgendaItem[], baseline: WordModel, shareLogOdds: number) {
  const baselineMargin = (item: AgendaItem) => {
    const [regulatory, deregulatory] = scoreText(baseline, "", item.abstract).scores;
    return deregulatory - regulatory;
  };
  const judged = new Map(items.map((item) => [item, classifyArticle(agendaInput(item), NOW)]));
  const model = committedModel();
  const rollbackIndex = model.classes.indexOf("regulatory-rollbacks");
  return {
    classifier: direction(items, (item) => judged.get(item)!.category === "regulatory-rollbacks"),
    decidedByRule: items.filter((item) => judged.get(item)!.confidence.decidedBy === "rule").length,
    rulesAlone: direction(items, (item) => {
      const got = judged.get(item)!;
      return got.confidence.decidedBy === "rule" && got.category === "regulatory-rollbacks";
    }),
    modelAlone: direction(items, (item) => probabilities(model, scoreText(model, "", item.abstract).scores)[rollbackIndex] >= model.rollbackAbove),
    majority: direction(items, () => true),
    plainBaseline: direction(items, (item) => baselineMargin(item) > 0),
    // A rollback when its probability exceeds the training share of rollbacks: the threshold balanced accuracy asks
    // for, taken from the training abstracts alone, as the classifier's own threshold was chosen out of fold.
    plainBaselineAtShare: direction(items, (item) => baselineMargin(item) > shareLogOdds),
  };
}

/**
 * The agenda split by edition: the earlier editions the model learnt from, the held-out one, and the held-out
 * abstracts with no near-copy among the texts the model learnt from (scripts/train-classify.ts: the earlier editions
 * and the labelled development part; editors' corrections live in a database and are left out).
 */
export function agendaSplit() {
  const agenda = readAgenda();
  const heldOut = agenda.filter((item) => item.edition === HELD_OUT_EDITION);
  const earlier = agenda.filter((item) => item.edition !== HELD_OUT_EDITION);
  const development = readLabelled().filter((item) => splitOf(item.id) === "development");
  const copiesOf = nearCopyFinder([...earlier.map((item) => item.abstract), ...development.map(textOf)]);
  return { earlier, heldOut, novel: heldOut.filter((item) => copiesOf(item.abstract).length === 0) };
}

/**
 * The agenda designations of the held-out edition, which nothing was trained or tuned on: every abstract, and those
 * left once the near-copies (tests/eval/near-copies.ts) of a text the model learnt from are dropped, since a
 * rulemaking keeps its abstract from edition to edition. Beside the classifier: always answering "rollback" (the
 * majority), and a plain TF-IDF logistic regression trained on the earlier editions, the agenda abstracts the model
 * learnt from (no rules, no codebook items), by argmax and at the training share of rollbacks.
 */
export function measureAgenda() {
  const { earlier, heldOut, novel } = agendaSplit();
  const baseline = train(
    earlier.map((item) => {
      const category = item.deregulatory ? ("regulatory-rollbacks" as const) : ("new-regulations" as const);
      return { title: "", summary: item.abstract, category, fold: 0, origin: "agenda" as const, input: { title: "", summary: item.abstract } };
    }),
    { l2: 1, abstractChars: 5000, labelledWeight: 1 },
    ["new-regulations", "regulatory-rollbacks"],
  );
  const rollbacks = earlier.filter((item) => item.deregulatory).length;
  const shareLogOdds = Math.log(rollbacks / (earlier.length - rollbacks));
  return {
    edition: HELD_OUT_EDITION,
    baselineRollbackShare: rollbacks / earlier.length,
    all: agendaFigures(heldOut, baseline, shareLogOdds),
    withoutNearCopies: { dropped: heldOut.length - novel.length, ...agendaFigures(novel, baseline, shareLogOdds) },
  };
}

function agendaTable(a: ReturnType<typeof measureAgenda>) {
  const sets = [a.all, a.withoutNearCopies];
  const cells = (d: Direction) => `${pct(d.recall).padStart(8)} ${pct(d.regulatoryCalledRollback).padStart(12)} ${d.balancedAccuracy.toFixed(3).padStart(9)}`;
  const row = (name: string, pick: (f: (typeof sets)[number]) => Direction) => `  ${name.padEnd(44)} ${sets.map((f) => cells(pick(f))).join("   ")}`;
  const size = (f: (typeof sets)[number]) => `${f.classifier.deregulatory} Deregulatory, ${f.classifier.regulatory} Regulatory`;
  const head = `${"recall".padStart(8)} ${"Regulatory→R".padStart(12)} ${"balanced".padStart(9)}`;
  return [
    `Unified Agenda designations, held-out edition ${a.edition}`,
    `  all: ${size(a.all)} abstracts; without the ${a.withoutNearCopies.dropped} near-copies of a training text: ${size(a.withoutNearCopies)}`,
    `  ${"".padEnd(44)} ${"all".padEnd(31)}   without near-copies`,
    `  ${"".padEnd(44)} ${head}   ${head}`,
    row("classifier (rules, then the model)", (f) => f.classifier),
    row(`  its rules alone (decided ${sets.map((f) => f.decidedByRule).join(", ")})`, (f) => f.rulesAlone),
    row("  its model alone", (f) => f.modelAlone),
    row("majority: always rollback", (f) => f.majority),
    row("plain TF-IDF logistic regression (earlier)", (f) => f.plainBaseline),
    row(`  rollback above its training share (${pct(a.baselineRollbackShare)})`, (f) => f.plainBaselineAtShare),
  ].join("\n");
}

async function main() {
  const all = readLabelled();
  const test = all.filter((item) => splitOf(item.id) === "test");
  if (process.argv.includes("--assisted")) return mainAssisted(test);
  const figures = measure(test);
  const novel = testWithoutNearCopies(all);
  const withoutNearCopies = { dropped: test.length - novel.length, ...measure(novel) };
  const perSecond = throughput(all);
  const decided = decidedBy(test);
  // --codebook-only: the labelled set alone, without training the agenda baseline (quicker).
  const agenda = process.argv.includes("--codebook-only") ? null : measureAgenda();
  if (process.argv.includes("--json")) {
    const report = { split: "test", items: test.length, itemsPerSecond: perSecond, ...figures, decidedBy: decided, withoutNearCopies, agenda };
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  console.log(`classifyArticle on the test part (${test.length} items)\n`);
  console.log(table("Category", CATEGORY_VALUES, figures.category));
  console.log(`  rollbacks: recall ${pct(figures.rollback.recall)}, precision ${pct(figures.rollback.precision)}`);
  console.log(
    `  decided by: ${Object.entries(decided)
      .map(([by, t]) => `${by} ${t.items} (${t.items ? pct(t.right / t.items) : "-"} right)`)
      .join(", ")}\n`,
  );
  console.log(table("Priority", PRIORITY_VALUES, figures.priority));
  const w = withoutNearCopies;
  console.log(
    `\nWithout the ${w.dropped} near-copies of a development item (${w.category.total} items): ` +
      `category accuracy ${pct(w.category.accuracy)} (majority ${pct(w.category.majority.accuracy)}), macro F1 ${w.category.macroF1.toFixed(3)}; ` +
      `rollbacks recall ${pct(w.rollback.recall)}, precision ${pct(w.rollback.precision)} (${w.rollback.support}); ` +
      `priority accuracy ${pct(w.priority.accuracy)} (majority ${pct(w.priority.majority.accuracy)})`,
  );
  if (agenda) console.log(`\n${agendaTable(agenda)}`);
  console.log(`\nThroughput: ${perSecond.toLocaleString("en-US")} items per second of CPU time (all ${all.length} labelled items, one thread)`);
}

if (process.argv[1] && path.basename(process.argv[1]) === "classify.ts")
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
