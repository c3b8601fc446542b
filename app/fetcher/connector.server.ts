// Where a request may connect, and the undici agents that connect it: a name is resolved inside the connection
// itself (undici's `connect` options reach net.connect/tls.connect), so the address judged by the policy
// (address-policy.server.ts) is the one connected to, on every hop.
import dns from "node:dns";
import net from "node:net";
import tls from "node:tls";
import type { Dispatcher } from "undici";
import { config } from "../config.server";
import { hostAddresses, isNonPublicAddress } from "./address-policy.server";
import { PrivateAddressRefused, refusalReason } from "./errors.server";
import { PER_HOST_CONCURRENCY } from "./host-lanes.server";
import { undici } from "./undici.server";

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup for the socket that refuses private addresses, so the check covers the address actually used. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const ownAddresses = hostAddresses();
    const blocked = addresses.find((entry) => isNonPublicAddress(entry.address, ownAddresses));
    if (blocked) return callback(new PrivateAddressRefused(hostname) as unknown as NodeJS.ErrnoException, "");
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/** An allowlisted `host:port` (PRIVATE_NETWORK_ALLOWLIST) may be private; checked per hop, so a redirect away from it is not. */
export function isAllowlisted(url: URL) {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return config().PRIVATE_NETWORK_ALLOWLIST.includes(`${url.hostname.toLowerCase()}:${port}`);
}

/** A host written as a private IP address is refused before connecting: no DNS is asked, so the lookup never sees it. */
export function literalRefusal(url: URL, allowPrivate: boolean): PrivateAddressRefused | undefined {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (!allowPrivate && net.isIP(literal) && isNonPublicAddress(literal)) return new PrivateAddressRefused(url.hostname);
  return undefined;
}

/** How long checking a new source's address may wait for DNS; an unresolved name is checked again at fetch time. */
const ADD_TIME_LOOKUP_MS = 3_000;

/**
 * Why the fetcher would refuse this URL's host (a private address, by literal or after DNS), or undefined.
 * Used when a source is added, so a private address is refused at once instead of at its first scrape;
 * the fetch itself checks again (DNS may change) on every hop.
 */
export async function privateAddressRefusal(rawUrl: string): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  if (config().ALLOW_PRIVATE_NETWORKS || isAllowlisted(url)) return undefined;
  const host = url.hostname;
  const literal = host.replace(/^\[|\]$/g, "");
  if (net.isIP(literal)) return isNonPublicAddress(literal) ? refusalReason(host) : undefined;
  const addresses = await Promise.race([
    dns.promises.lookup(host, { all: true }).catch(() => []),
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), ADD_TIME_LOOKUP_MS).unref()),
  ]);
  const ownAddresses = hostAddresses();
  const blocked = addresses.find((entry) => isNonPublicAddress(entry.address, ownAddresses));
  return blocked ? refusalReason(host) : undefined;
}

function newAgent(guarded: boolean, ca?: string) {
  return new (undici().Agent)({
    // One connection per origin: the agent is one lane (host-lanes.server.ts), which holds the per-host limit.
    connections: 1,
    // The fetcher's own timers (http-client.server.ts) are the one time limit, connecting included.
    headersTimeout: 0,
    bodyTimeout: 0,
    connect: {
      timeout: 0,
      ...(guarded ? { lookup: guardedLookup } : {}),
      ...(ca ? { ca: [...tls.rootCertificates, ca] } : {}),
    },
  });
}

type Lane = { guarded: Dispatcher; open: Dispatcher };
/** Each lane's two agents, made at the first request. */
let lanes: Lane[] | undefined;

/**
 * The dispatcher for one request in a host's lane, and what to call once the request is sent. The lanes' agents
 * keep connections alive between requests. A request trusting an extra certificate authority (tests' self-signed
 * receivers), or sent again after a reset (`fresh`), gets an agent of its own, closed once its request is done.
 */
export function dispatcherFor(request: { allowPrivate: boolean; ca?: string; lane: number; fresh: boolean }): { dispatcher: Dispatcher; sent: () => void } {
  const { allowPrivate, ca, lane, fresh } = request;
  if (!ca && !fresh) {
    lanes ??= Array.from({ length: PER_HOST_CONCURRENCY }, () => ({ guarded: newAgent(true), open: newAgent(false) }));
    return { dispatcher: allowPrivate ? lanes[lane].open : lanes[lane].guarded, sent: () => {} };
  }
  const own = newAgent(!allowPrivate, ca);
  // close() waits for the request already given to it, then ends its connection.
  return { dispatcher: own, sent: () => void own.close().catch(() => {}) };
}
