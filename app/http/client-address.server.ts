// Who is calling: the client address the web server (server.ts) puts in Remix's load context.
// Rate limits are keyed by it; it never comes from a header the client could write unchecked.
import type { AppLoadContext } from "@remix-run/node";
import ipaddr from "ipaddr.js";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The caller's IP address: the socket's, or the trusted proxy's X-Forwarded-For entry (server.ts). */
    clientAddress: string;
  }
}

/** The caller's address from the load context; a context without one means the app was served some other way. */
export function clientAddress(context: AppLoadContext | undefined): string {
  const address = context?.clientAddress;
  if (!address) throw new Error("The load context carries no client address: serve the app through server.ts.");
  return address;
}

/**
 * The client address of one HTTP request as the server sees it. `trustedProxies` (TRUST_PROXY=N) is how many
 * reverse proxies stand in front: each appends the address it saw to X-Forwarded-For, so the N-th entry from
 * the right is the one the outermost trusted proxy wrote. Entries further left are whatever the client sent.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number) {
  const socket = normalizeAddress(socketAddress) ?? "unknown";
  if (trustedProxies <= 0 || !forwardedFor) return socket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length < trustedProxies) return socket;
  return normalizeAddress(entries[entries.length - trustedProxies]) ?? socket;
}

/** A canonical IP text (IPv4-mapped IPv6 as IPv4), or undefined for anything that is not an address. */
function normalizeAddress(text: string | undefined) {
  if (!text || !ipaddr.isValid(text)) return undefined;
  return ipaddr.process(text).toString();
}
