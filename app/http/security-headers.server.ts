// Security headers for every response: a nonce-based Content-Security-Policy and friends.
import { randomBytes } from "node:crypto";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The script nonce chosen by the web server for a page every reader shares (server.ts); else one per answer. */
    nonce?: string;
  }
}

export function createNonce() {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    // Only scripts carrying this response's nonce (and what they load) run: injected markup cannot.
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    // Mantine sets inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers every response carries; documents also get the CSP. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  headers.set("Content-Security-Policy", nonce ? contentSecurityPolicy(nonce) : "default-src 'none'; frame-ancestors 'none'");
}

/** What applySecurityHeaders sets without a nonce, made once: every answer of the web server checks them. */
const DEFAULT_HEADERS: [string, string][] = (() => {
  const headers = new Headers();
  applySecurityHeaders(headers);
  return [...headers];
})();

/**
 * Paths whose answers carry account, subscriber or feedback data (or a credential in the URL): never stored
 * by a browser or a shared cache. Any answer that sets a cookie or answers a signed-in call is treated the same.
 */
const PRIVATE_PATHS =
  /^\/(admin|api\/admin|api\/auth|api\/feedback|api\/invitations|api\/account|api\/alerts|alerts|invite|reset-password|forgot-password|unsubscribe|subscribe|confirm-subscription|feedback)(\/|$)/;

/**
 * The headers every answer of the web server carries, static files, 404s and 500s included: set just before
 * the headers go out, each one only when the route did not set its own (documents bring a nonce CSP).
 */
export function completeResponseHeaders(
  headers: { get(name: string): string | number | string[] | undefined; set(name: string, value: string): void },
  { path, authorization, httpsOnly }: { path: string; authorization?: string; httpsOnly: boolean },
) {
  for (const [name, value] of DEFAULT_HEADERS) if (headers.get(name) === undefined) headers.set(name, value);
  if (httpsOnly) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  if (PRIVATE_PATHS.test(path) || headers.get("set-cookie") !== undefined || authorization) {
    headers.set("Cache-Control", "no-store");
  }
}
