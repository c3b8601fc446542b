// Whole numbers with thousands separators, "12,345", without Intl. The browser builds its number formatter on
// first use, 40 to 85 ms of one task in Chromium, and the feed's hydration would pay it for "Showing 1–12 of
// 12,345" (docs/decisions/067-dates-and-counts-without-intl-in-the-browser.md).

/** A whole number in US English digits and commas, as `n.toLocaleString("en-US")` writes it. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
