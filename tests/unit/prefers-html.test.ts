// Which clients get a page and which get JSON from a route both answer (the Read Original and locate links, and
// server.ts's error handler): the Accept header as browsers, scripts and curl send it.
import { describe, expect, it } from "vitest";
import { prefersHtml } from "~/http/responses.server";

describe("prefersHtml", () => {
  it("is true for what browsers send when they follow a link or open a page", () => {
    // Chromium and Firefox, then Safari.
    expect(
      prefersHtml("text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"),
    ).toBe(true);
    expect(prefersHtml("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(true);
    expect(prefersHtml("text/*")).toBe(true);
  });

  it("is false for scripts, curl, fetch and clients that ask for JSON", () => {
    expect(prefersHtml(null)).toBe(false);
    expect(prefersHtml("")).toBe(false);
    expect(prefersHtml("*/*")).toBe(false);
    expect(prefersHtml("application/json")).toBe(false);
    expect(prefersHtml("application/json, text/html")).toBe(false);
    expect(prefersHtml("text/html;q=0.5, application/json")).toBe(false);
    expect(prefersHtml("image/png")).toBe(false);
  });

  it("ranks by quality, then by how specific the matching range is, then by order", () => {
    expect(prefersHtml("text/html, application/json")).toBe(true);
    expect(prefersHtml("application/json;q=0.4, text/html;q=0.6")).toBe(true);
    expect(prefersHtml("*/*, text/html")).toBe(true);
    expect(prefersHtml("text/html;q=0, */*")).toBe(false);
    expect(prefersHtml("TEXT/HTML")).toBe(true);
  });
});
