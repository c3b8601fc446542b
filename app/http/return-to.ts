// Where to send the browser back to after a form post without JavaScript: only a path on this site.

/** The path if it is local to this site (starts with one "/"), else the fallback: never an open redirect. */
export function safeReturnPath(raw: unknown, fallback = "/") {
  if (typeof raw !== "string" || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\")) return fallback;
  return raw;
}
