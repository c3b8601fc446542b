// The product's time zone (APP_TIMEZONE) as every page sends it to the browser: its offsets from UTC over the years
// the feed shows, worked out once per process (app/time.ts, zoneOffsets).
import { config } from "./config.server";
import { zoneOffsets, type ZoneOffsets } from "./time";

/** The Federal Register's first year online: older dates are rare, and are written through Intl. */
const FIRST_YEAR = 1995;
/** Years past the current one the offsets cover, for dates ahead (comment periods, public inspection). */
const YEARS_AHEAD = 3;

let cached: ZoneOffsets | undefined;

export function appZoneOffsets(): ZoneOffsets {
  const timeZone = config().APP_TIMEZONE;
  if (cached?.timeZone !== timeZone) {
    cached = zoneOffsets(timeZone, Date.UTC(FIRST_YEAR, 0, 1), Date.UTC(new Date().getUTCFullYear() + YEARS_AHEAD, 0, 1));
  }
  return cached;
}
