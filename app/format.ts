// Display formats shared by server rendering and the browser (same time zone on both, so hydration matches).

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
