// A readable redline of the CFR parts a rule amends: removed text in <del> (struck through), added text in <ins>
// (underlined), each with a word or a mark besides its colour; runs of unchanged paragraphs folded in <details>; each
// section a heading linking to eCFR. Plain elements only, so all of it works without JavaScript.
import type { RedlineParagraph } from "~/rule-text/redline";
import type { PartView, RedlinePosition, SectionView } from "~/rule-text/page-view";
import { calendarDay, cfrSectionLabel, RESTRICTION_WORDS_NOTE, restrictionSummary } from "~/rule-text/labels";

type Heading = "h3" | "h4" | "h5";
const BELOW: Record<Heading, Heading> = { h3: "h4", h4: "h5", h5: "h5" };

function Paragraph({ paragraph }: { paragraph: Exclude<RedlineParagraph, { status: "same" }> }) {
  if (paragraph.status === "removed")
    return (
      <p className="redline-p is-removed">
        <span className="redline-tag">Removed</span> <del>{paragraph.text}</del>
      </p>
    );
  if (paragraph.status === "added")
    return (
      <p className="redline-p is-added">
        <span className="redline-tag">Added</span> <ins>{paragraph.text}</ins>
      </p>
    );
  return (
    <p className="redline-p is-changed">
      {paragraph.segments.map((segment, i) =>
        segment.op === "removed" ? <del key={i}>{segment.text}</del> : segment.op === "added" ? <ins key={i}>{segment.text}</ins> : segment.text,
      )}
    </p>
  );
}

/** A section's paragraphs, each run of unchanged ones folded: the reader opens it only for context. */
function Paragraphs({ paragraphs }: { paragraphs: RedlineParagraph[] }) {
  const runs: (RedlineParagraph | string[])[] = [];
  for (const paragraph of paragraphs) {
    const last = runs.at(-1);
    if (paragraph.status !== "same") runs.push(paragraph);
    else if (Array.isArray(last)) last.push(paragraph.text);
    else runs.push([paragraph.text]);
  }
  return runs.map((run, i) =>
    Array.isArray(run) ? (
      <details key={i} className="redline-same">
        <summary>
          {run.length} unchanged paragraph{run.length === 1 ? "" : "s"}
        </summary>
        {run.map((text, j) => (
          <p key={j} className="redline-p">
            {text}
          </p>
        ))}
      </details>
    ) : (
      <Paragraph key={i} paragraph={run as Exclude<RedlineParagraph, { status: "same" }>} />
    ),
  );
}

function sectionNote(section: SectionView) {
  const notes = [];
  if (section.status === "added") notes.push("Added");
  else if (section.status === "removed") notes.push("Removed");
  else if (section.status === "reserved") notes.push("Reserved: its text removed");
  else if (section.status === "renumbered") notes.push(`Renumbered from ${cfrSectionLabel(section.previousNumber ?? "")}`);
  else if (section.status === "not-compared") notes.push("Not compared: the other version's text was cut short");
  if (section.movedTo) notes.push(`Its text moved to ${cfrSectionLabel(section.movedTo)}`);
  if (section.previousHeading) notes.push(`Heading was: ${section.previousHeading}`);
  if (section.bounded) notes.push("Some text is shown replaced whole rather than word by word");
  return notes;
}

function SectionRedline({ section, heading: H, versionDate }: { section: SectionView; heading: Heading; versionDate: string | null }) {
  const label = cfrSectionLabel(section.number);
  const notes = sectionNote(section);
  const { removed, added } = section.restrictions;
  return (
    <div className="redline-section" data-status={section.status}>
      <H className="redline-heading">
        <a href={section.url} className="anchor" rel="noopener noreferrer">
          {label} {section.heading}
          <span className="visually-hidden"> on eCFR{versionDate ? ` (as of ${calendarDay(versionDate)})` : ""}</span>
        </a>
      </H>
      {notes.length || removed || added ? (
        <p className="text-sm dimmed">{[...notes, ...(removed || added ? [restrictionSummary(section.restrictions, label)] : [])].join(" · ")}</p>
      ) : null}
      {section.continuedFrom ? <p className="text-sm dimmed">Continued from paragraph {section.continuedFrom}.</p> : null}
      <Paragraphs paragraphs={section.paragraphs} />
      {section.cut ? <p className="text-sm dimmed">The rest of this section follows on the next page of the redline.</p> : null}
    </div>
  );
}

/** The links past what a page shows of a part: back to its first section, and on to the sections not shown. */
function MoreOfPart({ part, fullHref }: { part: PartView; fullHref: (from: RedlinePosition) => string }) {
  const later = part.start.section > 0 || part.start.paragraph > 0;
  if (!later && !part.next) return null;
  const left = part.next ? part.changedSections - part.next.section : 0;
  return (
    <p className="text-sm redline-more">
      {later ? (
        <a href={fullHref({ section: 0, paragraph: 0 })} className="anchor is-sm">
          Back to the first changed section
        </a>
      ) : null}
      {later && part.next ? " · " : null}
      {part.next ? (
        <a href={fullHref(part.next)} className="anchor is-sm">
          {part.sections.length
            ? `Show the rest of the redline of ${part.label} (${left} more changed section${left === 1 ? "" : "s"})`
            : `Show the redline of ${part.label} (${left} changed section${left === 1 ? "" : "s"})`}
        </a>
      ) : null}
    </p>
  );
}

/** One amended part: pending, unchanged on the effective date, or its redline with the restriction counts. */
export function PartRedline({ part, heading: H = "h4", fullHref }: { part: PartView; heading?: Heading; fullHref: (from: RedlinePosition) => string }) {
  return (
    <div className="redline-part" data-part={`${part.title}-${part.part}`} data-status={part.status}>
      <H className="title-h4 redline-part-title">
        <a href={part.url} className="anchor" rel="noopener noreferrer">
          {part.label}
          <span className="visually-hidden"> on eCFR</span>
        </a>
      </H>
      {part.status === "pending" ? (
        <p className="text-sm">Redline once eCFR publishes the amended text (effective {calendarDay(part.effectiveOn)})</p>
      ) : part.status === "unchanged" ? (
        <p className="text-sm">
          eCFR shows no change to {part.label} on the effective date ({calendarDay(part.effectiveOn)}).
        </p>
      ) : (
        <>
          <p className="redline-count strong" title={RESTRICTION_WORDS_NOTE}>
            {restrictionSummary(part.restrictions ?? { removed: 0, added: 0 }, part.label)}
          </p>
          <p className="text-sm dimmed">
            {part.changedSections} section{part.changedSections === 1 ? "" : "s"} changed, {part.unchangedSections} unchanged
            {part.beforeDate && part.afterDate ? `: eCFR's text of ${calendarDay(part.beforeDate)} compared with ${calendarDay(part.afterDate)}` : ""}.
            {part.complete ? "" : " One of the texts was too long to read whole, so the comparison is partial."}
          </p>
          {part.warnings.length ? (
            <details className="redline-notes text-sm">
              <summary>Notes on this comparison</summary>
              <ul className="list is-sm">
                {part.warnings.map((warning, i) => (
                  <li key={i}>{warning}</li>
                ))}
              </ul>
            </details>
          ) : null}
          {part.sections.map((section, i) => (
            <SectionRedline
              key={`${i}-${section.number}`}
              section={section}
              heading={BELOW[H]}
              versionDate={section.status === "removed" ? part.beforeDate : part.afterDate}
            />
          ))}
          <MoreOfPart part={part} fullHref={fullHref} />
        </>
      )}
    </div>
  );
}

/** Every part a rule amends, with the note on what the restriction counts count. */
export function RedlineParts({ parts, fullHref }: { parts: PartView[]; fullHref: (part: PartView, from: RedlinePosition) => string }) {
  return (
    <>
      {parts.map((part) => (
        <PartRedline key={`${part.title}-${part.part}`} part={part} fullHref={(from) => fullHref(part, from)} />
      ))}
      {parts.some((part) => part.status !== "pending") ? <p className="text-sm dimmed">{RESTRICTION_WORDS_NOTE}</p> : null}
    </>
  );
}
