// Our own HTTP client for everything fetched from outside (feeds, the Federal Register API, article pages, the
// Unified Agenda's large XML as a stream): a time limit, a body cap, a descriptive User-Agent, conditional GET, at most 5 redirects, gzip/deflate/brotli,
// at most 2 requests at a time per host, and refusal of every address that is not public (after DNS
// resolution, on every redirect).
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";
import { Readable, Transform } from "node:stream";
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
  /** Extra certificate authorities (PEM) trusted for this request: tests' self-signed receivers. */
  ca?: string;
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

// Never the address a name resolved to: whoever typed the name would learn our DNS answers and private hosts.
function refusalReason(host: string) {
  return `${host} is not a public address`;
}

/** A fetch refused because the address is private: the URL itself is not allowed, whatever is tried again. */
export class PrivateAddressRefused extends FetchError {
  constructor(host: string) {
    super(`Refused: ${refusalReason(host)}`);
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
    if (blocked) return callback(new PrivateAddressRefused(hostname) as unknown as NodeJS.ErrnoException, "");
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
  if (net.isIP(literal)) return isNonPublicAddress(literal) ? refusalReason(host) : undefined;
  const addresses = await Promise.race([
    dns.promises.lookup(host, { all: true }).catch(() => []),
    new Promise<dns.LookupAddress[]>((resolve) => setTimeout(() => resolve([]), ADD_TIME_LOOKUP_MS).unref()),
  ]);
  const ownAddresses = hostAddresses();
  const blocked = addresses.find((entry) => isNonPublicAddress(entry.address, ownAddresses));
  return blocked ? refusalReason(host) : undefined;
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

type HopOptions = Required<Pick<FetchOptions, "timeoutMs" | "maxBytes">> &
  FetchOptions & {
    allowPrivate: boolean;
    idleTimeout?: boolean;
    /** With `idleTimeout`: when (epoch ms) the whole read must be done, every hop and the body's last byte included. */
    deadline?: { at: number; ms: number };
    method?: "GET" | "POST";
    requestBody?: string;
  };

/** One answer: its status and headers, and its body decoded (gzip, deflate, brotli) as a stream of at most maxBytes. */
type StreamHop = { status: number; headers: http.IncomingHttpHeaders; body: Readable };

/**
 * Sends one request. Resolves once the headers arrive; a failure after that (the cap passed, the time limit, a
 * reset, a cancel) destroys the body with a FetchError. The time limit covers the whole exchange, or with
 * `idleTimeout` each wait for the next part of it (a large file may take minutes but never stalls that long).
 * Destroying the body early ends the request.
 */
function openHop(url: URL, headers: Record<string, string>, options: HopOptions, freshConnection = false): Promise<StreamHop> {
  const host = url.hostname;
  const literal = host.replace(/^\[|\]$/g, "");
  const allowPrivate = options.allowPrivate || isAllowlisted(url);
  if (!allowPrivate && net.isIP(literal) && isNonPublicAddress(literal)) return Promise.reject(new PrivateAddressRefused(host));
  const transport = url.protocol === "https:" ? https : http;
  return new Promise<StreamHop>((resolve, reject) => {
    let body: Transform | undefined;
    let done = false;
    const stop = () => {
      done = true;
      clearTimeout(timer);
      clearTimeout(deadlineTimer);
      options.signal?.removeEventListener("abort", onAbort);
    };
    const fail = (error: Error) => {
      if (done) return;
      stop();
      request.destroy();
      const failure = error instanceof FetchError ? error : describeNetworkError(error as NodeJS.ErrnoException, host);
      if (body) body.destroy(failure);
      else reject(failure);
    };
    const timedOut = () => fail(new FetchError(`Timed out after ${Math.round(options.timeoutMs / 1000)} s`));
    let timer = setTimeout(timedOut, options.timeoutMs);
    // The wait limit alone lets a source that sends a byte now and then hold the read for ever.
    const { deadline } = options;
    const deadlineTimer = deadline
      ? setTimeout(() => fail(new FetchError(`Took longer than ${Math.round(deadline.ms / 1000)} s in all`)), Math.max(0, deadline.at - Date.now()))
      : undefined;
    const progressed = () => {
      if (!options.idleTimeout || done) return;
      clearTimeout(timer);
      timer = setTimeout(timedOut, options.timeoutMs);
    };
    const onAbort = () => fail(new FetchError("Cancelled"));
    options.signal?.addEventListener("abort", onAbort, { once: true });

    const request = transport.request(url, {
      method: options.method ?? "GET",
      headers,
      // A retry after a stale kept-alive connection (below) opens a connection of its own; so does a request
      // trusting an extra certificate authority, which the shared agent's connections were not made with.
      ...(freshConnection || options.ca ? { agent: false } : {}),
      ...(options.ca ? { ca: [...tls.rootCertificates, options.ca] } : {}),
      ...(allowPrivate ? {} : { lookup: guardedLookup as unknown as typeof dns.lookup }),
    });
    let answered = false;
    request.on("error", (error: NodeJS.ErrnoException) => {
      // Node keeps connections alive between requests, and a server closes the ones idle past its own limit
      // (5 s is common). A request sent on such a connection as it closes is reset before any answer; a GET is
      // safe to send again, once, on a new connection (the pattern Node's http documentation gives for
      // `request.reusedSocket`). Seen while the job runner's own work kept it from noticing the close in time.
      if (!done && !answered && !freshConnection && !options.requestBody && request.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
        stop();
        resolve(openHop(url, headers, options, true));
        return;
      }
      fail(error);
    });
    request.on("response", (response) => {
      answered = true;
      progressed();
      const declaredLength = Number(response.headers["content-length"]);
      if (declaredLength > options.maxBytes) return fail(new FetchError(`Response larger than ${describeSize(options.maxBytes)}`));
      const decoder = decompressor(response.headers["content-encoding"]);
      const decoded: Readable = decoder ? response.pipe(decoder) : response;
      if (decoder) response.on("error", fail);
      let size = 0;
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > options.maxBytes) return callback(new FetchError(`Response larger than ${describeSize(options.maxBytes)}`));
          progressed();
          callback(null, chunk);
        },
      });
      body = capped;
      decoded.on("error", fail);
      capped.on("error", fail);
      capped.on("end", stop);
      // The reader stopped early (or the body failed): the rest of the answer is not wanted.
      capped.on("close", () => {
        if (!done) {
          stop();
          request.destroy();
        }
      });
      decoded.pipe(capped);
      resolve({ status: response.statusCode ?? 0, headers: response.headers, body: capped });
    });
    request.end(options.requestBody);
  });
}

/** The answer a redirect chain ends at (2xx or 304), its body not read yet; `release` frees its per-host slot. */
type FinalHop = { hop: StreamHop; url: URL; release: () => void };

/** Follows redirects (at most MAX_REDIRECTS, each hop checked again) to a 2xx or 304 answer; throws FetchError otherwise. */
async function openFinalHop(url: string, options: FetchOptions, settings: HopOptions): Promise<FinalHop> {
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
    let hop: StreamHop;
    try {
      hop = await openHop(current, headers, settings);
    } catch (error) {
      release();
      throw error;
    }
    const final = (hop.status >= 200 && hop.status < 300) || hop.status === 304;
    if (final) return { hop, url: current, release };
    hop.body.destroy();
    release();
    if (hop.status >= 300 && hop.status < 400) {
      const location = hop.headers.location;
      if (!location) throw new FetchError(`HTTP ${hop.status} from ${current.hostname} without a Location to follow`, hop.status);
      if (redirects >= MAX_REDIRECTS) throw new FetchError(`Too many redirects (more than ${MAX_REDIRECTS}) from ${new URL(url).hostname}`);
      current = new URL(location, current);
      continue;
    }
    throw new FetchError(`HTTP ${hop.status} from ${current.hostname}`, hop.status);
  }
}

function headerOf(headers: http.IncomingHttpHeaders, name: string) {
  const value = headers[name];
  return typeof value === "string" && value ? value : undefined;
}

function hopSettings(options: FetchOptions, maxBytes: number, idleTimeout = false): HopOptions {
  return {
    ...options,
    timeoutMs: options.timeoutMs ?? config().FETCH_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? maxBytes,
    allowPrivate: options.allowPrivateNetworks ?? config().ALLOW_PRIVATE_NETWORKS,
    idleTimeout,
  };
}

/**
 * Fetches a URL. Resolves for 2xx and 304 (`notModified`); throws FetchError for everything else
 * (HTTP errors, time-outs, refusals, oversized bodies), with a message fit to show an operator.
 */
export async function fetchUrl(url: string, options: FetchOptions = {}): Promise<FetchResult> {
  const { hop, url: final, release } = await openFinalHop(url, options, hopSettings(options, DEFAULT_MAX_BYTES));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of hop.body) chunks.push(chunk as Buffer);
  } finally {
    release();
  }
  const contentType = String(hop.headers["content-type"] ?? "");
  const body = Buffer.concat(chunks);
  return {
    status: hop.status,
    notModified: hop.status === 304,
    url: final.toString(),
    contentType,
    body,
    text: () => decodeBody(body, contentType),
    etag: headerOf(hop.headers, "etag"),
    lastModified: headerOf(hop.headers, "last-modified"),
  };
}

/**
 * A large file's body is read as it arrives: at most this much; the time limit is per wait, and the whole read
 * has FETCH_STREAM_DEADLINE_MS.
 */
export const STREAM_MAX_BYTES = 512 * 1024 * 1024;

export type StreamedFetchResult = Omit<FetchResult, "body" | "text"> & {
  /** The decoded bytes as they arrive (an empty stream for 304). Read it to the end or destroy it: it holds a per-host slot. */
  body: Readable;
};

/**
 * Fetches a URL whose body is too large to hold (the Unified Agenda's tens of megabytes): the same policy as
 * fetchUrl (address refusal, redirects, conditional GET, decompression, per-host limit), with the body a stream
 * capped at STREAM_MAX_BYTES, the time limit applied to each wait for data and FETCH_STREAM_DEADLINE_MS to the
 * whole read. A failure while reading (the cap, a stall, the deadline, a cancel) errors the stream with a FetchError.
 */
export async function fetchStream(url: string, options: FetchOptions = {}): Promise<StreamedFetchResult> {
  const deadlineMs = config().FETCH_STREAM_DEADLINE_MS;
  const settings = { ...hopSettings(options, STREAM_MAX_BYTES, true), deadline: { at: Date.now() + deadlineMs, ms: deadlineMs } };
  const { hop, url: final, release } = await openFinalHop(url, options, settings);
  hop.body.once("close", release);
  return {
    status: hop.status,
    notModified: hop.status === 304,
    url: final.toString(),
    contentType: String(hop.headers["content-type"] ?? ""),
    body: hop.body,
    etag: headerOf(hop.headers, "etag"),
    lastModified: headerOf(hop.headers, "last-modified"),
  };
}

/** What a POST got back: the status and the start of the answer, for an error message. */
export type PostResult = { status: number; text: string };

const POST_ANSWER_BYTES = 1024 * 1024;

/**
 * POSTs a body (webhooks, app/alerts/webhooks.server.ts) under the same address policy as every fetch: private
 * addresses refused (by literal, and after DNS), the time limit, the per-host limit. Redirects are not followed
 * (a webhook address answers itself) and any status resolves; a network failure or refusal throws FetchError.
 */
export async function postUrl(rawUrl: string, body: string, headers: Record<string, string>, options: FetchOptions = {}): Promise<PostResult> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchError(`Not a valid URL: ${rawUrl}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchError(`Unsupported address scheme ${url.protocol.replace(":", "")}`);
  const settings: HopOptions = { ...hopSettings(options, POST_ANSWER_BYTES), method: "POST", requestBody: body };
  const all = { "user-agent": config().FETCH_USER_AGENT, "content-length": String(Buffer.byteLength(body)), ...headers };
  const release = await acquireHostSlot(url.host, options.signal);
  try {
    const hop = await openHop(url, all, settings);
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of hop.body) chunks.push(chunk as Buffer);
    } catch {
      // An answer longer than the cap, or cut short, still has its status; the rest is not needed.
    }
    return { status: hop.status, text: Buffer.concat(chunks).toString("utf8").slice(0, 500) };
  } finally {
    release();
  }
}
