// Our own HTTP client for everything fetched from outside (feeds, the Federal Register API, article pages):
// a time limit, a body cap, a descriptive User-Agent, conditional GET, at most 5 redirects, gzip/deflate/brotli,
// at most 2 requests at a time per host, and refusal of every address that is not public (after DNS
// resolution, on every redirect).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { config } from "../config.server";
import { hostAddresses, isNonPublicAddress } from "./address-policy.server";

export type FetchOptions = {
  etag?: string | null;
  lastModified?: string | null;
  timeoutMs?: number;
  maxBytes?: number;
  accept?: string;
  signal?: AbortSignal;
  /** Overrides ALLOW_PRIVATE_NETWORKS for this request (tests turn it off to see loopback refused). */
  allowPrivateNetworks?: boolean;
};

export type FetchResult = {
  status: number;
  notModified: boolean;
  /** The final URL, after redirects. */
  url: string;
  contentType: string;
  body: Buffer;
  /** The body decoded with its charset (header, byte-order mark, XML or HTML declaration). */
  text(): string;
  etag?: string;
  lastModified?: string;
};

/** A failed fetch, with a message written for the person reading the source health monitor. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "FetchError";
  }
}

export const MAX_REDIRECTS = 5;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const PER_HOST_CONCURRENCY = 2;
const DEFAULT_ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.5, */*;q=0.3";

// ---------------------------------------------------------------------------------------------
// Private-network refusal (which addresses count as private: address-policy.server.ts)

function refusalReason(host: string, address: string) {
  return `${host} resolves to a private address (${address})`;
}

/** A fetch refused because the address is private: the URL itself is not allowed, whatever is tried again. */
export class PrivateAddressRefused extends FetchError {
  constructor(host: string, address: string) {
    super(`Refused: ${refusalReason(host, address)}`);
    this.name = "PrivateAddressRefused";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup for http.request that refuses private addresses, so the check covers the address actually used. */
function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "");
    const list = addresses as dns.LookupAddress[];
    const ownAddresses = hostAddresses();
    const blocked = list.find((entry) => isNonPublicAddress(entry.address, ownAddresses));
    if (blocked) return callback(new PrivateAddressRefused(hostname, blocked.address) as unknown as NodeJS.ErrnoException, "");
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
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
  if (net.isIP(literal)) return isNonPublicAddress(literal) ? refusalReason(host, literal) : undefined;
  const addresses = await Promise.race([
    dns.promises.lookup(host, { all: true }).catch(() => []),
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), ADD_TIME_LOOKUP_MS).unref()),
  ]);
  const ownAddresses = hostAddresses();
  const blocked = addresses.find((entry) => isNonPublicAddress(entry.address, ownAddresses));
  return blocked ? refusalReason(host, blocked.address) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Per-host concurrency

const hostSlots = new Map<string, { active: number; waiting: (() => void)[] }>();

async function acquireHostSlot(host: string, signal?: AbortSignal) {
  let slot = hostSlots.get(host);
  if (!slot) hostSlots.set(host, (slot = { active: 0, waiting: [] }));
  if (slot.active >= PER_HOST_CONCURRENCY) {
    await new Promise<void>((resolve, reject) => {
      const wake = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        slot.waiting.splice(slot.waiting.indexOf(wake), 1);
        reject(new FetchError("Cancelled"));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      slot.waiting.push(wake);
    });
  }
  slot.active++;
  return () => {
    slot.active--;
    const next = slot.waiting.shift();
    if (next) next();
    else if (slot.active === 0) hostSlots.delete(host);
  };
}

// ---------------------------------------------------------------------------------------------
// Charset decoding

function charsetFromContentType(contentType: string) {
  return contentType.match(/charset\s*=\s*"?([\w.:-]+)"?/i)?.[1];
}

function charsetFromDeclaration(body: Buffer) {
  const head = body.subarray(0, 1024).toString("latin1");
  return head.match(/^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i)?.[1] ?? head.match(/<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i)?.[1];
}

function decoderFor(label: string | undefined, fatal = false) {
  if (!label) return undefined;
  try {
    return new TextDecoder(label, { fatal });
  } catch {
    return undefined;
  }
}

/**
 * Decodes a body: a byte-order mark wins, then the header's charset, then the document's own declaration,
 * then UTF-8. Servers often label Latin-1 bytes as UTF-8 (or say nothing): bytes that are not valid UTF-8
 * are then read with the declared charset, or Windows-1252.
 */
export function decodeBody(body: Buffer, contentType = ""): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return new TextDecoder("utf-8").decode(body.subarray(3));
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder("utf-16le").decode(body.subarray(2));
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder("utf-16be").decode(body.subarray(2));
  const declared = charsetFromDeclaration(body);
  const label = charsetFromContentType(contentType) ?? declared ?? "utf-8";
  const decoder = decoderFor(label, true);
  if (decoder) {
    try {
      return decoder.decode(body);
    } catch {
      const fallback = declared && !/^utf-?8$/i.test(declared) ? declared : "windows-1252";
      return (decoderFor(fallback) ?? new TextDecoder("windows-1252")).decode(body);
    }
  }
  return new TextDecoder("utf-8").decode(body);
}

// ---------------------------------------------------------------------------------------------
// The request

type Hop = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function describeSize(bytes: number) {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function describeNetworkError(error: NodeJS.ErrnoException, host: string): FetchError {
  if (error instanceof FetchError) return error;
  switch (error.code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new FetchError(`Could not resolve ${host} (unknown host or no network)`);
    case "ECONNREFUSED":
      return new FetchError(`Connection refused by ${host}`);
    case "ECONNRESET":
    case "EPIPE":
      return new FetchError(`Connection reset by ${host}`);
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new FetchError(`${host} is unreachable (no network route)`);
  }
  if (/^Z_|BROTLI|_ERROR_FORMAT_/.test(error.code ?? "")) return new FetchError(`Could not decompress the response from ${host}`);
  if (error.code?.startsWith("ERR_TLS") || /certificate/i.test(error.message)) return new FetchError(`TLS certificate problem at ${host}: ${error.message}`);
  return new FetchError(`Request to ${host} failed: ${error.message}`);
}

function decompressor(encoding: string | undefined) {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
}

/** An allowlisted `host:port` (PRIVATE_NETWORK_ALLOWLIST) may be private; checked per hop, so a redirect away from it is not. */
function isAllowlisted(url: URL) {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return config().PRIVATE_NETWORK_ALLOWLIST.includes(`${url.hostname.toLowerCase()}:${port}`);
}

function requestOnce(
  url: URL,
  headers: Record<string, string>,
  options: Required<Pick<FetchOptions, "timeoutMs" | "maxBytes">> & FetchOptions & { allowPrivate: boolean },
): Promise<Hop> {
  const host = url.hostname;
  const literal = host.replace(/^\[|\]$/g, "");
  const allowPrivate = options.allowPrivate || isAllowlisted(url);
  if (!allowPrivate && net.isIP(literal) && isNonPublicAddress(literal)) return Promise.reject(new PrivateAddressRefused(host, literal));
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      request.destroy();
      reject(error instanceof FetchError ? error : describeNetworkError(error as NodeJS.ErrnoException, host));
    };
    const timer = setTimeout(() => fail(new FetchError(`Timed out after ${Math.round(options.timeoutMs / 1000)} s`)), options.timeoutMs);
    const onAbort = () => fail(new FetchError("Cancelled"));
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const request = transport.request(url, {
      method: "GET",
      headers,
      ...(allowPrivate ? {} : { lookup: guardedLookup as unknown as typeof dns.lookup }),
    });
    request.on("error", fail);
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      const declaredLength = Number(response.headers["content-length"]);
      if (declaredLength > options.maxBytes) return fail(new FetchError(`Response larger than ${describeSize(options.maxBytes)}`));
      const decoder = decompressor(response.headers["content-encoding"]);
      const stream: Readable = decoder ? response.pipe(decoder) : response;
      if (decoder) response.on("error", fail);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) fail(new FetchError(`Response larger than ${describeSize(options.maxBytes)}`));
        else chunks.push(chunk);
      });
      stream.on("error", (error) => fail(error));
      stream.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        resolve({ status, headers: response.headers, body: Buffer.concat(chunks) });
      });
    });
    request.end();
  });
}

/**
 * Fetches a URL. Resolves for 2xx and 304 (`notModified`); throws FetchError for everything else
 * (HTTP errors, time-outs, refusals, oversized bodies), with a message fit to show an operator.
 */
export async function fetchUrl(url: string, options: FetchOptions = {}): Promise<FetchResult> {
  const settings = {
    ...options,
    timeoutMs: options.timeoutMs ?? config().FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    allowPrivate: options.allowPrivateNetworks ?? config().ALLOW_PRIVATE_NETWORKS,
  };
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new FetchError(`Not a valid URL: ${url}`);
  }
  for (let redirects = 0; ; redirects++) {
    if (current.protocol !== "http:" && current.protocol !== "https:")
      throw new FetchError(`Unsupported address scheme ${current.protocol.replace(":", "")}: only http and https are fetched`);
    const headers: Record<string, string> = {
      "user-agent": config().FETCH_USER_AGENT,
      accept: options.accept ?? DEFAULT_ACCEPT,
      "accept-encoding": "gzip, deflate, br",
    };
    // Validators belong to the URL they were stored for, not to a page a redirect lands on.
    if (redirects === 0 && options.etag) headers["if-none-match"] = options.etag;
    if (redirects === 0 && options.lastModified) headers["if-modified-since"] = options.lastModified;

    const release = await acquireHostSlot(current.host, options.signal);
    let hop: Hop;
    try {
      hop = await requestOnce(current, headers, settings);
    } finally {
      release();
    }

    if (hop.status >= 300 && hop.status < 400 && hop.status !== 304) {
      const location = hop.headers.location;
      if (!location) throw new FetchError(`HTTP ${hop.status} from ${current.hostname} without a Location to follow`, hop.status);
      if (redirects >= MAX_REDIRECTS) throw new FetchError(`Too many redirects (more than ${MAX_REDIRECTS}) from ${new URL(url).hostname}`);
      current = new URL(location, current);
      continue;
    }
    if (hop.status !== 304 && (hop.status < 200 || hop.status >= 300)) throw new FetchError(`HTTP ${hop.status} from ${current.hostname}`, hop.status);

    const contentType = String(hop.headers["content-type"] ?? "");
    const body = hop.body;
    const header = (name: string) => {
      const value = hop.headers[name];
      return typeof value === "string" && value ? value : undefined;
    };
    return {
      status: hop.status,
      notModified: hop.status === 304,
      url: current.toString(),
      contentType,
      body,
      text: () => decodeBody(body, contentType),
      etag: header("etag"),
      lastModified: header("last-modified"),
    };
  }
}
