// Pages are rendered to one string, not streamed: no route suspends (no `defer`, no <Suspense>), so a stream would
// send the same document later in 2 KB pieces, each encoded, compressed and written on its own, and React 18's
// streaming renderer pads a piece with NUL bytes when a multi-byte character falls on its end (facebook/react#24985).
// Rendering to a string took about a tenth of a feed page's CPU off (docs/benchmarks.md, "The render path"). A
// render that throws is rendered again by Remix with the route's error boundary.
//
// The markup comes as UTF-8 bytes encoded in 4,096-character pieces (`renderToBuffer`, added to React's string
// renderer by patches/react-dom+18.3.1.patch). One string of the whole page, its 13,000 pieces joined, took about
// 1.2 ms a feed page to build, flatten and encode; encoded 4,096 characters at a time it takes about half that
// (docs/decisions/063).
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import type { ReactNode } from "react";
import { renderToBuffer } from "react-dom/server";
import { crossSiteRefusal } from "./http/csrf.server";
import { isServerRefusal } from "./http/responses.server";
import { applySecurityHeaders, createNonce } from "./http/security-headers.server";
import { NonceContext } from "./nonce";

declare module "react-dom/server" {
  /** renderToString's markup as UTF-8 bytes (patches/react-dom+18.3.1.patch). */
  export function renderToBuffer(element: ReactNode, options?: ServerOptions): Buffer;
}

const DOCTYPE = Buffer.from("<!DOCTYPE html>");

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce ?? createNonce();
  applySecurityHeaders(responseHeaders, nonce);
  const markup = renderToBuffer(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Bytes, not a string: a string body is first checked character by character for lone surrogates (undici's
  // toUSVString), which cost more than encoding it.
  return new Response(Buffer.concat([DOCTYPE, markup]), { headers: responseHeaders, status: responseStatusCode });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  // Refusals such as 405 for a method a route does not take are answers, not server faults.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  // A refusal a route threw for server.ts to answer (app/http/responses.server.ts): passed on, not logged here.
  if (isServerRefusal(error)) throw error;
  const refusal = crossSiteRefusal(error, request);
  if (refusal) throw refusal;
  console.error(error);
}
