// The entry context Remix's server runtime hands to app/entry.server.tsx, for rendering `RemixServer` in a test
// without a build: a route manifest, the route modules and the static handler's answer to the request.

/** A build's flags: one object, the same for every request, as a build's are. */
const FUTURE = { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true, v3_lazyRouteDiscovery: true, v3_singleFetch: false };

export function remixEntryContext({
  manifestRoutes,
  routeModules,
  staticHandlerContext,
}: {
  manifestRoutes: Record<string, { id: string; path: string; hasLoader: boolean; hasAction: boolean; hasErrorBoundary: boolean; module: string }>;
  routeModules: Record<string, { default: () => unknown }>;
  staticHandlerContext: unknown;
}) {
  return {
    manifest: { routes: manifestRoutes, entry: { module: "/entry.js", imports: [] }, url: "/manifest.js", version: "1" },
    routeModules,
    staticHandlerContext,
    future: FUTURE,
    isSpaMode: false,
    serverHandoffString: "{}",
    renderMeta: {},
    serializeError: (error: Error) => ({ message: error.message }),
  };
}
