// The payloads of the hostile feed corpus (tests/hardening/feeds/corpus.ts) and the RSS it wraps them in: script
// injection as text fields could carry it once decoded, links with dangerous schemes, and the tag every item title
// carries.
/** Every payload, when it runs, sets this marker on `window` (and some also open a dialog). */
export const PWNED_MARKER = "__pwned";

/** Script-injection payloads as they could appear in text fields once decoded. */
export const MARKUP_PAYLOADS = [
  `<script>window.${PWNED_MARKER}=1;alert(1)</script>`,
  `<img src=x onerror="window.${PWNED_MARKER}=2;alert(2)">`,
  `<svg onload="window.${PWNED_MARKER}=3"></svg>`,
  `"><script>window.${PWNED_MARKER}=4</script>`,
  `<iframe src="javascript:parent.${PWNED_MARKER}=5"></iframe>`,
  `<a href="javascript:window.${PWNED_MARKER}=6">click</a>`,
  `<body onload=window.${PWNED_MARKER}=7>`,
  `<style>@import 'javascript:window.${PWNED_MARKER}=8'</style>`,
];

/** Links no stored article may carry: each is refused, whatever its spelling. */
export const DANGEROUS_LINKS = [
  `javascript:window.${PWNED_MARKER}=10;alert(10)`,
  ` JaVaScRiPt:window.${PWNED_MARKER}=11`,
  `java\tscript:window.${PWNED_MARKER}=12`,
  `data:text/html;base64,${Buffer.from(`<script>window.${PWNED_MARKER}=13</script>`).toString("base64")}`,
  `vbscript:msgbox(1)`,
  `file:///etc/passwd`,
  `about:blank`,
];

/** A marker every item title of the corpus carries, so tests can find what was stored from it. */
export const CORPUS_TAG = "Hostile corpus";

/** XML-escapes text for use inside an element or attribute. */
export const esc = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** RFC 822 dates close to now, so stored items show on the first feed pages. */
const recent = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toUTCString();

export function rss(items: string[], channelExtra = "") {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Hostile feed</title><link>https://hostile.example/</link><description>test</description>${channelExtra}
${items.join("\n")}
</channel></rss>`;
}

export function rssItem(fields: { title: string; link?: string; guid?: string; description?: string; minutesAgo?: number }, raw = false) {
  const value = (text: string) => (raw ? text : esc(text));
  return `<item>
<title>${value(fields.title)}</title>
${fields.link !== undefined ? `<link>${value(fields.link)}</link>` : ""}
${fields.guid !== undefined ? `<guid>${value(fields.guid)}</guid>` : ""}
${fields.description !== undefined ? `<description>${value(fields.description)}</description>` : ""}
<pubDate>${recent(fields.minutesAgo ?? 5)}</pubDate>
</item>`;
}
