// Static files generated from, or drawn by, the code: the theme's CSS variables and the icon sprite.
import fs from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as icons from "~/components/icons";
import { THEME_CSS_FILE, themeCss } from "../../scripts/theme-css";

describe("static assets", () => {
  it("theme-variables.css holds what app/theme.ts generates (run: npx tsx scripts/theme-css.ts)", () => {
    expect(fs.readFileSync(THEME_CSS_FILE, "utf8")).toBe(themeCss());
  });

  it("every icon uses a symbol of the sprite, and every symbol is used", () => {
    const sprite = fs.readFileSync(new URL("../../app/components/icons.svg", import.meta.url), "utf8");
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    const used = Object.values(icons).map((Icon) => {
      const markup = renderToStaticMarkup(createElement(Icon));
      expect(markup).toContain('aria-hidden="true"');
      return /<use href="[^"#]*#([^"]+)"/.exec(markup)?.[1];
    });
    expect(used.every((name) => name && symbols.includes(name))).toBe(true);
    expect([...symbols].sort()).toEqual([...new Set(used)].sort());
  });
});
