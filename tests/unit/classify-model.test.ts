// The learned part of the classifier (app/classify/model.ts): its scores are the TF-IDF logistic regression
// the training script wrote, its probabilities are calibrated, its reasons name the words that decided, and the
// committed model is the one today's training items make (scripts/train-classify.ts).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { splitOf } from "~/classify/split";
import { classifyArticle } from "~/classify/classifier";
import { committedModel, MODEL_FILE } from "~/classify/model-file.server";
import { EDITOR_REASON } from "~/articles/vocabulary";
import { featuresOf, probabilities, scoreText, type WordModel } from "~/classify/model";
import { eq } from "drizzle-orm";
import { insertArticle } from "~/ingest/insert.server";
import { db, first, t } from "~/db.server";
import { agendaInput, HELD_OUT_EDITION, readAgenda } from "../eval/agenda";
import { readLabelled } from "../eval/classify";
import { nearCopyGroups } from "../eval/near-copies";
import { train, trainingDigest, trainingItems } from "../../scripts/train-classify";

const model = committedModel();
const labelled = readLabelled();
const agenda = readAgenda();

/** The score as the training script defines it: bias plus the weights of every feature occurrence over sqrt(count). */
function referenceScores(m: WordModel, title: string, summary: string) {
  const features = featuresOf(title, summary, m.abstractChars);
  const sums = m.bias.map(() => 0);
  for (const f of features) m.features[f]?.forEach((w, i) => (sums[i] += w));
  return m.bias.map((b, i) => b + sums[i] / Math.sqrt(features.length));
}

describe("the word model", () => {
  it("scores a text as the sum of its feature weights over the square root of its length", () => {
    const texts = [...labelled.slice(0, 150).map((item) => [item.title, item.summary]), ...agenda.slice(0, 150).map((item) => ["", item.abstract])];
    for (const [title, summary] of texts) {
      const got = scoreText(model, title, summary).scores;
      referenceScores(model, title, summary).forEach((expected, i) => expect(got[i]).toBeCloseTo(expected, 9));
    }
  });

  it("gives probabilities that sum to one, softened by the fitted temperature", () => {
    const { scores } = scoreText(model, "Removal of Obsolete Regulations", "This rule removes obsolete requirements.");
    const p = probabilities(model, scores);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(model.temperature).toBeGreaterThan(0);
    const sharp = probabilities({ ...model, temperature: model.temperature / 4 }, scores);
    expect(Math.max(...sharp)).toBeGreaterThan(Math.max(...p));
  });

  it("is the model npm run train:classify makes from today's training items, which hold no test item", async () => {
    const committed = JSON.parse(fs.readFileSync(MODEL_FILE, "utf8")) as WordModel;
    const items = await trainingItems();
    expect(committed.trainingDigest).toBe(trainingDigest(items, committed.settings));
    const testIds = new Set(labelled.filter((item) => splitOf(item.id) === "test").map((item) => item.id));
    for (const item of items) {
      if (item.id) expect(testIds.has(item.id), `${item.origin} ${item.id}`).toBe(false);
      expect(item.id ?? "", "an abstract of the held-out edition").not.toMatch(new RegExp(`^agenda:${HELD_OUT_EDITION}:`));
    }
  });

  it("keeps near-copies in one fold, so out-of-fold figures do not measure memory", async () => {
    const items = await trainingItems();
    const foldOfGroup = new Map<number, number>();
    nearCopyGroups(items.map((item) => `${item.title} ${item.summary}`)).forEach((group, i) => {
      expect(foldOfGroup.get(group) ?? items[i].fold, `${items[i].origin} ${items[i].id}`).toBe(items[i].fold);
      foldOfGroup.set(group, items[i].fold);
    });
    // Every fold still holds agenda abstracts.
    expect(new Set(items.filter((item) => item.origin === "agenda").map((item) => item.fold)).size).toBe(4);
  });

  it("trains to the same weights from the same items", async () => {
    const items = (await trainingItems()).filter((_, i) => i % 20 === 0);
    const once = train(items, { l2: 0.1, abstractChars: 400, labelledWeight: 1 });
    expect(train(items, { l2: 0.1, abstractChars: 400, labelledWeight: 1 })).toEqual(once);
    expect(Object.keys(once.features).length).toBeGreaterThan(10);
  });

  it("learns from the articles whose category an editor corrected", async () => {
    const corrected = await insertArticle({
      title: "Marine Mammal Permit Conditions Eased For Coastal Survey Vessels",
      summary: "Survey vessels no longer need an observer aboard.",
      originalUrl: "https://example.gov/eased-permit-conditions",
      sourceName: "E2E",
      sourceId: null,
      publishDate: new Date(),
      manualClassification: { category: "regulatory-rollbacks", priority: "medium", tags: [] },
    });
    if (corrected.status !== "inserted") throw new Error(`not stored: ${corrected.status}`);
    expect((await first(db().select({ reason: t.articles.categoryReason }).from(t.articles).where(eq(t.articles.id, corrected.id))))?.reason).toBe(
      EDITOR_REASON,
    );
    // A corrected document of the labelled set's test part is never learned from.
    const testItem = labelled.find((item) => splitOf(item.id) === "test" && item.source === "federal-register")!;
    await insertArticle({
      title: testItem.title,
      summary: testItem.summary,
      originalUrl: `https://www.federalregister.gov/d/${testItem.id}`,
      documentNumber: testItem.id,
      sourceName: "Federal Register",
      sourceId: null,
      publishDate: new Date(),
      manualClassification: { category: "policy-analysis", priority: "low", tags: [] },
    });
    const fromEditors = (await trainingItems()).filter((item) => item.origin === "editor");
    expect(fromEditors).toMatchObject([{ title: "Marine Mammal Permit Conditions Eased For Coastal Survey Vessels", category: "regulatory-rollbacks" }]);
  });
});

describe("the classifier's reasons", () => {
  it("name the model's probability and its strongest words when the model decides", () => {
    const decided = agenda
      .filter((item) => item.edition !== HELD_OUT_EDITION)
      .map((item) => ({ item, got: classifyArticle(agendaInput(item)) }))
      .filter(({ got }) => got.confidence.decidedBy === "model" && got.category === "regulatory-rollbacks");
    expect(decided.length).toBeGreaterThan(10);
    for (const { item, got } of decided.slice(0, 50)) {
      const match = got.reason.category.match(/^rollback: model (\d\.\d\d): '([^']+)'/);
      expect(match, got.reason.category).not.toBeNull();
      expect(Number(match![1])).toBeCloseTo(got.confidence.probability, 2);
      expect(Number(match![1])).toBeGreaterThanOrEqual(model.rollbackAbove);
      // The quoted words are the abstract's own.
      expect(item.abstract.toLowerCase()).toContain(match![2].split(" ")[0]);
    }
  });
});
