// npx tsx tests/eval/assist-threshold.ts
// Chooses ASSIST_BELOW_PROBABILITY (app/ai/classify-assist.server.ts) on the DEVELOPMENT part only: with the
// word model cross-validated as npm run train:classify does (retrained without each fold, with the committed
// model's settings, temperature and threshold, so its probabilities are out of sample), it
// prints, for each candidate threshold, how many items no rule decided fall below it (they would go to the
// language model) and how often the local classifier gets the category right on each side. A good threshold
// sends few items and leaves the local answers above it nearly always right.
import { classifyArticle } from "~/classify/classifier";
import { committedModel } from "~/classify/model-file.server";
import { FOLDS, train, trainingItems } from "../../scripts/train-classify";

const NOW = new Date("2026-11-23T12:00:00Z");

async function main() {
  const items = await trainingItems();
  const development = items.filter((item) => item.origin === "labelled");
  const unruled: { probability: number; right: boolean }[] = [];
  let ruled = 0;
  let ruledRight = 0;
  const { settings, temperature, rollbackAbove } = committedModel();
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = {
      ...train(
        items.filter((item) => item.fold !== fold),
        settings,
      ),
      temperature,
      rollbackAbove,
    };
    development.forEach((item) => {
      if (item.fold !== fold) return;
      const got = classifyArticle(item.input, NOW, model);
      const right = got.category === item.category;
      if (got.confidence.decidedBy === "rule") {
        ruled++;
        if (right) ruledRight++;
      } else unruled.push({ probability: got.confidence.probability, right });
    });
  }
  const pct = (a: number, b: number) => (b ? `${((a / b) * 100).toFixed(1)}%` : "-");
  console.log(`Development part, ${development.length} items: a rule decided ${ruled} (${pct(ruledRight, ruled)} right); no rule decided ${unruled.length}`);
  console.log("threshold  sent  local right among sent  local right among kept");
  for (const threshold of [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 0.99]) {
    const sent = unruled.filter((u) => u.probability < threshold);
    const kept = unruled.filter((u) => u.probability >= threshold);
    const right = (list: typeof unruled) => list.filter((u) => u.right).length;
    console.log(
      `${threshold.toFixed(2).padStart(9)} ${String(sent.length).padStart(5)} ${pct(right(sent), sent.length).padStart(23)} ${pct(right(kept), kept.length).padStart(23)}`,
    );
  }
}

await main();
