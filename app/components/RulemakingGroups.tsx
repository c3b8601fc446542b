import { Link } from "@remix-run/react";
import type { RulemakingGroup } from "~/rulemakings/groups.server";
import { formatDate } from "~/time";
import { OverdueBadge } from "./OverdueBadge";
import { StandingBadge } from "./StandingBadge";

/** A row as the loader's JSON gives it (the type alone: nothing of the server module reaches the browser). */
export type GroupRow = RulemakingGroup;

/**
 * Documents or rulemakings: two plain links (the current one marked), so the choice works without JavaScript.
 * `documentsHref` and `rulemakingsHref` are the same view with and without `group=rulemaking`.
 */
export function GroupToggle({ grouped, documentsHref, rulemakingsHref }: { grouped: boolean; documentsHref: string; rulemakingsHref: string }) {
  return (
    <p className="text-sm">
      Show:{" "}
      <a href={documentsHref} className="anchor is-sm" aria-current={grouped ? undefined : "true"}>
        {grouped ? "Documents" : <strong>Documents</strong>}
      </a>
      {" · "}
      <a href={rulemakingsHref} className="anchor is-sm" aria-current={grouped ? "true" : undefined}>
        {grouped ? <strong>Rulemakings</strong> : "Rulemakings"}
      </a>
    </p>
  );
}

/** One row per rulemaking: where it stands, its title, its last move and how many documents it has. */
export function RulemakingGroups({ groups, timeZone }: { groups: GroupRow[]; timeZone: string }) {
  return (
    <ol className="panel period-list" aria-label="Rulemakings, the latest move first">
      {groups.map((group) => (
        <li key={group.key} className="period-item">
          <p className="card-row is-tight">
            <StandingBadge standing={group.standing} small />
            {group.overdueSince ? <OverdueBadge since={group.overdueSince} small /> : null}
            <span className="card-dimmed is-xs">{`${group.key} · ${group.documents} ${group.documents === 1 ? "document" : "documents"}`}</span>
          </p>
          <h3 className="card-title">
            <Link to={group.path} className="card-title-link">
              {group.title}
            </Link>
          </h3>
          <p className="text-sm">
            {`Last move: ${group.lastMove.actionLabel}, `}
            <time dateTime={group.lastMove.date}>{formatDate(group.lastMove.date, timeZone)}</time> (
            <Link to={group.lastMove.path} className="anchor is-sm">
              {group.lastMove.title}
            </Link>
            )
          </p>
        </li>
      ))}
    </ol>
  );
}
