// The labelled classification set (docs/classification.md): its integrity, its fixed split, and the
// arithmetic of the evaluation that measures the rules against it.
import { describe, expect, it } from "vitest";
import { splitOf } from "~/classify/split";
import { CATEGORY_VALUES, PRIORITY_VALUES, SOURCE_CATEGORIES } from "~/articles/vocabulary";
import { readLabelled } from "../eval/classify";
import { evaluate } from "../eval/metrics";

const items = readLabelled();

describe("the labelled classification set", () => {
  it("holds at least 1,000 items with unique ids and valid labels", () => {
    expect(items.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item.title.trim(), item.id).not.toBe("");
      expect(CATEGORY_VALUES, item.id).toContain(item.category);
      expect(PRIORITY_VALUES, item.id).toContain(item.priority);
      expect(SOURCE_CATEGORIES as readonly string[], item.id).toContain(item.sourceCategory);
    }
  });

  it("splits by id alone, the same way every time, about 70/30", () => {
    for (const item of items) expect(splitOf(item.id)).toBe(splitOf(item.id));
    // Pinned values: if the hash or the cut ever changes, these fail before any figure silently moves.
    expect(splitOf("2025-00537")).toBe("test");
    expect(splitOf("2025-00981")).toBe("development");
    const test = items.filter((item) => splitOf(item.id) === "test").length;
    expect(test).toBeGreaterThan(0);
    expect(items.length - test).toBeGreaterThan(0);
    expect(test / items.length).toBeGreaterThanOrEqual(0.25);
    expect(test / items.length).toBeLessThanOrEqual(0.35);
  });
});

describe("evaluate", () => {
  // Hand-made: 10 items, labels a/b/c.
  //   expected a: predicted a,a,a,b   expected b: predicted b,b,a   expected c: predicted c,b,b
  const pairs = [
    ...["a", "a", "a", "b"].map((p) => ({ expected: "a", predicted: p })),
    ...["b", "b", "a"].map((p) => ({ expected: "b", predicted: p })),
    ...["c", "b", "b"].map((p) => ({ expected: "c", predicted: p })),
  ] as { expected: "a" | "b" | "c"; predicted: "a" | "b" | "c" }[];
  const f = evaluate(["a", "b", "c"] as const, pairs);

  it("counts the confusion matrix and accuracy", () => {
    expect(f.confusion).toEqual({ a: { a: 3, b: 1, c: 0 }, b: { a: 1, b: 2, c: 0 }, c: { a: 0, b: 2, c: 1 } });
    expect(f.accuracy).toBeCloseTo(6 / 10);
  });

  it("computes precision, recall and F1 per class, and macro F1", () => {
    // a: precision 3/4, recall 3/4; b: precision 2/5, recall 2/3; c: precision 1/1, recall 1/3.
    expect(f.perClass.a).toMatchObject({ precision: 0.75, recall: 0.75, support: 4 });
    expect(f.perClass.a.f1).toBeCloseTo(0.75);
    expect(f.perClass.b.precision).toBeCloseTo(0.4);
    expect(f.perClass.b.recall).toBeCloseTo(2 / 3);
    expect(f.perClass.b.f1).toBeCloseTo(0.5);
    expect(f.perClass.c).toMatchObject({ precision: 1, support: 3 });
    expect(f.perClass.c.f1).toBeCloseTo(0.5);
    expect(f.macroF1).toBeCloseTo((0.75 + 0.5 + 0.5) / 3);
  });

  it("gives the majority-class baseline", () => {
    // Always "a": accuracy 4/10; a's F1 = 2·0.4·1/1.4; b and c score 0.
    expect(f.majority.label).toBe("a");
    expect(f.majority.accuracy).toBeCloseTo(0.4);
    expect(f.majority.macroF1).toBeCloseTo(0.8 / 1.4 / 3);
  });
});
