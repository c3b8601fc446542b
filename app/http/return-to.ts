// Where to send the browser back to after a form post without JavaScript: only a path on this site.
// Every `returnTo` reader uses this one rule.

/** C0 and C1 control characters: browsers drop tab and newline from URLs, so "/\t/evil.example" would mean "//evil.example". */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

const SITE = "http://site.invalid";

/**
 * The path if it is local to this site (starts with one "/", no backslash, no control character), else the
 * fallback: never an open redirect. The path comes back percent-encoded, so it is always a valid Location header.
 */
export function safeReturnPath(raw: unknown, fallback = "/") {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\") || CONTROL_CHARACTERS.test(raw)) return fallback;
  const url = new URL(raw, SITE);
  if (url.origin !== SITE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
