// Our HTTP client for everything fetched from outside (feeds, the Federal Register API, article pages, the Unified
// Agenda's large XML as a stream), on undici: a time limit, a body cap, a descriptive User-Agent, conditional GET,
// at most 5 redirects (followed here, so each hop is checked again), gzip/deflate/brotli, at most 2 requests at a
// time per host, and refusal of every address that is not public (after DNS resolution, on every redirect:
// connector.server.ts). docs/decisions/042.
import { Readable, Transform } from "node:stream";
import type { Dispatcher } from "undici";
import { config } from "../config.server";
import { dispatcherFor, isAllowlisted, literalRefusal } from "./connector.server";
import { decodeBody, decompressor } from "./decode.server";
import { describeNetworkError, FetchError, isConnectionReset } from "./errors.server";
import { acquireHostLane } from "./host-lanes.server";
import { undici } from "./undici.server";

export { decodeBody } from "./decode.server";
export { FetchError, PrivateAddressRefused } from "./errors.server";
export { privateAddressRefusal } from "./connector.server";
export { PER_HOST_CONCURRENCY } from "./host-lanes.server";

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

export const MAX_REDIRECTS = 5;
export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, text/html;q=0.5, */*;q=0.3";

// ---------------------------------------------------------------------------------------------
// The request

function describeSize(bytes: number) {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
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
type StreamHop = { status: number; headers: Dispatcher.ResponseData["headers"]; body: Readable };

/**
 * Sends one request through undici. Resolves once the headers arrive; a failure after that (the cap passed, the
 * time limit, a reset, a cancel) destroys the body with a FetchError. The time limit covers the whole exchange,
 * connecting included, or with `idleTimeout` each wait for the next part of it (a large file may take minutes but
 * never stalls that long). Destroying the body early ends the request.
 */
function openHop(url: URL, headers: Record<string, string>, options: HopOptions, lane: number, freshConnection = false): Promise<StreamHop> {
  const host = url.hostname;
  const allowPrivate = options.allowPrivate || isAllowlisted(url);
  const refused = literalRefusal(url, allowPrivate);
  if (refused) return Promise.reject(refused);
  return new Promise<StreamHop>((resolve, reject) => {
    const controller = new AbortController();
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
      const failure = error instanceof FetchError ? error : describeNetworkError(error as NodeJS.ErrnoException, host);
      // Ends the request, whether it is still waiting for the answer or reading its body.
      controller.abort(failure);
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

    const answered = (response: Dispatcher.ResponseData) => {
      if (done) return void response.body.destroy();
      progressed();
      const declaredLength = Number(response.headers["content-length"]);
      if (declaredLength > options.maxBytes) return fail(new FetchError(`Response larger than ${describeSize(options.maxBytes)}`));
      const decoder = decompressor(response.headers["content-encoding"]);
      const decoded: Readable = decoder ? response.body.pipe(decoder) : response.body;
      if (decoder) response.body.on("error", fail);
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
          controller.abort();
        }
      });
      decoded.pipe(capped);
      resolve({ status: response.statusCode, headers: response.headers, body: capped });
    };
    const failedBeforeAnswer = (error: Error) => {
      if (done) return;
      // undici keeps connections alive between requests, and a server closes the ones idle past its own limit
      // (5 s is common). A request sent on such a connection as it closes is reset before any answer; a GET is
      // safe to send again, once, on a new connection. Seen while the job runner's own work kept it from
      // noticing the close in time (docs/benchmarks.md, "Ingestion under load").
      if (!freshConnection && !options.requestBody && isConnectionReset(error)) {
        stop();
        resolve(openHop(url, headers, options, lane, true));
        return;
      }
      fail(error);
    };

    const { dispatcher, sent } = dispatcherFor({ allowPrivate, ca: options.ca, lane, fresh: freshConnection });
    undici()
      .request(url, { dispatcher, method: options.method ?? "GET", headers, body: options.requestBody, signal: controller.signal })
      .then(answered, failedBeforeAnswer);
    sent();
  });
}

/** The answer a redirect chain ends at (2xx or 304), its body not read yet; `release` frees its per-host lane. */
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

    const { lane, release } = await acquireHostLane(current.host, options.signal);
    let hop: StreamHop;
    try {
      hop = await openHop(current, headers, settings, lane);
    } catch (error) {
      release();
      throw error;
    }
    const final = (hop.status >= 200 && hop.status < 300) || hop.status === 304;
    if (final) return { hop, url: current, release };
    hop.body.destroy();
    release();
    if (hop.status >= 300 && hop.status < 400) {
      const location = headerOf(hop.headers, "location");
      if (!location) throw new FetchError(`HTTP ${hop.status} from ${current.hostname} without a Location to follow`, hop.status);
      if (redirects >= MAX_REDIRECTS) throw new FetchError(`Too many redirects (more than ${MAX_REDIRECTS}) from ${new URL(url).hostname}`);
      current = new URL(location, current);
      continue;
    }
    throw new FetchError(`HTTP ${hop.status} from ${current.hostname}`, hop.status);
  }
}

function headerOf(headers: StreamHop["headers"], name: string) {
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
  const { lane, release } = await acquireHostLane(url.host, options.signal);
  try {
    const hop = await openHop(url, all, settings, lane);
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
