import type { Disagreement, StatementView } from "~/rule-text/page-view";
import { PanelSection } from "./PanelSection";

/** Where the document, the Unified Agenda and the Federal Register disagree: every side named, none hidden. */
export function DisagreementNotice({ disagreements }: { disagreements: Disagreement[] }) {
  if (!disagreements.length) return null;
  return (
    <div className="rule-notice" role="note" aria-labelledby="disagreement-title">
      <p className="strong" id="disagreement-title">
        The sources disagree
      </p>
      <ul className="list is-sm">
        {disagreements.map((disagreement) => (
          <li key={disagreement.topic} data-topic={disagreement.topic}>
            {disagreement.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "What the document says": each statement the rule's full text makes about itself, in plain words and quoted
 * word for word, with the Federal Register document it is quoted from.
 */
export function RuleStatements({
  statements,
  disagreements,
  originalUrl,
  documentNumber,
}: {
  statements: StatementView[];
  disagreements: Disagreement[];
  /** The Federal Register page of the document, or null when it is no web address. */
  originalUrl: string | null;
  documentNumber: string | null;
}) {
  if (!statements.length) return null;
  const source = documentNumber ? `Federal Register document ${documentNumber}` : "The Federal Register document";
  return (
    <PanelSection id="statements-title" title="What the document says">
      <DisagreementNotice disagreements={disagreements} />
      <ul className="statement-list">
        {statements.map((statement, i) => (
          <li key={i} data-kind={statement.kind}>
            <figure className="statement">
              <figcaption className="strong text-sm">{statement.label}</figcaption>
              <blockquote cite={originalUrl ?? undefined} className="statement-quote">
                <p>“{statement.sentence}”</p>
              </blockquote>
              <p className="statement-source text-sm dimmed">
                —{" "}
                {originalUrl ? (
                  <a href={originalUrl} className="anchor is-sm" rel="noopener noreferrer">
                    {source}
                  </a>
                ) : (
                  source
                )}
              </p>
            </figure>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
