// React's string renderer giving UTF-8 bytes (patches/react-dom+18.3.1.patch, docs/decisions/063): the markup is
// encoded in pieces as it is written, and the bytes are those of renderToString's string, in both of React's builds.
import { createRequire } from "node:module";
import path from "node:path";
import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import handleRequest from "~/entry.server";
import { remixEntryContext } from "../support/remix-entry";

type LegacyServer = { renderToString: (node: ReactNode) => string; renderToBuffer: (node: ReactNode) => Buffer };

const require = createRequire(import.meta.url);
// Both builds, whatever NODE_ENV picks for "react-dom/server" (the package exports neither file by name).
const reactDom = path.dirname(require.resolve("react-dom/package.json"));
const builds: [string, LegacyServer][] = ["development", "production.min"].map((build) => [
  build,
  require(path.join(reactDom, `cjs/react-dom-server-legacy.node.${build}.js`)) as LegacyServer,
]);

/** A page of many elements whose text and attributes hold characters of two, three and four UTF-8 bytes. */
function page(paragraphs: number) {
  return createElement(
    "main",
    { title: "Agency “rules” – review" },
    Array.from({ length: paragraphs }, (_, i) =>
      createElement("p", { key: i, "data-n": i }, `${"x".repeat(i % 11)}é “${i}” … 😀 `, createElement("b", null, "§ <&> ’")),
    ),
  );
}

describe.each(builds)("renderToBuffer, React's %s build", (_name, server) => {
  it("gives the bytes of renderToString's markup, across many pieces", () => {
    const element = page(2000);
    const markup = server.renderToString(element);
    expect(markup.length).toBeGreaterThan(10 * 4096);
    const bytes = server.renderToBuffer(element);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.equals(Buffer.from(markup))).toBe(true);
  });

  it("gives the same bytes for a page shorter than one piece, and for an empty one", () => {
    const element = page(3);
    expect(server.renderToBuffer(element).toString("utf8")).toBe(server.renderToString(element));
    expect(server.renderToBuffer(null).length).toBe(0);
  });

  it("throws what the render throws", () => {
    const Failing = () => {
      throw new Error("the loader data is missing");
    };
    expect(() => server.renderToBuffer(createElement("div", null, createElement(Failing)))).toThrow("the loader data is missing");
  });
});

describe("the document response", () => {
  it("answers the doctype and the rendered bytes, with the page's headers", async () => {
    const { createStaticHandler } = require("@remix-run/router") as typeof import("@remix-run/router");
    const Root = () => createElement("p", null, "Showing 1–12 of 2,000 … “quoted”");
    const staticHandlerContext = await createStaticHandler([{ id: "root", path: "/" }]).query(new Request("http://localhost/"));
    const context = remixEntryContext({
      manifestRoutes: { root: { id: "root", path: "", hasLoader: false, hasAction: false, hasErrorBoundary: false, module: "/root.js" } },
      routeModules: { root: { default: Root } },
      staticHandlerContext,
    });
    const response = handleRequest(new Request("http://localhost/"), 200, new Headers(), context as never, { nonce: "n0nce" } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const body = Buffer.from(await response.arrayBuffer()).toString("utf8");
    expect(body.startsWith("<!DOCTYPE html><p>Showing 1–12 of 2,000 … “quoted”</p>")).toBe(true);
  });
});
