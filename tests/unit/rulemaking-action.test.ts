// A Federal Register document's action in its rulemaking, and where a rulemaking stands: real titles of 2025
// (tests/fixtures/federal-register-actions.json) and the timelines the rulemaking page reads.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { rulemakingAction, type RulemakingAction } from "~/rulemakings/action";
import { parseRulemakingKey, rulemakingLinkLabel } from "~/rulemakings/keys";
import { currentStanding, saysVacated, type TimelineMove } from "~/rulemakings/standing";

type Case = { document_number: string; title: string; type: string | null; action: string | null; expected: RulemakingAction };
const { results } = JSON.parse(fs.readFileSync("tests/fixtures/federal-register-actions.json", "utf8")) as { results: Case[] };

describe("a document's action", () => {
  it.each(results.map((c) => [c.document_number, c] as const))("%s", (_number, c) => {
    expect(rulemakingAction({ documentType: c.type, registerAction: c.action, title: c.title })).toBe(c.expected);
  });

  it("covers every action the page names", () => {
    const covered = new Set(results.map((c) => c.expected));
    // No advance notice is among the sample's documents: its action line is the agency's usual one.
    covered.add(rulemakingAction({ documentType: "Proposed Rule", registerAction: "Advance notice of proposed rulemaking.", title: "Hazardous Waste" }));
    expect([...covered].sort()).toEqual(["anprm", "comment-extension", "correction", "delay", "final", "interim-final", "nprm", "other", "withdrawal"]);
  });

  it("reads the action line before the title and the type", () => {
    const title = "Improving Protections for Workers in Temporary Agricultural Employment in the United States";
    expect(rulemakingAction({ documentType: "Rule", registerAction: "Final rule; delay of effective date.", title })).toBe("delay");
    expect(rulemakingAction({ documentType: "Rule", registerAction: "Final rule; correction.", title })).toBe("correction");
    expect(rulemakingAction({ documentType: "Proposed Rule", registerAction: "Proposed rule; withdrawal.", title })).toBe("withdrawal");
    expect(rulemakingAction({ documentType: "Proposed Rule", registerAction: "Proposed rule; reopening of comment period.", title })).toBe("comment-extension");
    expect(rulemakingAction({ documentType: "Rule", registerAction: "Direct final rule.", title })).toBe("final");
    expect(rulemakingAction({ documentType: "Rule", registerAction: null, title })).toBe("final");
    expect(rulemakingAction({ documentType: "Proposed Rule", registerAction: null, title })).toBe("nprm");
    // A notice's title that speaks of a proposed rule is not the proposal.
    expect(rulemakingAction({ documentType: "Notice", registerAction: null, title: "Notice of Filing of Proposed Rule Change" })).toBe("other");
  });
});

describe("where a rulemaking stands", () => {
  const moves = (...list: TimelineMove[]) => list;
  it("follows the latest move that changes anything", () => {
    expect(currentStanding([])).toBeNull();
    expect(currentStanding(moves({ date: "2024-01-01", action: "other" }))).toBeNull();
    expect(currentStanding(moves({ date: "2023-01-01", action: "anprm" }))).toBe("proposed");
    expect(currentStanding(moves({ date: "2023-09-15", action: "nprm" }, { date: "2023-12-01", action: "comment-extension" }))).toBe("proposed");
    expect(
      currentStanding(moves({ date: "2023-09-15", action: "nprm" }, { date: "2024-04-29", action: "final" }, { date: "2024-06-20", action: "correction" })),
    ).toBe("final");
    expect(currentStanding(moves({ date: "2024-04-29", action: "interim-final" }))).toBe("final");
    expect(currentStanding(moves({ date: "2024-04-29", action: "final" }, { date: "2025-06-10", action: "delay" }))).toBe("delayed");
    expect(currentStanding(moves({ date: "2023-09-15", action: "nprm" }, { date: "2025-03-01", action: "withdrawal" }))).toBe("withdrawn");
  });

  it("is vacated by a court decision that says so, until a later document moves it again", () => {
    const vacated = moves({ date: "2024-04-29", action: "final" }, { date: "2025-08-01", court: { vacates: true } });
    expect(currentStanding(vacated)).toBe("vacated");
    expect(currentStanding([...vacated, { date: "2025-09-01", action: "nprm" }])).toBe("proposed");
    expect(currentStanding(moves({ date: "2024-04-29", action: "final" }, { date: "2025-08-01", court: { vacates: false } }))).toBe("final");
  });

  it("orders the moves by date whatever order they come in", () => {
    expect(currentStanding(moves({ date: "2025-06-10", action: "delay" }, { date: "2024-04-29", action: "final" }))).toBe("delayed");
    expect(currentStanding(moves({ date: "2025-08-01", court: { vacates: true } }, { date: "2024-04-29", action: "final" }))).toBe("vacated");
  });

  it("reads a vacatur in a decision's words", () => {
    expect(saysVacated("The court vacated the Department's final rule")).toBe(true);
    expect(saysVacated("Order granting vacatur of the rule")).toBe(true);
    expect(saysVacated("The rule is set aside")).toBe(true);
    expect(saysVacated("The petition for review is denied")).toBe(false);
    expect(saysVacated("Vacation rental rule upheld")).toBe(false);
  });
});

describe("rulemaking keys", () => {
  it("takes a RIN or a docket id in any case, and nothing else", () => {
    expect(parseRulemakingKey("1205-ac12")).toBe("1205-AC12");
    expect(parseRulemakingKey("EPA-HQ-OAR-2021-0317")).toBe("EPA-HQ-OAR-2021-0317");
    expect(parseRulemakingKey("../etc")).toBeNull();
    expect(parseRulemakingKey("a b")).toBeNull();
    expect(parseRulemakingKey(undefined)).toBeNull();
  });

  it("says how many documents since which year", () => {
    expect(rulemakingLinkLabel({ key: "1205-AC12", documents: 5, since: "2024-03-01T12:00:00.000Z" })).toBe("Part of a rulemaking: 5 documents since 2024");
  });
});
