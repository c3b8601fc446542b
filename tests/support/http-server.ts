// Local stand-ins for outside web servers: a real HTTP server on 127.0.0.1 (port 0), its routes looked up by
// path, for every test that needs a web page, a feed, an API or a model server to answer.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type TestServer = {
  origin: string;
  /** Requests seen, with the body bytes each response sent. */
  log: { path: string; headers: http.IncomingHttpHeaders; status: number; bytes: number }[];
  /** The address of a path on this server. */
  url(path: string): string;
  /** How many requests asked for this path (query string ignored). */
  hits(path: string): number;
  close(): Promise<void>;
};

/** A fixed answer: status 200 unless given, sent after `delayMs` when given (a slow site). */
export type Page = { status?: number; contentType: string; body: string | Buffer; delayMs?: number };

export type Route = (request: http.IncomingMessage, response: http.ServerResponse, origin: string) => void | Promise<void>;

export function fixturePath(name: string) {
  return path.resolve("tests/fixtures/feeds", name);
}

export function readFixture(name: string) {
  return fs.readFileSync(fixturePath(name));
}

/**
 * Starts a server whose routes are looked up by path (query string ignored); unknown paths answer 404.
 * `host` is the address it listens on (loopback unless a test needs another of this machine's interfaces).
 */
export async function startServer(routes: Record<string, Route>, host = "127.0.0.1"): Promise<TestServer> {
  const log: TestServer["log"] = [];
  const server = http.createServer(async (request, response) => {
    const pathname = new URL(request.url ?? "/", "http://x").pathname;
    const entry = { path: request.url ?? "/", headers: request.headers, status: 0, bytes: 0 };
    log.push(entry);
    const write = response.write.bind(response);
    const end = response.end.bind(response);
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") entry.bytes += Buffer.byteLength(chunk as Buffer);
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof response.write;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") entry.bytes += Buffer.byteLength(chunk as Buffer);
      entry.status = response.statusCode;
      return (end as (...args: unknown[]) => http.ServerResponse)(chunk, ...rest);
    }) as typeof response.end;
    const route = routes[pathname];
    if (!route) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    try {
      await route(request, response, origin);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    log,
    url: (pathname) => `${origin}${pathname}`,
    hits: (pathname) => log.filter((entry) => new URL(entry.path, "http://x").pathname === pathname).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Serves a fixture file with validators; answers 304 when the client's validators match. */
export function serveFixture(name: string, contentType: string, options: { etag?: string; lastModified?: string } = {}): Route {
  return (request, response, origin) => {
    if (options.etag && request.headers["if-none-match"] === options.etag) return void response.writeHead(304).end();
    if (options.lastModified && !options.etag && request.headers["if-modified-since"] === options.lastModified) return void response.writeHead(304).end();
    const body = Buffer.from(readFixture(name).toString("latin1").replaceAll("{{ORIGIN}}", origin), "latin1");
    response.writeHead(200, {
      "content-type": contentType,
      "content-length": body.length,
      ...(options.etag ? { etag: options.etag } : {}),
      ...(options.lastModified ? { "last-modified": options.lastModified } : {}),
    });
    response.end(body);
  };
}

/** Routes that answer fixed pages, one per path. */
export function servePages(pages: Record<string, Page>): Record<string, Route> {
  return Object.fromEntries(
    Object.entries(pages).map(([pathname, page]) => [
      pathname,
      (_request, response) =>
        void setTimeout(() => response.writeHead(page.status ?? 200, { "Content-Type": page.contentType }).end(page.body), page.delayMs ?? 0),
    ]),
  );
}
