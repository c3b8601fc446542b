import { createTheme } from "@mantine/core";

// The one theme of the product. Its CSS variables are not injected by MantineProvider on each page but sit in
// app/styles/theme-variables.css, generated from this object by scripts/theme-css.ts
// (docs/decisions/014-static-page-parts.md); tests/unit/static-assets.test.ts fails when the two disagree.
export const theme = createTheme({
  primaryColor: "blue",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "md",
  // Filled and light variants at shade 9 keep white-on-color and color-on-tint text above 4.5:1 (WCAG AA).
  primaryShade: 9,
});
