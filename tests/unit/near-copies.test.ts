// The near-copy rule (tests/eval/near-copies.ts) that the evaluation drops held-out items by and training keeps folds
// by: word sets overlapping by 70% or more (Jaccard), on real Unified Agenda abstracts of the editions open for
// training, with the counts docs/classification.md reports.
import { describe, expect, it } from "vitest";
import { isNearCopy, jaccard, NEAR_COPY_JACCARD, nearCopyFinder, nearCopyGroups, wordsOf } from "../eval/near-copies";
import { readAgenda } from "../eval/agenda";
import { agendaSplit, readLabelled, testWithoutNearCopies } from "../eval/classify";
import { splitOf } from "~/classify/split";

// Spring 2018 and Fall 2017 (HHS, Regulatory both times): one rulemaking, edited between editions.
const COMMON_RULE_2018 =
  "The NPRM proposes to delay the general compliance date of the Common Rule by six months, but create an option that allows earlier implementation of specific burden-reducing provisions.";
const COMMON_RULE_2017 =
  "The NPRM will propose to delay the general implementation date of the Common Rule by one year, but create an option that allows earlier implementation of specific burden-reducing provisions.";
// Spring 2018 and Fall 2017 (FWS, Deregulatory): two delistings from one template, 68% of their words shared.
const BLUECURLS =
  "We will make a final determination on our proposal to remove Hidden Lake bluecurls from the List of Endangered and Threatened Plants due to recovery. Hidden Lake bluecurls is a plant species found in California.";
const EUREKA_DUNES =
  "We will make a final determination on our proposal to remove Eureka Dunes evening primrose and Eureka Valley dunegrass from the List of Endangered and Threatened Plants, due to recovery. The two-plant species are found in California.";

const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `w${from + i}`).join(" ");

describe("near-copies", () => {
  it("reads words as lowercase runs of letters and digits, each once", () => {
    expect(wordsOf("USDA’s rule: 50 CFR 424, the rule.")).toEqual(["usda", "s", "rule", "50", "cfr", "424", "the"]);
    expect(isNearCopy("USDA’s Rule (50 CFR 424)", "usda s rule 50 cfr 424")).toBe(true);
  });

  it("calls an abstract a near-copy of itself", () => {
    expect(jaccard(wordsOf(COMMON_RULE_2018), wordsOf(COMMON_RULE_2018))).toBe(1);
    expect(isNearCopy(COMMON_RULE_2018, COMMON_RULE_2018)).toBe(true);
  });

  it("calls an abstract reworded by one word, or re-edited for the next edition, a near-copy", () => {
    expect(isNearCopy(COMMON_RULE_2018, COMMON_RULE_2018.replace("six months", "six weeks"))).toBe(true);
    expect(jaccard(wordsOf(COMMON_RULE_2018), wordsOf(COMMON_RULE_2017))).toBeCloseTo(0.733, 3);
    expect(isNearCopy(COMMON_RULE_2018, COMMON_RULE_2017)).toBe(true);
  });

  it("draws the line at 70% of the words of both", () => {
    expect(jaccard(wordsOf(words(10)), wordsOf(`${words(9)} ${words(1, 100)}`))).toBeCloseTo(9 / 11, 12);
    expect(isNearCopy(words(7), words(10))).toBe(true); // 7 of 10
    expect(isNearCopy(words(6), words(9))).toBe(false); // 6 of 9
    expect(jaccard(wordsOf(BLUECURLS), wordsOf(EUREKA_DUNES))).toBeCloseTo(0.684, 3);
    expect(isNearCopy(BLUECURLS, EUREKA_DUNES)).toBe(false);
  });

  it("never calls unrelated or empty texts near-copies", () => {
    expect(isNearCopy(COMMON_RULE_2018, BLUECURLS)).toBe(false);
    expect(isNearCopy("", "")).toBe(false);
    expect(isNearCopy("", COMMON_RULE_2018)).toBe(false);
    expect(isNearCopy("— ; —", "…")).toBe(false);
    expect(nearCopyFinder(["", COMMON_RULE_2018])("")).toEqual([]);
  });

  it("finds in a pool exactly the texts the pairwise rule calls near-copies", () => {
    const agenda = readAgenda();
    const pool = agenda.filter((item) => item.edition === "Fall_2017").map((item) => item.abstract);
    const queries = agenda.filter((item) => item.edition === "Spring_2018").map((item) => item.abstract);
    const find = nearCopyFinder(pool);
    const poolWords = pool.map(wordsOf);
    let found = 0;
    for (const query of queries) {
      const queryWords = wordsOf(query);
      const expected = poolWords.flatMap((text, i) => (jaccard(queryWords, text) >= NEAR_COPY_JACCARD ? [i] : []));
      expect(find(query)).toEqual(expected);
      if (expected.length) found++;
    }
    expect(found).toBe(134);
  });

  it("groups near-copies transitively, named by each group's first text", () => {
    const [a, b, c] = [words(10), `${words(9)} x1`, `${words(8)} x1 x2`];
    expect([isNearCopy(a, b), isNearCopy(b, c), isNearCopy(a, c)]).toEqual([true, true, false]);
    expect(nearCopyGroups([COMMON_RULE_2018, c, BLUECURLS, b, COMMON_RULE_2017, a, ""])).toEqual([0, 1, 2, 1, 0, 1, 6]);
  });
});

describe("the near-copies the evaluation drops", () => {
  it("are 374 of the held-out edition's 724 abstracts, all of them near-copies of earlier agenda abstracts", () => {
    const { earlier, heldOut, novel } = agendaSplit();
    expect([heldOut.length, heldOut.length - novel.length]).toEqual([724, 374]);
    const ofEarlier = nearCopyFinder(earlier.map((item) => item.abstract));
    expect(heldOut.filter((item) => ofEarlier(item.abstract).length > 0)).toHaveLength(374);
  });

  it("are 81 of the labelled test part's 325 items, near-copies of development items", () => {
    const labelled = readLabelled();
    expect(labelled.filter((item) => splitOf(item.id) === "test").length - testWithoutNearCopies(labelled).length).toBe(81);
  });
});
