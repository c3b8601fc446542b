// Mantine's provider, around the pages that still draw with Mantine's components: the dashboard and the small
// one-card pages (CardPage.tsx). The root does not load it, so the feed, article, rulemaking and about pages carry
// none of Mantine's script (docs/decisions/055-public-pages-without-mantine.md).
import { MantineProvider } from "@mantine/core";
import type { LinksFunction } from "@remix-run/node";
import type { ReactNode } from "react";
import mantineStyles from "~/styles/mantine.css";
import { theme } from "~/theme";

/**
 * Mantine's component stylesheets, linked by the routes that render its components (`export { mantineLinks as
 * links }`); every other page has only the base the root links (decision 066).
 */
export const mantineLinks: LinksFunction = () => [{ rel: "stylesheet", href: mantineStyles }];

export function MantineScope({ children }: { children: ReactNode }) {
  // The theme's CSS variables come from a static stylesheet (app/theme.ts), not an inline <style> per page; no
  // component uses the responsive hiddenFrom/visibleFrom classes. The root's <html> carries the colour scheme.
  return (
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}
