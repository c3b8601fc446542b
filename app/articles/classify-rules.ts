// Rollback wording the codebook names (docs/classification.md, category step 5) beyond the first lists in classify.ts:
// delays of applicability, effective or compliance dates, removal of requirements and guidance, stays, and burden
// cuts said in so many words. An abstract pattern was kept only where it fires far more often on abstracts OIRA
// designated Deregulatory than on Regulatory ones (Unified Agenda, Fall 2017 to Spring 2019; npx tsx tests/eval/rule-counts.ts)
// and leaves the development part's figures as they were. Examples are real abstracts of those agenda editions.

/** Puts off a date: "proposed to delay for 90 days the applicability date", "extend future compliance dates", "Delay of Applicability Date". */
export const DELAY =
  /\b(?:delay(?:s|ed|ing)?|postpon(?:e|es|ed|ing|ement)|extend(?:s|ed|ing)?|extension)(?: (?:of|in|by|for|until)\b[^.;]{0,40}?)? (?:the |its |these |certain |future )*(?:applicability|effective|compliance) (?:dates?|deadlines?)\b|\bdelayed compliance\b/i;

/** Stays a rule's requirements: "the EPA proposes to stay these requirements for two years", "an administrative stay of provisions". */
export const STAY =
  /\b(?:stay(?:s|ing)?|administrative stay of) (?:the |these |certain )?(?:[\w-]+ ){0,3}?(?:requirements|provisions|effectiveness)\b|\bthe stay of the rule\b/i;

/** Cuts burden in so many words: "which would reduce regulatory burdens on these eligible veterans", "reduce unnecessary burdens". */
export const BURDEN =
  /\breduc(?:e|es|ing) (?:the )?unnecessary (?:regulatory )?burdens?\b|\breduc(?:e|es|ing) (?:the )?(?:unnecessary )?regulatory burdens?\b/i;

/**
 * Takes a requirement or guidance away: "would remove the requirement for a Class III medical certificate", "will be removed
 * from the CFR", "to remove procedural guidance internal to VA", "eliminate the requirement for airlines to self-audit",
 * "would no longer require mercury thermometers"; in a title, "Removal of ... Bulletins".
 */
export const REMOVAL =
  /\bremov(?:e|es|ing) the requirements?\b|\bremov\w* (?:[\w-]+ ){0,6}?from the (?:cfr|code of federal regulations)\b|\bremov(?:e|es|ing|al of) (?:the |these |this |its |certain )?(?:[\w-]+ ){0,3}?(?:guidance|bulletins?)\b|\beliminat(?:e|es|ing|ion of) (?:the |this |these |certain )?(?:[\w-]+ ){0,3}?requirements?\b|\bno longer (?:be )?requir(?:e|es|ed)\b/i;

/**
 * Streamlines or relaxes requirements themselves (abstracts only): "This proposed rule would streamline our regulations
 * for permitting of rights-of-way". "Streamline" alone is too weak: "help to streamline the FDA premarket review process"
 * is in a rule OIRA designated Regulatory.
 */
export const STREAMLINE = /\b(?:streamlin\w*|relax\w*) (?:and |or )?(?:[\w-]+ ){0,3}?(?:requirements|regulations|restrictions)\b/i;

const anyOf = (patterns: RegExp[]) => new RegExp(patterns.map((p) => `(?:${p.source})`).join("|"), "i");

/** Title wording, tried with the first ROLLBACK words of classify.ts. */
export const ROLLBACK_TITLE_MORE = anyOf([DELAY, STAY, BURDEN, REMOVAL]);
/** Abstract wording read in the first 400 characters (`lead`), with the first ROLLBACK_ABSTRACT words of classify.ts. */
export const ROLLBACK_LEAD_MORE = anyOf([DELAY, STAY, BURDEN]);
/**
 * Abstract wording precise enough to be read further in: removal and streamlining of requirements often come after a
 * paragraph of history. Widening the others to 1,000 characters added false rollbacks on the development part.
 */
export const ROLLBACK_WIDE_MORE = anyOf([REMOVAL, STREAMLINE]);
/** How much of the abstract ROLLBACK_WIDE_MORE reads. */
export const WIDE_LEAD_CHARS = 1000;
