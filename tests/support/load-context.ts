// The load context server.ts gives every loader and action, for tests that call route handlers directly:
// the client address is the request's X-Forwarded-For (as a trusted proxy would write it) or loopback.
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";

export const LOOPBACK = "127.0.0.1";

export function loadContextFor(request: Request): AppLoadContext {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").pop()?.trim();
  return { clientAddress: forwarded || LOOPBACK };
}

/** Loader/action arguments for a request, with its load context. */
export function withContext(request: Request, params: Record<string, string> = {}) {
  return { request, params, context: loadContextFor(request) };
}

type RouteHandler = (args: LoaderFunctionArgs) => unknown;

/** Calls a route's loader or action on `http://localhost{url}` and answers its Response, thrown or returned. */
export async function callRoute(handler: RouteHandler, url: string, init: RequestInit = {}, params: Record<string, string> = {}) {
  try {
    return (await handler(withContext(new Request(`http://localhost${url}`, init), params))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
