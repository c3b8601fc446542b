// One refresh of the stored related lists (app/related/store/lists.server.ts `refreshRelatedLists`) in a process of
// its own, on the database DATABASE_URL names: what a second runner, or a one-off `npm run jobs` command, does beside
// the runner. Run with `node --import tsx tests/support/refresh-related.ts`; exits once nothing is left to do.
export {};

const { refreshRelatedLists } = await import("~/related/store/lists.server");
await refreshRelatedLists(Number.POSITIVE_INFINITY);
process.exit(0);
