import type { ArticleRestrictions, ArticleRuleText } from "~/articles/answer.server";
import { pendingRedlineLabel, restrictionsDetail, restrictionsLabel, statedDesignationLabel } from "~/articles/rule-text-labels";
import { CardBadge } from "./CardBadge";

/** What a card needs of a rule text: the feed's loader leaves the statements out (the page carries its data twice). */
export type CardRuleText = Omit<ArticleRuleText, "statements">;

/** A rule text as a card carries it. */
export function cardRuleText(ruleText: ArticleRuleText | null): CardRuleText | null {
  if (!ruleText) return null;
  const { statements: _statements, ...shown } = ruleText;
  return shown;
}

/**
 * What a rule's own full text and its CFR redlines say, as plain badges (no script needed): the net restriction
 * words its amendments removed or added ("−37 restrictions in 40 CFR 63"), or that its redline waits for eCFR, and
 * the designation the document states of itself, outlined to keep it apart from our category and from OIRA's.
 */
export function RuleTextLines({ ruleText, restrictions }: { ruleText: CardRuleText | null; restrictions: ArticleRestrictions | null }) {
  const stated = statedDesignationLabel(ruleText);
  const counted = restrictionsLabel(restrictions);
  const pending = pendingRedlineLabel(restrictions);
  if (!stated && !counted && !pending) return null;
  const net = restrictions ? restrictions.added - restrictions.removed : 0;
  return (
    <p className="card-row is-tight card-rule-text">
      {counted ? (
        <CardBadge variant="light" color={net < 0 ? "green" : net > 0 ? "orange" : "gray"} small keepCase title={restrictionsDetail(restrictions!)}>
          {counted}
        </CardBadge>
      ) : null}
      {stated ? (
        <>
          <CardBadge variant="outline" color="gray" small keepCase title={`In the document's own words: \u201c${ruleText!.designationSentence}\u201d`}>
            {stated}
          </CardBadge>
          <span className="visually-hidden">{`(in the document's own words: \u201c${ruleText!.designationSentence}\u201d)`}</span>
        </>
      ) : null}
      {pending ? <span className="card-dimmed is-xs">{pending}</span> : null}
    </p>
  );
}
