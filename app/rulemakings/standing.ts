// Where a rulemaking stands now, from its timeline: the documents we hold, in order, and the court decisions that
// name it. Shared by the server and the browser.
import type { RulemakingAction } from "./action";

export const STANDINGS = [
  { value: "proposed", label: "Proposed" },
  { value: "final", label: "Final" },
  { value: "delayed", label: "Delayed" },
  { value: "withdrawn", label: "Withdrawn" },
  { value: "vacated", label: "Vacated" },
] as const;

export type Standing = (typeof STANDINGS)[number]["value"];

export function standingLabel(standing: Standing | null) {
  return standing ? STANDINGS.find((entry) => entry.value === standing)!.label : "Not known";
}

/** One move of the rulemaking: a document's action, or a court decision (which vacates the rule or not). */
export type TimelineMove = { date: string; action: RulemakingAction } | { date: string; court: { vacates: boolean } };

// What each document's action makes of the rulemaking; corrections, comment-period extensions and other documents
// leave it where it was.
const MOVES: Partial<Record<RulemakingAction, Standing>> = {
  anprm: "proposed",
  nprm: "proposed",
  final: "final",
  "interim-final": "final",
  delay: "delayed",
  withdrawal: "withdrawn",
};

/**
 * Where the rulemaking stands after its moves, taken oldest first (by date, ties in the given order): the last move
 * that changes anything decides. A court decision that vacates the rule makes it "vacated" until a later document
 * (a new proposal or final rule) moves it again. Null when no move says anything yet (only notices).
 */
export function currentStanding(moves: readonly TimelineMove[]): Standing | null {
  const ordered = moves.map((move, index) => ({ move, index })).sort((a, b) => a.move.date.localeCompare(b.move.date) || a.index - b.index);
  let standing: Standing | null = null;
  for (const { move } of ordered) {
    if ("court" in move) {
      if (move.court.vacates) standing = "vacated";
      continue;
    }
    standing = MOVES[move.action] ?? standing;
  }
  return standing;
}

/** Words a court decision uses when it sets a rule aside: "vacated", "vacates", "vacatur", "set aside". */
export function saysVacated(text: string) {
  return /\bvacat(e|es|ed|ing|ur)\b|\bset aside\b/i.test(text);
}
