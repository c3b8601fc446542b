import { standingLabel, type Standing } from "~/rulemakings/standing";
import { CardBadge } from "./CardBadge";

// One colour per standing, wherever a rulemaking's standing is shown, so a reader learns them once.
const STANDING_COLORS: Record<Standing, string> = { proposed: "blue", final: "teal", delayed: "yellow", withdrawn: "gray", vacated: "red" };

/** Where a rulemaking stands, as a badge: filled in its colour, or a light grey "Not known" when nothing says yet. */
export function StandingBadge({ standing, small }: { standing: Standing | null; small?: boolean }) {
  return (
    <CardBadge variant={standing ? "filled" : "light"} color={standing ? STANDING_COLORS[standing] : "gray"} small={small}>
      {standingLabel(standing)}
    </CardBadge>
  );
}
