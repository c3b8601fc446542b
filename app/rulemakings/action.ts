// What a Federal Register document does in its rulemaking, read from its type ("Rule", "Proposed Rule", ...), its
// action line ("Final rule; delay of effective date.") and its title ("...; Correction"). Shared by the server and
// the browser (the rulemaking page names each document's action).

export const RULEMAKING_ACTIONS = [
  { value: "anprm", label: "Advance notice of proposed rulemaking", short: "ANPRM" },
  { value: "nprm", label: "Proposed rule", short: "NPRM" },
  { value: "final", label: "Final rule", short: "Final rule" },
  { value: "interim-final", label: "Interim final rule", short: "Interim final rule" },
  { value: "correction", label: "Correction", short: "Correction" },
  { value: "delay", label: "Delay of effective date", short: "Delay" },
  { value: "withdrawal", label: "Withdrawal", short: "Withdrawal" },
  { value: "comment-extension", label: "Extension of the comment period", short: "Comment period extended" },
  { value: "other", label: "Other document", short: "Other" },
] as const;

export type RulemakingAction = (typeof RULEMAKING_ACTIONS)[number]["value"];

export function actionLabel(action: RulemakingAction) {
  return RULEMAKING_ACTIONS.find((entry) => entry.value === action)!.label;
}

export type ActionInput = { documentType: string | null; registerAction: string | null; title: string };

// Each test reads the action line first, then the title: the action line is the agency's own word for what the
// document does ("Final rule; correction."), and titles only repeat it in their last segment ("...; Correction").
// The order matters: a correction or a delay of a final rule is not the final rule itself.
const TESTS: [RulemakingAction, RegExp][] = [
  ["delay", /\b(delay|postponement)s? of (the )?(effective|compliance|applicability) dates?\b|\bdelay(ed)? effective date\b/],
  ["withdrawal", /\bwithdrawal\b|\bwithdrawn\b/],
  ["correction", /\bcorrections?\b|\bcorrecting amendments?\b/],
  ["comment-extension", /\b(extension|reopening)s? of (the )?(public )?comment periods?\b|\bcomment periods?; (extension|reopening)\b/],
  ["anprm", /\badvance(d)? notice of proposed rule ?making\b|\banprm\b/],
  ["interim-final", /\binterim final rule\b|\binterim rule\b/],
  ["nprm", /\bproposed rule\b|\bnotice of proposed rule ?making\b|\bsupplemental notice of proposed\b/],
  ["final", /\bfinal rule\b|\bdirect final rule\b/],
];

/** The last segment of a title after its last semicolon: "Affirmatively Furthering Fair Housing; Withdrawal" -> "withdrawal". */
function lastTitleSegment(title: string) {
  const parts = title.split(";");
  return parts.length > 1 ? parts[parts.length - 1].trim().toLowerCase() : "";
}

/**
 * The document's action in its rulemaking. The action line decides when it names one; else the title's last
 * segment ("; Correction", "; Withdrawal", ": Interim Final Rule"), for what is not a proposal or a final rule;
 * else the document type (a "Proposed Rule"
 * is an NPRM, a "Rule" a final rule). Anything else (notices, presidential documents) is "other".
 */
export function rulemakingAction({ documentType, registerAction, title }: ActionInput): RulemakingAction {
  const action = (registerAction ?? "").toLowerCase();
  for (const [value, test] of TESTS) if (test.test(action)) return value;
  // A title's words "Proposed Rule" are often a notice's ("Notice of Filing of Proposed Rule Change"): only the
  // type says whether a document is the proposal or the final rule itself.
  const segment = lastTitleSegment(title);
  const ending = title.toLowerCase().split(":").pop()!.trim();
  for (const [value, test] of TESTS) if (value !== "nprm" && value !== "final" && (test.test(segment) || test.test(ending))) return value;
  const type = (documentType ?? "").trim().toLowerCase();
  if (type === "proposed rule") return "nprm";
  if (type === "rule") return "final";
  return "other";
}
