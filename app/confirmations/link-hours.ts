// How long a double opt-in link works: read by the server that makes the links (confirmation.server.ts) and by the
// pages that say so when one has lapsed, whose components also run in the browser, where a `.server` module's
// values are undefined.

/** How long a confirmation link works. */
export const CONFIRMATION_LINK_HOURS = 48;
