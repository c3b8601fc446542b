// An article's own page: its readable address (/articles/{id}-{slug}), and the words for a comment deadline.
// Shared by the server and the browser (the feed card and the page render them on both).

/** How long a slug may be: enough to read, short enough for a tidy address. */
const SLUG_MAX = 80;

/**
 * The readable part of an article's address, from its title: lower-case ASCII words joined by hyphens (accents
 * dropped, everything else a separator). A title with no such word gets "article", so the address never ends in
 * a bare id, which is the form that redirects.
 */
export function articleSlug(title: string) {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const cut = words.length > SLUG_MAX ? words.slice(0, SLUG_MAX).replace(/-[^-]*$/, "") : words;
  return cut.replace(/-+$/, "") || "article";
}

/** The canonical path of an article's page. */
export function articlePath(article: { id: number; title: string }) {
  return `/articles/${article.id}-${articleSlug(article.title)}`;
}

/** `/articles/{id}` or `/articles/{id}-{anything}`: the id and the slug as given (undefined without one). */
export function parseArticleAddress(segment: string | undefined): { id: number; slug: string | undefined } | undefined {
  const match = /^(\d{1,15})(?:-(.*))?$/.exec(segment ?? "");
  if (!match) return undefined;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return { id, slug: match[2] };
}

/** A calendar day as stored by the Federal Register (YYYY-MM-DD). */
export const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from `today` to `day` (both YYYY-MM-DD in the product's time zone): 0 on the day itself. */
export function daysUntil(today: string, day: string) {
  const utc = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((utc(day) - utc(today)) / 86_400_000);
}

/** Days left to comment, or undefined when the period is closed or the date is not a calendar day. */
export function commentDaysLeft(commentsCloseOn: string | null | undefined, today: string | undefined) {
  if (!commentsCloseOn || !today || !CALENDAR_DAY.test(commentsCloseOn)) return undefined;
  const days = daysUntil(today, commentsCloseOn);
  return days >= 0 ? days : undefined;
}

/** "closes today", "1 day left", "12 days left". */
export function daysLeftLabel(days: number) {
  if (days === 0) return "closes today";
  return `${days} ${days === 1 ? "day" : "days"} left`;
}

/** The feed card's line: "Comments close today" / "Comments close in 1 day" / "... in 12 days". */
export function commentsCloseLabel(days: number) {
  if (days === 0) return "Comments close today";
  return `Comments close in ${days} ${days === 1 ? "day" : "days"}`;
}

/** A docket's page on regulations.gov. */
export function docketUrl(docketId: string) {
  return `https://www.regulations.gov/docket/${encodeURIComponent(docketId)}`;
}
