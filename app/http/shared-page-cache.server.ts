// One shared copy of a public page for every reader (docs/decisions/013-shared-feed-page.md): the page is
// rendered once per URL and content revision, compressed in the encoding asked for (docs/decisions/069), kept in
// this process for a minute, and answered to everyone asking for the same URL, with a strong ETag (a 304 when the
// reader already has it) and a Cache-Control that lets a shared cache in front of the site do the same.
import { createHash, createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { keptPerRevision } from "../kept-per-revision";
import { compressedOnce, encodingFor } from "./content-encoding.server";
import { etagMatches } from "./conditional.server";
import { contentSecurityPolicy } from "./security-headers.server";

export const SHARED_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/**
 * Bytes of compressed pages kept, least recently used dropped first: the popular first pages and filters, not
 * every deep page a crawler walks through. A feed page is about 80 KB of HTML and 9-12 KB compressed; read in brotli
 * alone, as browsers read it, it keeps one copy, so 16 MB holds over a thousand pages. Only compressed copies are
 * kept: a client that takes neither encoding (rare: every browser, curl --compressed and fetch take gzip) gets the
 * page inflated from one per request.
 */
export const SHARED_PAGE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** ETags kept for the current revision, at most: a crawler's walk through every page does not grow them unbounded. */
const ETAGS_KEPT = 4096;

/**
 * Brotli's quality for a copy answered more than once. The first copy of a page is made as a page rendered per request
 * is compressed (PER_REQUEST_BROTLI_QUALITY), since most pages a crawler or the first reader after a new revision asks
 * for are never asked again; a page asked again is worth compressing with more care, once.
 */
export const CAREFUL_BROTLI_QUALITY = 6;

/**
 * A page's copy: compressed in the encoding its first reader asked for, each other encoding made when first asked
 * (nearly every browser takes brotli, so the gzip copy is seldom made at all).
 */
type Entry = {
  headers: [string, string][];
  br?: Buffer;
  gzip?: Buffer;
  /** Whether the brotli copy was made with CAREFUL_BROTLI_QUALITY. */
  careful: boolean;
  /** How many answers were sent from this copy. */
  answers: number;
  headerBytes: number;
};

/** What an entry holds, counted against the cache's bound: the copies made so far and the headers. */
const entryBytes = (entry: Entry) => (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0) + entry.headerBytes;

/** The page itself, from whichever copy the entry has. */
const identityOf = (entry: Entry) => (entry.br ? zlib.brotliDecompressSync(entry.br) : zlib.gunzipSync(entry.gzip!));

export type SharedPageOptions = {
  /** The URL's key when its page is the same for every reader, or null (a reader's own view, a pending toast). */
  shareableKey(req: Request): string | null;
  /** Changes whenever any shared page would (articles, trends, sources, the day). */
  revision(): Promise<string>;
  /** The build's version: a deploy changes every page's scripts. */
  version: string;
  /** Keys the nonce (below) so it cannot be guessed from the ETag. */
  secret: string;
  /** Renders the page through the app with this script nonce. */
  render(req: Request, res: Response, nonce: string): Promise<globalThis.Response>;
  /** Answers a request whose page is not cached (the app's normal path). */
  fallback(req: Request, res: Response, next: NextFunction): unknown;
  /** The bound on the bytes kept (default SHARED_PAGE_CACHE_MAX_BYTES); a page larger than it is served uncached. */
  maxBytes?: number;
};

/** The cache's contents, for tests and the benchmarks. */
export type SharedPageCacheStats = { entries: number; bytes: number };

/**
 * The script nonce of a shared page, derived from its ETag: every copy of one ETag carries the same nonce, so a
 * browser revalidating with a 304 keeps a page whose scripts match the policy it stored with it. A new revision
 * (which is what injected content would need to reach the page) gets a new, unpredictable nonce.
 */
function nonceFor(etag: string, secret: string) {
  return createHmac("sha256", secret).update(etag).digest("base64").slice(0, 24);
}

export function sharedPageCache(options: SharedPageOptions) {
  // Keyed by URL, each copy kept for its ETag (which names the build, the revision and the URL) for at most a minute,
  // as long as a shared cache may keep the page (s-maxage): view counts and AI summaries lag by no more.
  const copies = keptPerRevision<Entry | null>({ capacity: options.maxBytes ?? SHARED_PAGE_CACHE_MAX_BYTES, weigh: entryBytes });
  const etags = new Map<string, string>();
  let etagsRevision: string | undefined;

  async function renderEntry(req: Request, res: Response, etag: string): Promise<Entry | null> {
    const response = await options.render(req, res, nonceFor(etag, options.secret));
    const cacheable = response.status === 200 && !response.headers.has("set-cookie") && (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (!cacheable) {
      await response.body?.cancel();
      return null;
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(([name]) => !/^(content-length|content-encoding)$/i.test(name));
    const headerBytes = headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    // A reader taking neither encoding is answered from the copy kept, inflated for each.
    const encoding = encodingFor(req.headers["accept-encoding"]) === "br" ? "br" : "gzip";
    return { headers, [encoding]: compressedOnce(identity, encoding), careful: false, answers: 0, headerBytes };
  }

  /**
   * The copy of `key`'s page in `encoding`, made now if it has none yet; a brotli copy answered before is made again
   * with more care (CAREFUL_BROTLI_QUALITY). The bytes the entry holds are weighed again after either.
   */
  function copyIn(key: string, entry: Entry, encoding: "br" | "gzip"): Buffer {
    const made = entry[encoding];
    const worthCare = made !== undefined && encoding === "br" && !entry.careful && entry.answers > 0;
    if (made && !worthCare) return made;
    const page = identityOf(entry);
    const copy = worthCare
      ? zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: CAREFUL_BROTLI_QUALITY } })
      : compressedOnce(page, encoding);
    entry[encoding] = copy;
    if (worthCare) entry.careful = true;
    copies.reweigh(key);
    return copy;
  }

  function send(req: IncomingMessage, res: ServerResponse, key: string, entry: Entry, complete?: () => void) {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    const encoding = encodingFor(req.headers["accept-encoding"]);
    const body = encoding === "identity" ? identityOf(entry) : copyIn(key, entry, encoding);
    entry.answers++;
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
    res.statusCode = 200;
    complete?.();
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** The headers of every shared answer, and for a reader who holds this ETag a 304 (true when it was sent). */
  function sendValidators(req: IncomingMessage, res: ServerResponse, etag: string, complete?: () => void) {
    res.setHeader("ETag", etag);
    res.setHeader("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
    res.setHeader("Vary", "Accept-Encoding");
    if (!etagMatches(req.headers["if-none-match"], etag)) return false;
    // A 304 carries the policy the stored page was served with (same ETag, same nonce).
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonceFor(etag, options.secret)));
    res.statusCode = 304;
    complete?.();
    res.end();
    return true;
  }

  /** The page's ETag, or null when the revision cannot be read (a damaged database): the app then answers. */
  async function etagOf(key: string) {
    try {
      const revision = await options.revision();
      // Made once per key and revision: a shared page's every request asks for it.
      if (revision !== etagsRevision) {
        etags.clear();
        etagsRevision = revision;
      }
      let etag = etags.get(key);
      if (etag === undefined) {
        etag = `"${createHash("sha1").update(`${options.version}\n${revision}\n${key}`).digest("base64url").slice(0, 27)}"`;
        if (etags.size >= ETAGS_KEPT) etags.clear();
        etags.set(key, etag);
      }
      return etag;
    } catch {
      return null;
    }
  }

  function forgetSharedHeaders(res: Response) {
    res.removeHeader("ETag");
    res.removeHeader("Cache-Control");
    res.removeHeader("Vary");
  }

  const middleware = async function sharedPage(req: Request, res: Response, next: NextFunction) {
    const key = req.method === "GET" || req.method === "HEAD" ? options.shareableKey(req) : null;
    const etag = key === null ? null : await etagOf(key);
    if (key === null || etag === null) return options.fallback(req, res, next);
    if (sendValidators(req, res, etag)) return;
    // The stored copy while fresh; else rendered, once for every reader asking for this page meanwhile.
    let entry: Entry | null;
    try {
      entry = await copies(key, etag, () => renderEntry(req, res, etag));
    } catch (error) {
      // A refusal (a rulemaking that does not exist) is answered by the error handler, and never as the shared page.
      forgetSharedHeaders(res);
      return next(error);
    }
    if (!entry) {
      // Not shareable after all (an error page, a redirect): answered the app's normal way, uncached.
      forgetSharedHeaders(res);
      return options.fallback(req, res, next);
    }
    send(req, res, key, entry);
  };
  /**
   * Answers from what is stored, on node:http before Express runs (server.ts): a 304 to a reader holding the current
   * ETag, or the fresh stored copy in br or gzip. `key` is the request's shareable key; `complete` adds the headers
   * every answer carries just before it is sent. Only a key whose copy was stored for the current revision is
   * answered: a copy exists only for a URL Express routed here and rendered. Resolves false, having sent nothing,
   * otherwise (nothing stored or fresh, a client taking neither encoding, whose answer the compression middleware
   * may encode, or a revision that cannot be read): the request then goes through Express to the middleware above.
   */
  async function answerStored(req: IncomingMessage, res: ServerResponse, key: string, complete: () => void) {
    const etag = await etagOf(key);
    if (etag === null) return false;
    const fresh = copies.peek(key, etag);
    if (!fresh) return false;
    if (etagMatches(req.headers["if-none-match"], etag)) return sendValidators(req, res, etag, complete);
    if (encodingFor(req.headers["accept-encoding"]) === "identity") return false;
    sendValidators(req, res, etag, complete);
    send(req, res, key, fresh, complete);
    return true;
  }

  function stats(): SharedPageCacheStats {
    const { entries, weight } = copies.stats();
    return { entries, bytes: weight };
  }

  return Object.assign(middleware, { answerStored, stats });
}
