import { isDeregulatory, OFFICIALLY_DEREGULATORY_LABEL, timetableDateLabel, type OfficialDesignationDetail } from "~/agenda/edition";
import type { NextAction } from "~/agenda/next-action";
import { Fact } from "./FactList";
import { OverdueBadge } from "./OverdueBadge";
import { PanelSection } from "./PanelSection";

/**
 * A rulemaking's Unified Agenda entry: an article's official designation (where the designation is always given) or
 * a rulemaking's agenda entry (where the agenda may give none).
 */
export type AgendaEntry = Omit<OfficialDesignationDetail, "designation"> & { designation: string | null };

/** The rulemaking's entry on reginfo.gov, in the edition the facts come from. */
function agendaEntryUrl(entry: Pick<AgendaEntry, "publicationId" | "rin">) {
  return `https://www.reginfo.gov/public/do/eAgendaViewRule?pubId=${encodeURIComponent(entry.publicationId)}&RIN=${encodeURIComponent(entry.rin)}`;
}

/** The Unified Agenda's word on a rulemaking: OIRA's EO 14192 designation, its stage, priority and timetable. */
export function AgendaFacts({
  entry,
  nextAction,
  overdueSince,
}: {
  entry: AgendaEntry;
  /** The rulemaking page's judgement of the timetable (app/agenda/next-action.ts); the article page gives none. */
  nextAction?: NextAction | null;
  overdueSince?: string | null;
}) {
  const priority = [entry.priority, entry.major ? "major rule" : null].filter(Boolean).join(", ");
  return (
    <PanelSection id="agenda-title" title={`Unified Agenda, ${entry.edition}`}>
      <dl className="fact-list">
        {entry.designation ? (
          <Fact label="EO 14192 designation">{isDeregulatory(entry.designation) ? OFFICIALLY_DEREGULATORY_LABEL : entry.designation}</Fact>
        ) : null}
        <Fact label="Rulemaking">
          <a href={agendaEntryUrl(entry)} className="anchor is-sm" rel="noopener noreferrer" target="_blank">
            RIN {entry.rin}
            <span className="visually-hidden"> on reginfo.gov (opens in a new tab)</span>
          </a>
          : {entry.title}
          {entry.agency ? ` (${entry.agency})` : null}
        </Fact>
        {entry.stage ? <Fact label="Stage">{entry.stage}</Fact> : null}
        {priority ? <Fact label="Priority">{priority}</Fact> : null}
        {entry.timetable.length ? (
          <Fact label="Timetable">
            <ul className="list is-sm">
              {entry.timetable.map((step, i) => (
                <li key={i}>{step.date ? `${step.action}: ${timetableDateLabel(step.date)}` : step.action}</li>
              ))}
            </ul>
          </Fact>
        ) : null}
        {nextAction ? (
          <Fact label="Next action">
            {nextAction.date ? `${nextAction.action}: ${timetableDateLabel(nextAction.date)}` : nextAction.action}
            {overdueSince ? (
              <>
                {" "}
                <OverdueBadge since={overdueSince} small />
              </>
            ) : null}
          </Fact>
        ) : null}
      </dl>
    </PanelSection>
  );
}
