// Calendar arithmetic in a named time zone (the product's APP_TIMEZONE), without a date library.

function zoneOffsetMs(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** YYYY-MM-DD of an instant as seen in the time zone. */
export function dayInZone(instant: Date | number, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instant),
  );
}

/** The instant local midnight begins on the given day (YYYY-MM-DD) in the time zone. */
export function startOfDayInZone(day: string, timeZone: string) {
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d);
  let instant = guess - zoneOffsetMs(guess, timeZone);
  // A DST change between the guess and the answer moves the offset once more.
  instant = guess - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** Local midnight `daysBack` calendar days before the day of `now`. */
export function startOfDaysAgo(now: Date, daysBack: number, timeZone: string) {
  const today = dayInZone(now, timeZone);
  const [y, m, d] = today.split("-").map(Number);
  const target = new Date(Date.UTC(y, m - 1, d - daysBack)).toISOString().slice(0, 10);
  return startOfDayInZone(target, timeZone);
}
