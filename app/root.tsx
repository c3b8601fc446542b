import { ColorSchemeScript, MantineProvider, mantineHtmlProps } from "@mantine/core";
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "./components/ErrorPage";
import { Toasts } from "./components/Toasts";
import { readToast } from "./http/flash.server";
import { useNonce } from "./nonce";
import { theme } from "./theme";
import mantineStyles from "./styles/mantine.css";
import notificationStyles from "@mantine/notifications/styles.css";
import appStyles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: mantineStyles },
  { rel: "stylesheet", href: notificationStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Federal Deregulation Tracker: US regulatory news intelligence" },
  {
    name: "description",
    content:
      "Federal regulatory and deregulatory news from the Federal Register, the White House, agencies, courts, Congress and think tanks, classified and searchable.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, at, setCookie } = await readToast(request);
  return json({ toast, toastAt: at }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ColorSchemeScript nonce={nonce} forceColorScheme="light" />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {/* The theme's CSS variables come from a static stylesheet (app/theme.ts), not an inline <style> per
            page; no component uses the responsive hiddenFrom/visibleFrom classes. */}
        <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          <Toasts pending={rootData?.toast ?? null} at={rootData?.toastAt ?? null} />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} />;
  return <ErrorPage status={500} />;
}
