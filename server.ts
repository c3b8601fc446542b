// The web process: Express serving the Remix build through @remix-run/express (the handler remix-serve is
// built on), with what remix-serve cannot give: the client address, a body cap before the body is read,
// headers on every answer, one compression pass per document, redacted logs, /healthz (a Remix route) and a
// graceful stop. Why this replaces remix-serve: docs/decisions/010-own-web-server.md.
import cluster, { type Worker } from "node:cluster";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import { sharedPageKey, feedRevision } from "./app/feed/shared-feed.server";
import { config, ConfigError } from "./app/config.server";
import { bodyStream, limitRequestBody } from "./app/http/body-limit.server";
import { resolveClientAddress } from "./app/http/client-address.server";
import { log, redactMessage, redactUrl } from "./app/http/log.server";
import { PER_REQUEST_BROTLI_QUALITY } from "./app/http/content-encoding.server";
import { mayNameFileUnder, precompressedFiles } from "./app/http/precompressed.server";
import { prefersHtml } from "./app/http/responses.server";
import { completeResponseHeaders } from "./app/http/security-headers.server";
import { carriesToast } from "./app/http/flash.server";
import { sharedPageCache } from "./app/http/shared-page-cache.server";
import { webProcessAddress } from "./app/public-url.server";
import { closeDatabase } from "./app/schema-store.server";
import { recordWebAddress } from "./app/web-address-store.server";
import { serveSlotsToWorkers } from "./app/slots.server";

const BUILD_FILE = path.resolve("build/index.js");
/** How long in-flight requests may take to finish after SIGTERM before their connections are closed. */
const SHUTDOWN_GRACE_MS = 10_000;

async function loadBuild(): Promise<ServerBuild> {
  // A fresh URL per load in development, so a rebuild is picked up without a restart.
  const url = pathToFileURL(BUILD_FILE).href;
  return import(process.env.NODE_ENV === "development" ? `${url}?t=${Date.now()}` : url);
}

/**
 * Node's ES module loader, asked for a CommonJS package (react, react-dom), reads every file the package's entry may
 * re-export to learn their names, both sides of its `NODE_ENV` test, and keeps each file it read but never ran in
 * require's cache, source and all: React's development builds, 2.1 MB of live heap for the life of the process
 * (docs/benchmarks.md, "What the web process's live heap holds"). Dropped once the build is loaded; a later
 * require of such a file reads it again.
 */
function forgetCommonJsFilesNeverRun() {
  const cache = createRequire(import.meta.url).cache;
  for (const [file, module] of Object.entries(cache)) if (module && !module.loaded) delete cache[file];
}

const STATUS_TITLES: Record<number, string> = { 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 413: "Payload Too Large", 500: "Server Error" };

function errorPage(status: number, message: string) {
  const title = `${status} ${STATUS_TITLES[status] ?? "Error"}`;
  const text = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/">Back to the news feed</a></p></body></html>`;
}

/**
 * A request as a Fetch GET for the Remix handler (a HEAD's page is rendered whole too, since every reader shares
 * it), not aborted when the reader who started it goes away: others may be waiting for a shared render.
 * `withCookies: false` for the shared render, so nothing of one reader reaches every reader's copy.
 */
function fetchRequestOf(req: Request, { withCookies }: { withCookies: boolean }) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name === "cookie" && !withCookies) continue;
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  return new globalThis.Request(new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`), {
    method: "GET",
    headers,
  });
}

/** The request log line of every answer (the request logger below, and the shared copy answered before Express). */
function logRequest(method: string | undefined, url: string, status: number, started: number, client: string) {
  const entry = { method, url: redactUrl(url), status, ms: Math.round(performance.now() - started), client };
  if (status >= 500) log.error(entry, "request failed");
  else log.info(entry, "request");
}

/**
 * The feed, article, related-articles and rulemaking pages, comment periods, About and the API page are the same for
 * every reader: rendered once per URL and revision (docs/decisions/013). Express's route patterns, and the same as
 * one expression for the answer before Express.
 */
const SHARED_PATHS = ["/", "/about", "/comment-periods", "/api/docs", "/articles/:address", "/articles/:id/related", "/rulemakings/:key"];
const SHARED_ROUTE = new RegExp(`^(?:${SHARED_PATHS.map((path) => path.replace(/:\w+/g, "[^/]+")).join("|")})$`);

export async function createServerApp() {
  const settings = config();
  const httpsOnly = settings.PUBLIC_URL.startsWith("https://");
  const build = await loadBuild();
  forgetCommonJsFilesNeverRun();
  const app = express();
  app.disable("x-powered-by");
  // Set by main() on SIGTERM: answers from then on close their connection, so none is left idle to wait for.
  const shutdown = { stopping: false, closeIdleConnections: () => {} };
  // Express reads X-Forwarded-Proto/Host only from the proxies the operator declared.
  app.set("trust proxy", settings.TRUST_PROXY);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    // Read now: a mounted middleware (express.static under /build) rewrites req.url, and so req.path, later.
    const requestPath = req.path;
    res.locals.clientAddress = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], settings.TRUST_PROXY);
    onHeaders(res, () => {
      completeResponseHeaders(
        { get: (name) => res.getHeader(name), set: (name, value) => res.setHeader(name, value) },
        { path: requestPath, authorization: req.headers.authorization, httpsOnly },
      );
      if (shutdown.stopping) res.setHeader("Connection", "close");
    });
    res.once("finish", () => {
      logRequest(req.method, req.originalUrl, res.statusCode, started, res.locals.clientAddress as string);
      // An answer whose headers went out before the stop kept its connection open: close it now it is idle.
      if (shutdown.stopping) setImmediate(shutdown.closeIdleConnections);
    });
    next();
  });

  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: PER_REQUEST_BROTLI_QUALITY } } }));
  // Remix's adapter flushes after every chunk React writes when the response can flush, which makes the
  // compressor emit a block per ~2 KB chunk. Without `flush` the document is compressed as one stream.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    Reflect.deleteProperty(res, "flush");
    next();
  });

  const publicFiles = express.Router();
  publicFiles.use(precompressedFiles("public"));
  publicFiles.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  publicFiles.use(express.static("public", { maxAge: "1h", index: false }));
  const mayNamePublicFile = mayNameFileUnder("public");
  app.use((req: Request, res: Response, next: NextFunction) => (mayNamePublicFile(req.path) ? publicFiles(req, res, next) : next()));

  app.use(limitRequestBody());
  const remix = createRequestHandler({
    build: process.env.NODE_ENV === "development" ? loadBuild : build,
    getLoadContext: (_req, res) => ({ clientAddress: res.locals.clientAddress as string }),
  });
  const answer = (req: Request, res: Response, next: NextFunction) => remix(bodyStream(req, res), res, next);
  // Large answers are written only as fast as the client takes them. @remix-run/express writes a body without
  // waiting for the socket (writeReadableStreamToWritable in @remix-run/node), so an export read from SQLite
  // faster than it is compressed and sent piled up in memory: one whole 81 MB CSV took the process from 132 to
  // 400 MB. Piped here, the export's pages, the sitemap's thousand-URL pieces and the article list's hundred-item
  // pieces are made as the socket drains. (Development reloads the build per request and keeps Remix's own path.)
  const remixCore = createRemixHandler(build, "production");
  if (process.env.NODE_ENV !== "development") {
    app.get(["/export.csv", "/sitemap.xml", /^\/sitemaps\/[^/]+\.xml$/, "/api/articles"], async (req: Request, res: Response, next: NextFunction) => {
      try {
        const response = await remixCore(fetchRequestOf(req, { withCookies: true }), { clientAddress: res.locals.clientAddress as string });
        res.status(response.status);
        response.headers.forEach((value, name) => res.append(name, value));
        if (!response.body || req.method === "HEAD") {
          // Asked as a GET: an export was started, and cancelling it frees its slot (app/feed/export.server.ts).
          await response.body?.cancel();
          return void res.end();
        }
        await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
      } catch (error) {
        // A reader who closes the connection mid-download ends it (the export stops reading); nothing failed.
        if (res.destroyed && (error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
        next(error);
      }
    });
  }
  let sharedPages: ReturnType<typeof sharedPageCache> | undefined;
  if (process.env.NODE_ENV === "production" && settings.SHARED_PAGE_CACHE) {
    app.get(
      SHARED_PATHS,
      (sharedPages = sharedPageCache({
        shareableKey: (req) => (carriesToast(req.headers.cookie) ? null : sharedPageKey(req.path, new URL(req.originalUrl, "http://x").search)),
        revision: () => feedRevision(),
        version: build.assets.version,
        secret: settings.SESSION_SECRET,
        render: (req, res, nonce) => remixCore(fetchRequestOf(req, { withCookies: false }), { clientAddress: res.locals.clientAddress as string, nonce }),
        fallback: answer,
      })),
    );
  }
  app.all("*", answer);

  // `status`, `headers` and `detail` (what the log should say) are set by the app on refusals it decides.
  app.use((error: Error & { status?: number; headers?: Record<string, string>; detail?: string }, req: Request, res: Response, _next: NextFunction) => {
    // A status on the error is a refusal decided by the app (docs/decisions/009), not a fault.
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) log.error({ err: error, url: redactUrl(req.originalUrl) }, "unhandled error");
    // The message may quote the path (Express's decode error): tokens are redacted there too.
    else log.warn({ url: redactUrl(req.originalUrl), status, reason: redactMessage(error.detail ?? error.message, req.originalUrl) }, "request refused");
    if (res.headersSent) return res.destroy();
    const message = status === 500 ? "Unexpected server error." : error.message;
    res.status(status).set(error.headers ?? {});
    // A browser's whole-page request gets a page it can show; everything else the API's JSON shape.
    if (prefersHtml(req.headers.accept)) res.type("html").send(errorPage(status, message));
    else res.json({ message });
  });

  /**
   * What the web server listens with: a request the shared copy answers as it stands (a GET or HEAD of a shared page
   * with no body, no pending toast and no credential, whose copy is stored and fresh for the current revision, or a
   * 304 to a reader holding it) is answered here, on node:http, with the same bytes and headers and the same log
   * line; everything else goes to Express. Express's middleware cost more than the copy itself: the static file
   * lookups stat the disk for every path, and the chain runs a dozen functions (docs/decisions/051).
   */
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    let key: string | null = null;
    try {
      key = sharedPages && !shutdown.stopping ? sharedKeyOf(req) : null;
    } catch {
      // A URL the key cannot be made of is Express's to answer, as it was before this path.
    }
    if (key === null) return void app(req, res);
    const started = performance.now();
    const url = req.url!;
    void sharedPages!
      .answerStored(req, res, key, () => {
        // As the request logger sets them just before the headers go out.
        completeResponseHeaders(
          { get: (name) => res.getHeader(name), set: (name, value) => res.setHeader(name, value) },
          { path: url.split("?")[0], authorization: undefined, httpsOnly },
        );
      })
      .then(
        (answered) => {
          if (!answered) return void app(req, res);
          const client = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], settings.TRUST_PROXY);
          logRequest(req.method, url, res.statusCode, started, client);
        },
        () => void app(req, res),
      );
  };

  // The key of each URL asked, as sharedPageKey gives it (it parses the query): readers ask for few URLs.
  const keysOfUrls = new Map<string, string | null>();
  const keyOfUrl = (url: string, pathname: string) => {
    let key = keysOfUrls.get(url);
    if (key === undefined) {
      key = sharedPageKey(pathname, new URL(url, "http://x").search);
      if (keysOfUrls.size >= 4096) keysOfUrls.clear();
      keysOfUrls.set(url, key);
    }
    return key;
  };

  /** The shared page key of a request the shared copy may answer before Express, or null (Express decides). */
  function sharedKeyOf(req: IncomingMessage) {
    const { method, url, headers } = req;
    if ((method !== "GET" && method !== "HEAD") || !url || url.includes("#")) return null;
    // A body goes through limitRequestBody; a credential or a toast makes the answer the reader's own.
    if (headers.authorization !== undefined || headers["transfer-encoding"] !== undefined || (headers["content-length"] ?? "0") !== "0") return null;
    if (carriesToast(headers.cookie)) return null;
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    if (!SHARED_ROUTE.test(pathname)) return null;
    return keyOfUrl(url, pathname);
  }

  return { app, handle, build, shutdown };
}

/**
 * WEB_CONCURRENCY > 1: this process forks the workers, which share the port (node:cluster hands each new
 * connection to the next worker), and serves nothing itself. Each worker keeps its own shared page cache, which
 * holds because a page's revision comes from the database. SIGTERM / SIGINT reach every worker, which stop as a
 * single web process does; this one exits when all have, with 0 when all stopped cleanly. A worker that dies
 * after it was serving is replaced; one that dies before it listened (a port taken, a broken build) stops all.
 */
function runWorkers(count: number) {
  const listening = new Set<number>();
  let stopping = false;
  let failed = false;
  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => listening.add(worker.id));
    return worker;
  };
  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, "stopping the web workers");
    for (const worker of Object.values(cluster.workers ?? {}) as Worker[]) worker.process.kill(signal);
    // A worker closes its remaining connections after its own grace period; this is the last resort.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {}) as Worker[]) worker.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  cluster.on("exit", (worker, code, signal) => {
    const clean = code === 0 && !signal;
    if (!clean) failed = true;
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info("stopped");
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!listening.has(worker.id)) {
      log.error({ worker: worker.id, code, signal }, "a web worker stopped before it served: stopping the others");
      stopAll("SIGTERM");
      return;
    }
    log.error({ worker: worker.id, code, signal }, "a web worker stopped: starting another");
    listening.delete(worker.id);
    fork();
  });
  log.info({ workers: count }, "starting the web workers");
  serveSlotsToWorkers();
  for (let i = 0; i < count; i++) fork();
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
}

async function main() {
  const settings = config();
  if (cluster.isPrimary && settings.WEB_CONCURRENCY > 1 && process.env.NODE_ENV !== "development") return runWorkers(settings.WEB_CONCURRENCY);
  const { handle, build, shutdown } = await createServerApp();
  const host = process.env.HOST;
  // As Express's app.listen, with the shared copy answered first (createServerApp).
  const server = http.createServer(handle);
  if (host) server.listen(settings.PORT, host, ready);
  else server.listen(settings.PORT, ready);
  async function ready() {
    const address = webProcessAddress(settings, host);
    log.info({ port: settings.PORT, publicUrl: address }, "listening");
    // The job runner and `npm run jobs` link to the site by this address when PUBLIC_URL is not set for them
    // (written once, by the first worker when there are several).
    try {
      if (!cluster.isWorker || cluster.worker!.id === 1) await recordWebAddress(address);
    } catch (error) {
      log.warn({ reason: (error as Error).message }, "could not record the site's address for the job runner (is the database set up? npm run setup)");
    }
    if (process.env.NODE_ENV === "development") void broadcastDevReady(build);
  }
  // Keep-alive connections must outlive a load balancer's idle timeout, or it may reuse one being closed.
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    shutdown.stopping = true;
    shutdown.closeIdleConnections = () => server.closeIdleConnections();
    log.info({ signal }, "stopping: finishing in-flight requests");
    server.close(() => {
      void closeDatabase().finally(() => {
        log.info("stopped");
        process.exit(0);
      });
    });
    server.closeIdleConnections();
    setTimeout(() => {
      log.warn("requests still running after the grace period: closing their connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError) console.error(error.message);
  else log.fatal({ err: error }, "the web process could not start");
  process.exit(1);
});
