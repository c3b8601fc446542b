// Canonical article URLs: the same story linked with tracking parameters or a trailing slash is one article.

const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi|mkt_tok|igshid|ref|ref_src|cmpid|ncid|sr_share|rss|feed|source)$/i;

export function canonicalUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.trim();
  }
  url.hash = "";
  url.hostname = url.hostname.toLowerCase().replace(/^www\./, "");
  if (url.protocol === "http:") url.protocol = "https:";
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key);
  url.searchParams.sort();
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, "");
  return url.toString();
}

/**
 * Only web addresses are stored and linked. Anything else (javascript:, data:, vbscript: ...) would run
 * or render content when clicked. Parsed as browsers parse it, so tabs or spaces inside the scheme do not slip by.
 */
export function isHttpUrl(raw: string): boolean {
  try {
    const { protocol, hostname } = new URL(raw.trim());
    return (protocol === "http:" || protocol === "https:") && Boolean(hostname);
  } catch {
    return false;
  }
}

/** The Federal Register document number in a federalregister.gov document URL, if any. */
export function federalRegisterDocumentNumber(raw: string): string | undefined {
  const match = raw.match(/federalregister\.gov\/(?:documents|d)\/(?:\d{4}\/\d{2}\/\d{2}\/)?(\d{4}-\d{3,6}|[A-Z]\d-\d+|E\d-\d+)/i);
  return match?.[1];
}

/** What a stored or deleted article is known by: its canonical URL and, for a Federal Register document, its number. */
export function dedupKeys(canonical: string, documentNumber: string | null | undefined) {
  return [`url:${canonical}`, ...(documentNumber ? [`doc:${documentNumber}`] : [])];
}
