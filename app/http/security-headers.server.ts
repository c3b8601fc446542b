// Security headers for every response: a nonce-based Content-Security-Policy and friends.
import { randomBytes } from "node:crypto";

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
