import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorPage } from "./components/ErrorPage";
import { Toasts } from "./components/Toasts";
import { appZoneOffsets } from "./app-zone.server";
import { readToast } from "./http/flash.server";
import { useNonce } from "./nonce";
import { rememberZoneOffsets } from "./time";
import mantineBaseStyles from "./styles/mantine-base.css";
import appStyles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: mantineBaseStyles },
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
  return json({ toast, toastAt: at, zoneOffsets: appZoneOffsets() }, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Before any page below writes a date: in the browser, without loading Intl's data during hydration.
  rememberZoneOffsets(rootData?.zoneOffsets);
  return (
    // Mantine's stylesheets read the colour scheme from this attribute; the product is drawn light only.
    <html lang="en" data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <Toasts pending={rootData?.toast ?? null} at={rootData?.toastAt ?? null} />
        {children}
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
