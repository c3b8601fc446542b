// The ledger's goal, shared by the server's counts (ledger.server.ts) and the page that names it
// (app/routes/ledger.tsx): a value exported from a `.server` module is undefined in the browser's bundle.

/** E.O. 14192 section 3(c): ten regulations identified for elimination for each new one. */
export const TEN_TO_ONE = 10;
