// npx tsx tests/eval/rule-counts.ts
// How often each rollback pattern of app/classify/rules.ts fires on Unified Agenda abstracts OIRA designated
// Deregulatory vs Regulatory, on the four editions open for writing rules (Fall 2017 to Spring 2019). Fall 2019 is held
// out: its rows are dropped as the file is read and never matched. The base ratio of those editions is about 3.3:1,
// so a pattern worth keeping fires at a precision near 0.9 or above. Rejected candidates are counted the same way.
import { classifyArticle } from "~/classify/classifier";
import { BURDEN, DELAY, REMOVAL, STAY, STREAMLINE, WIDE_LEAD_CHARS } from "~/classify/rules";
import { HELD_OUT_EDITION, readAgenda } from "./agenda";

const LEAD_CHARS = 400;

/** The abstracts of every edition but the held-out one, as they are open for writing rules. */
export function readOpenEditions() {
  return readAgenda()
    .filter((item) => item.edition !== HELD_OUT_EDITION)
    .map((item) => ({ deregulatory: item.deregulatory, season: item.edition, abstract: item.abstract }));
}

const PATTERNS: [name: string, pattern: RegExp, chars: number][] = [
  ["DELAY (lead)", DELAY, LEAD_CHARS],
  ["STAY (lead)", STAY, LEAD_CHARS],
  ["BURDEN (lead)", BURDEN, LEAD_CHARS],
  ["REMOVAL (wide)", REMOVAL, WIDE_LEAD_CHARS],
  ["STREAMLINE (wide)", STREAMLINE, WIDE_LEAD_CHARS],
  // Rejected, counted so the choice can be checked. DELAY and BURDEN read further in, and any "reduce ... burden", do well
  // here but file development items labelled new-regulations as rollbacks (2, 1 and 5 of them: a conditional
  // "unless a further order is issued postponing the effective date", paperwork notices' "reduce paperwork and
  // respondent burden"); "streamline" alone and "defer" fail here.
  ["rejected: DELAY (wide)", DELAY, WIDE_LEAD_CHARS],
  ["rejected: BURDEN (wide)", BURDEN, WIDE_LEAD_CHARS],
  ["rejected: streamline alone (lead)", /\bstreamlin\w*/i, LEAD_CHARS],
  ["rejected: defer / deferral (wide)", /\bdefer(?:s|red|ring|ral)?\b/i, WIDE_LEAD_CHARS],
  ["rejected: reduce ... burden, any words (wide)", /\breduc\w* (?:[\w-]+ ){0,4}?burdens?\b/i, WIDE_LEAD_CHARS],
];

function main() {
  const rows = readOpenEditions();
  const dereg = rows.filter((r) => r.deregulatory).length;
  console.log(
    `Open editions: ${rows.length} abstracts, ${dereg} Deregulatory, ${rows.length - dereg} Regulatory (base ratio ${(dereg / (rows.length - dereg)).toFixed(2)}:1)\n`,
  );
  console.log(`${"pattern".padEnd(46)} ${"Dereg".padStart(6)} ${"Reg".padStart(5)}  precision`);
  for (const [name, pattern, chars] of PATTERNS) {
    const hits = rows.filter((r) => pattern.test(r.abstract.slice(0, chars)));
    const d = hits.filter((r) => r.deregulatory).length;
    console.log(`${name.padEnd(46)} ${String(d).padStart(6)} ${String(hits.length - d).padStart(5)}  ${hits.length ? (d / hits.length).toFixed(3) : "-"}`);
  }
  const rollbacks = rows.filter((r) => classifyArticle({ title: "", summary: r.abstract, sourceCategory: "government" }).category === "regulatory-rollbacks");
  const d = rollbacks.filter((r) => r.deregulatory).length;
  console.log(
    `\nclassifyArticle files as rollbacks: ${d} Deregulatory, ${rollbacks.length - d} Regulatory (precision ${(d / rollbacks.length).toFixed(3)}, recall ${(d / dereg).toFixed(3)})`,
  );
}

if (process.argv[1]?.endsWith("rule-counts.ts")) main();
