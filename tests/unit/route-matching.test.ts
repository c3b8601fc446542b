// The server's route matching (patches/@remix-run+router+1.23.4.patch, docs/decisions/061): a route array is
// flattened and ranked once, a pattern compiled once, and the answers are the ones an unpatched router gives.
import { createRequire } from "node:module";
import type { AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

// The build the server loads (package.json `main`), which is the one patched; the browser's is left as published.
const { matchPath, matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");

type Route = AgnosticRouteObject;

/** A route table like the product's flat routes, counting how often the matcher reads a route's path. */
function countedRoutes() {
  let reads = 0;
  const route = (id: string, path: string): Route => ({
    id,
    get path() {
      reads++;
      return path;
    },
  });
  const routes: Route[] = [
    {
      id: "root",
      path: "",
      children: [{ id: "index", index: true }, route("article", "articles/:slug"), route("redline", "articles/:slug/redline"), route("ledger", "ledger")],
    },
  ];
  return { routes, reads: () => reads };
}

const matchedIds = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => [match.route.id, match.params]);

describe("route matching on the server", () => {
  it("reads a route table once, however often it matches", () => {
    const { routes, reads } = countedRoutes();
    expect(matchedIds(matchRoutes(routes, "/articles/epa-rule"))).toEqual([
      ["root", { slug: "epa-rule" }],
      ["article", { slug: "epa-rule" }],
    ]);
    const afterFirst = reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(matchedIds(matchRoutes(routes, "/articles/epa-rule/redline"))?.at(-1)).toEqual(["redline", { slug: "epa-rule" }]);
    expect(matchedIds(matchRoutes(routes, "/"))?.at(-1)).toEqual(["index", {}]);
    expect(matchRoutes(routes, "/no-such-page")).toBeNull();
    expect(reads()).toBe(afterFirst);
  });

  it("gives each route table its own branches", () => {
    const first = countedRoutes().routes;
    const second: Route[] = [{ id: "root", path: "", children: [{ id: "about", path: "about" }] }];
    expect(matchedIds(matchRoutes(first, "/ledger"))?.at(-1)).toEqual(["ledger", {}]);
    expect(matchRoutes(second, "/ledger")).toBeNull();
    expect(matchedIds(matchRoutes(second, "/about"))?.at(-1)).toEqual(["about", {}]);
  });

  it("fills a compiled pattern's parameters anew for every path", () => {
    expect(matchPath("/articles/:slug", "/articles/one")?.params).toEqual({ slug: "one" });
    expect(matchPath("/articles/:slug", "/articles/two")?.params).toEqual({ slug: "two" });
    expect(matchPath({ path: "/articles/:slug", end: false }, "/articles/two/redline")?.pathname).toBe("/articles/two");
    expect(matchPath("/articles/:slug", "/articles/two/redline")).toBeNull();
    expect(matchPath({ path: "/Ledger", caseSensitive: true }, "/ledger")).toBeNull();
    expect(matchPath("/Ledger", "/ledger")?.pathname).toBe("/ledger");
  });
});
