import { overdueLabel } from "~/agenda/next-action";
import { CardBadge } from "./CardBadge";

/** "Overdue since August 1, 2025": the agenda's next action is past due with nothing published (app/agenda/next-action.ts). */
export function OverdueBadge({ since, small }: { since: string; small?: boolean }) {
  return (
    <CardBadge
      variant="light"
      color="orange"
      small={small}
      keepCase
      title="The Unified Agenda's next action is past its date and nothing of it was published since the edition"
    >
      <span data-overdue-since={since}>{overdueLabel(since)}</span>
    </CardBadge>
  );
}
