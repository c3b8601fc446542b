// The server's route matching (patches/, docs/decisions/061 and 062): a route array is flattened and ranked once, a
// pattern compiled once, a path's answer kept, and the routes a render needs built once per build; the answers are the
// ones the unpatched packages give.
import { createRequire } from "node:module";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type { AgnosticRouteObject } from "@remix-run/router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { remixEntryContext } from "../support/remix-entry";

// The builds the server loads (each package's `main`), which are the ones patched; the browser's are left as published.
const require = createRequire(import.meta.url);
const { createStaticHandler, matchPath, matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
const { RemixServer, useLoaderData } = require("@remix-run/react") as typeof import("@remix-run/react");
const remixRoutes = require("@remix-run/react/dist/routes.js") as { createServerRoutes: (...args: unknown[]) => unknown };

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

  it("keeps a path's answer: asked again, it runs no pattern, and each answer is a copy of its own", () => {
    const { routes } = countedRoutes();
    const first = matchRoutes(routes, "/articles/kept-answer");
    const patternRuns = vi.spyOn(RegExp.prototype, "exec");
    try {
      const again = matchRoutes(routes, "/articles/kept-answer");
      // A route's compiled pattern is anchored ("^\\/articles\\/([^\\/]+)..."); the path's own decoding runs others.
      expect(patternRuns.mock.contexts.filter((pattern) => (pattern as RegExp).source.startsWith("^"))).toEqual([]);
      expect(patternRuns).toHaveBeenCalled();
      expect(matchedIds(again)).toEqual(matchedIds(first));
      (again![1].params as Record<string, string>).slug = "changed by its reader";
      expect(again![1]).not.toBe(first![1]);
      expect(matchedIds(matchRoutes(routes, "/articles/kept-answer"))?.at(-1)).toEqual(["article", { slug: "kept-answer" }]);
    } finally {
      patternRuns.mockRestore();
    }
    // A path no route has is kept as such, and a path that only decodes to another is matched on its decoded form.
    expect(matchRoutes(routes, "/no/such/page")).toBeNull();
    expect(matchRoutes(routes, "/no/such/page")).toBeNull();
    expect(matchedIds(matchRoutes(routes, "/articles/kept%20answer"))?.at(-1)).toEqual(["article", { slug: "kept answer" }]);
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

describe("the routes a server render needs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("converts a route array to the static router's data routes once", async () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "ledger", path: "ledger" }] }];
    const handler = createStaticHandler(routes);
    const contextFor = async (url: string) => (await handler.query(new Request(url))) as Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;
    const first = createStaticRouter(routes, await contextFor("http://localhost/"));
    const second = createStaticRouter(routes, await contextFor("http://localhost/ledger"));
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((match) => match.route.id)).toEqual(["root"]);
    expect(second.state.matches.map((match) => match.route.id)).toEqual(["root", "ledger"]);
    expect(second.state.location.pathname).toBe("/ledger");
    expect(createStaticRouter([...routes], await contextFor("http://localhost/")).routes).not.toBe(first.routes);
  });

  it("builds RemixServer's routes once per build, and renders each request's own data", async () => {
    const built = vi.spyOn(remixRoutes, "createServerRoutes");
    const Root = () => createElement("p", null, `Showing ${useLoaderData<{ page: number }>().page}`);
    const manifestRoutes = { root: { id: "root", path: "", hasLoader: true, hasAction: false, hasErrorBoundary: false, module: "/root.js" } };
    const routeModules = { root: { default: Root } };
    const handler = createStaticHandler([
      { id: "root", path: "/", loader: ({ request }) => ({ page: Number(new URL(request.url).searchParams.get("page") ?? 1) }) },
    ]);
    const render = async (url: string) => {
      const staticHandlerContext = await handler.query(new Request(url));
      // Remix makes the route modules' object anew for every request, from the build's modules.
      const context = remixEntryContext({ manifestRoutes, routeModules: { ...routeModules }, staticHandlerContext });
      return renderToString(createElement(RemixServer, { context: context as never, url }));
    };
    expect(await render("http://localhost/?page=2")).toContain("Showing 2");
    expect(await render("http://localhost/?page=3")).toContain("Showing 3");
    expect(built).toHaveBeenCalledTimes(1);
    // Another build (its manifest or a module changed, as in development) gets routes of its own.
    routeModules.root = { default: () => createElement("p", null, "Rebuilt") };
    expect(await render("http://localhost/")).toContain("Rebuilt");
    expect(built).toHaveBeenCalledTimes(2);
  });
});
