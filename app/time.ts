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

/** The zone's wall clock to the second, "04/02/1995, 07:00:00": one formatter per zone. */
function wallClock(timeZone: string) {
  return formatterFor(
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
}

function zoneOffsetMs(instant: number, timeZone: string) {
  const formatter = wallClock(timeZone);
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

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * A time zone's offsets from UTC over a span of years, as Intl reads them on the server: `changes` holds pairs of
 * the minute since the epoch an offset starts and the offset in minutes, the first at `from`; it holds until `to`.
 * The browser writes dates from it without Intl, whose first use in a page loads the browser's formatting data in
 * one task of 40-85 ms, during the feed's hydration (docs/decisions/067-dates-and-counts-without-intl-in-the-browser.md).
 */
export type ZoneOffsets = { timeZone: string; from: number; to: number; changes: number[] };

/** The time zone's offsets from `from` to `to` (epoch ms): sampled daily, each change then found to the minute. */
export function zoneOffsets(timeZone: string, from: number, to: number): ZoneOffsets {
  // The wall clock's text sliced, a third of the time of formatToParts over some 12,000 days.
  const formatter = wallClock(timeZone);
  const offsetAt = (minute: number) => {
    const text = formatter.format(minute * MINUTE_MS);
    const part = (start: number, end: number) => Number(text.slice(start, end));
    return (Date.UTC(part(6, 10), part(0, 2) - 1, part(3, 5), part(12, 14), part(15, 17)) - minute * MINUTE_MS) / MINUTE_MS;
  };
  const first = Math.floor(from / MINUTE_MS);
  const last = Math.floor(to / MINUTE_MS);
  let offset = offsetAt(first);
  const changes = [first, offset];
  for (let before = first; before < last;) {
    const after = Math.min(before + DAY_MS / MINUTE_MS, last);
    const next = offsetAt(after);
    if (next !== offset) {
      // Zones change their offset at most once a day: the change is the first minute of the day with the new one.
      let [low, high] = [before, after];
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetAt(middle) === offset) low = middle;
        else high = middle;
      }
      changes.push(high, next);
      offset = next;
    }
    before = after;
  }
  return { timeZone, from: first * MINUTE_MS, to: last * MINUTE_MS, changes };
}

/** Years Intl writes with four digits and no era, as the hand-written format below does. */
const FOUR_DIGIT_YEARS = { from: Date.UTC(1000, 0, 1), to: Date.UTC(10000, 0, 1) };

/** Offsets the page was sent (root loader), by time zone. */
const knownOffsets = new Map<string, ZoneOffsets>();

/** Keeps the offsets the server sent, for formatDate; the same call on the server keeps its own. */
export function rememberZoneOffsets(offsets: ZoneOffsets | undefined) {
  if (offsets) knownOffsets.set(offsets.timeZone, offsets);
}

/** The zone's offset in minutes at an instant, when known without Intl. */
function knownOffsetMinutes(instant: number, timeZone: string): number | undefined {
  if (timeZone === "UTC") return instant >= FOUR_DIGIT_YEARS.from && instant < FOUR_DIGIT_YEARS.to ? 0 : undefined;
  const offsets = knownOffsets.get(timeZone);
  if (!offsets || !(instant >= offsets.from && instant < offsets.to)) return undefined;
  const minute = Math.floor(instant / MINUTE_MS);
  const { changes } = offsets;
  // The last change at or before the minute: a binary search over the pairs.
  let [low, high] = [0, changes.length / 2 - 1];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (changes[middle * 2] <= minute) low = middle;
    else high = middle - 1;
  }
  return changes[low * 2 + 1];
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// Building an Intl.DateTimeFormat costs far more than using one (it was the feed page's most expensive
// call per card), so one formatter per time zone is kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant's wall-clock date in the time zone, as UTC fields, when known without Intl. */
function knownLocalDate(iso: string, timeZone: string) {
  const instant = Date.parse(iso);
  const offset = knownOffsetMinutes(instant, timeZone);
  return offset === undefined ? undefined : new Date(instant + offset * MINUTE_MS);
}

/** "Nov 3, 2025": the day an instant falls on in the time zone, as Intl's en-US medium date writes it. */
export function formatDate(iso: string, timeZone: string) {
  const local = knownLocalDate(iso, timeZone);
  if (local) return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
  return formatterFor(dateFormats, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric", year: "numeric" })).format(
    new Date(iso),
  );
}

const monthDayFormats = new Map<string, Intl.DateTimeFormat>();

/** "Nov 3": the day without its year, as Intl's en-US short month and day write it. */
export function formatMonthDay(iso: string, timeZone: string) {
  const local = knownLocalDate(iso, timeZone);
  if (local) return `${MONTHS[local.getUTCMonth()]} ${local.getUTCDate()}`;
  return formatterFor(monthDayFormats, timeZone, () => new Intl.DateTimeFormat("en-US", { timeZone, month: "short", day: "numeric" })).format(new Date(iso));
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
