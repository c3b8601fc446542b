// Classification figures from (expected, predicted) pairs: accuracy, per-class precision/recall/F1,
// macro F1, the confusion matrix and the majority-class baseline. Kept apart from the script so the
// unit test can check the arithmetic on a hand-made example.

export type ClassFigures = { precision: number; recall: number; f1: number; support: number };

export type Figures<L extends string> = {
  total: number;
  accuracy: number;
  perClass: Record<L, ClassFigures>;
  macroF1: number;
  /** confusion[expected][predicted] = count */
  confusion: Record<L, Record<L, number>>;
  /** Always answering the most frequent expected label. */
  majority: { label: L; accuracy: number; macroF1: number };
};

// A ratio with an empty denominator is 0: a class never predicted has no precision to speak of.
const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
const f1Of = (p: number, r: number) => (p + r === 0 ? 0 : (2 * p * r) / (p + r));

export function evaluate<L extends string>(labels: readonly L[], pairs: { expected: L; predicted: L }[]): Figures<L> {
  const confusion = Object.fromEntries(labels.map((e) => [e, Object.fromEntries(labels.map((p) => [p, 0]))])) as Record<L, Record<L, number>>;
  for (const { expected, predicted } of pairs) confusion[expected][predicted]++;
  const total = pairs.length;
  const right = labels.reduce((sum, l) => sum + confusion[l][l], 0);
  const perClass = {} as Record<L, ClassFigures>;
  for (const l of labels) {
    const support = labels.reduce((sum, p) => sum + confusion[l][p], 0);
    const predicted = labels.reduce((sum, e) => sum + confusion[e][l], 0);
    const precision = ratio(confusion[l][l], predicted);
    const recall = ratio(confusion[l][l], support);
    perClass[l] = { precision, recall, f1: f1Of(precision, recall), support };
  }
  const macroF1 = ratio(
    labels.reduce((sum, l) => sum + perClass[l].f1, 0),
    labels.length,
  );
  // The majority baseline: recall 1 and precision = its share on its own class, 0 elsewhere.
  const label = labels.reduce((best, l) => (perClass[l].support > perClass[best].support ? l : best), labels[0]);
  const share = ratio(perClass[label].support, total);
  return {
    total,
    accuracy: ratio(right, total),
    perClass,
    macroF1,
    confusion,
    majority: { label, accuracy: share, macroF1: ratio(f1Of(share, total ? 1 : 0), labels.length) },
  };
}
