// Dates and times in a named time zone (the product's APP_TIMEZONE), without a date library: calendar
// arithmetic, and the display formats shared by server rendering and the browser (same time zone on both,
// so hydration matches), and the waits that double after each failure.

/** One formatter per time zone and format: building an Intl.DateTimeFormat costs far more than using one. */
function formatterFor(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let formatter = cache.get(timeZone);
  if (!formatter) cache.set(timeZone, (formatter = make()));
  return formatter;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const hourFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneOffsetMs(instant: number, timeZone: string) {
  const formatter = formatterFor(
    offsetFormatters,
    timeZone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      }),
  );
  const parts = formatter.formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** YYYY-MM-DD of an instant as seen in the time zone. */
export function dayInZone(instant: Date | number, timeZone: string) {
  const formatter = formatterFor(
    dayFormatters,
    timeZone,
    () => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }),
  );
  return formatter.format(new Date(instant));
}

/** The hour of the day (0-23) of an instant as seen in the time zone. */
export function hourInZone(instant: Date | number, timeZone: string) {
  const formatter = formatterFor(hourFormatters, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", hour: "2-digit" }));
  return Number(formatter.format(new Date(instant)));
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

// Building an Intl.DateTimeFormat costs far more than using one (it was the feed page's most expensive
// call per card), so one formatter per time zone is kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string, timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" });
    dateFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

export function formatDateTime(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** Resolves after `ms`, or at once when `signal` aborts (a stopping job then checks the signal itself). */
export function sleep(ms: number, signal?: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * The wait after the n-th consecutive failure: `baseMs`, then twice as long each time, at most `capMs`; none before
 * a failure. Failing sources (app/sources/health.server.ts) and unreadable rule texts and redlines
 * (app/rule-text/read-texts.server.ts) back off by it.
 */
export function doublingDelay(failures: number, baseMs: number, capMs: number) {
  if (failures <= 0) return 0;
  return Math.min(capMs, baseMs * 2 ** (failures - 1));
}
