// A corpus of hostile feeds: script injection in every field, links with dangerous schemes, XML entity
// tricks, broken encodings, bodies that never end or never come, absurd nesting and item counts.
// Served from loopback by a real HTTP server; used by the scrape test and the browser test. The payloads are in
// corpus-payloads.ts, the documents in corpus-documents.ts; here, the answers that misbehave over HTTP, the corpus
// (each feed with the outcome a scrape must have) and its server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import {
  MANY_ITEMS,
  billionLaughs,
  binaryNoise,
  brokenEncoding,
  deepHtmlSummary,
  deepXml,
  entitiesRss,
  externalEntity,
  hostileFederalRegister,
  hugeFields,
  injectionAtom,
  injectionRdf,
  injectionRss,
  invalidEntitiesRss,
  manyItems,
} from "./corpus-documents";
import { CORPUS_TAG, rss, rssItem } from "./corpus-payloads";

export { MANY_ITEMS } from "./corpus-documents";
export { CORPUS_TAG, DANGEROUS_LINKS, MARKUP_PAYLOADS, PWNED_MARKER } from "./corpus-payloads";

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const send =
  (contentType: string, body: string | Buffer): Handler =>
  (_req, res) => {
    res.writeHead(200, { "content-type": contentType }).end(body);
  };

/** Streams `<item>`s without end (chunked) until the client hangs up. */
const endlessStream: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "application/rss+xml" });
  res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>endless</title>');
  const chunk = `<item><title>${CORPUS_TAG} endless</title><link>https://hostile.example/endless</link></item>`.repeat(1000);
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  res.on("close", () => res.removeAllListeners("drain"));
  pump();
};

/** Announces a 1 GB body and starts sending it. */
const gigabyte: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "application/rss+xml", "content-length": String(1024 ** 3) });
  res.write(`<?xml version="1.0"?><rss version="2.0"><channel>${" ".repeat(64 * 1024)}`);
};

let bomb: Buffer | undefined;
/** 256 MB of whitespace, gzipped to a few hundred KB (gzip members may be concatenated; each holds 1 MB). */
const gzipBomb: Handler = (_req, res) => {
  bomb ??= Buffer.concat([
    zlib.gzipSync('<?xml version="1.0"?><rss version="2.0"><channel>'),
    ...Array(256).fill(zlib.gzipSync(Buffer.alloc(1024 * 1024, 0x20))),
  ]);
  res.writeHead(200, { "content-type": "application/rss+xml", "content-encoding": "gzip", "content-length": String(bomb.length) }).end(bomb);
};

/** One byte every 100 ms, forever. */
const slowDrip: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "application/rss+xml" });
  const body = rss([rssItem({ title: `${CORPUS_TAG} drip`, link: "https://hostile.example/drip" })]).repeat(1000);
  let at = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    res.write(body[at++ % body.length]);
  }, 100);
  res.on("close", () => clearInterval(timer));
};

/** Accepts the request and never answers. */
const hang: Handler = () => {};

const redirectTo =
  (location: string): Handler =>
  (_req, res) =>
    void res.writeHead(302, { location }).end();

export type CorpusEntry = {
  path: string;
  description: string;
  /** The source type an operator would set (null: detected). */
  type: "rss" | "atom" | "federal-register-api" | null;
  /** Whether the scrape must fail this source (with a message matching `error`) or read it. */
  outcome: { ok: true } | { ok: false; error: RegExp };
  handler: Handler;
};

const XML = "application/rss+xml; charset=utf-8";

export const CORPUS: CorpusEntry[] = [
  {
    path: "/injection.rss",
    description: "script payloads in every RSS field; javascript:, data:, vbscript:, file: links",
    type: "rss",
    outcome: { ok: true },
    handler: send(XML, injectionRss()),
  },
  {
    path: "/injection.atom",
    description: "script payloads in Atom html/xhtml titles, summaries, content; javascript: and data: links",
    type: "atom",
    outcome: { ok: true },
    handler: send("application/atom+xml", injectionAtom()),
  },
  {
    path: "/injection.rdf",
    description: "script payloads in RSS 1.0 (RDF)",
    type: "rss",
    outcome: { ok: true },
    handler: send("application/rdf+xml", injectionRdf()),
  },
  {
    path: "/entities.rss",
    description: "character references: bidi overrides, zero-width, emoji, controls, escaped markup",
    type: "rss",
    outcome: { ok: true },
    handler: send(XML, entitiesRss()),
  },
  {
    path: "/invalid-entities.rss",
    description: "NUL, control, surrogate and out-of-range references; an undeclared entity",
    type: "rss",
    outcome: { ok: false, error: /^Not a feed: the XML is malformed \(Invalid character entity/ },
    handler: send(XML, invalidEntitiesRss()),
  },
  {
    path: "/billion-laughs.rss",
    description: "billion laughs entity expansion",
    type: "rss",
    outcome: { ok: false, error: /^Not a feed: the XML declares its own entities/ },
    handler: send(XML, billionLaughs()),
  },
  {
    path: "/xxe.rss",
    description: "external entity pointing at /etc/passwd",
    type: "rss",
    outcome: { ok: false, error: /^Not a feed: the XML declares its own entities/ },
    handler: send(XML, externalEntity()),
  },
  {
    path: "/broken-encoding.rss",
    description: "declared UTF-8, sent as Latin-1 with stray bytes",
    type: "rss",
    outcome: { ok: true },
    handler: send(XML, brokenEncoding()),
  },
  { path: "/deep.rss", description: "50,000 nested XML elements in an item", type: "rss", outcome: { ok: true }, handler: send(XML, deepXml()) },
  {
    path: "/deep-html.rss",
    description: "10,000 nested HTML elements in a summary",
    type: "rss",
    outcome: { ok: true },
    handler: send(XML, deepHtmlSummary()),
  },
  { path: "/many.rss", description: `${MANY_ITEMS.toLocaleString("en-US")} items`, type: "rss", outcome: { ok: true }, handler: send(XML, manyItems()) },
  { path: "/huge-fields.rss", description: "a 4 MB title and summary", type: "rss", outcome: { ok: true }, handler: send(XML, hugeFields()) },
  {
    path: "/noise.rss",
    description: "binary noise after an XML declaration",
    type: "rss",
    outcome: { ok: false, error: /^Not a feed/ },
    handler: send(XML, binaryNoise()),
  },
  {
    path: "/endless.rss",
    description: "a body streamed without end",
    type: "rss",
    outcome: { ok: false, error: /^Response larger than 10 MB$/ },
    handler: endlessStream,
  },
  { path: "/gigabyte.rss", description: "Content-Length: 1 GB", type: "rss", outcome: { ok: false, error: /^Response larger than 10 MB$/ }, handler: gigabyte },
  {
    path: "/gzip-bomb.rss",
    description: "256 MB of gzip-compressed whitespace",
    type: "rss",
    outcome: { ok: false, error: /^Response larger than 10 MB$/ },
    handler: gzipBomb,
  },
  {
    path: "/drip.rss",
    description: "one byte every 100 ms, never finishing",
    type: "rss",
    outcome: { ok: false, error: /^Timed out after \d+ s$/ },
    handler: slowDrip,
  },
  {
    path: "/hang.rss",
    description: "accepts the request and never answers",
    type: "rss",
    outcome: { ok: false, error: /^Timed out after \d+ s$/ },
    handler: hang,
  },
  {
    path: "/redirect-js.rss",
    description: "redirect to a javascript: URL",
    type: "rss",
    outcome: { ok: false, error: /^Unsupported address scheme javascript/ },
    handler: redirectTo("javascript:alert(1)"),
  },
  {
    path: "/redirect-loop.rss",
    description: "redirects without end",
    type: "rss",
    outcome: { ok: false, error: /^Too many redirects/ },
    handler: redirectTo("/redirect-loop.rss"),
  },
  {
    path: "/api/v1/documents.json",
    description: "Federal Register JSON with payloads and dangerous html_url values",
    type: "federal-register-api",
    outcome: { ok: true },
    handler: send("application/json", hostileFederalRegister()),
  },
];

export type CorpusServer = {
  /** The address of an entry's feed. */
  url(entry: CorpusEntry): string;
  close(): Promise<void>;
};

/**
 * Serves the corpus on 127.0.0.1, each feed on its own port: the client allows two requests at a time
 * per host, and the never-ending feeds must not queue the others behind them.
 */
export async function startCorpusServer(entries: CorpusEntry[] = CORPUS): Promise<CorpusServer> {
  const servers = new Map<CorpusEntry, { server: http.Server; origin: string }>();
  for (const entry of entries) {
    const server = http.createServer((request, response) => {
      if (new URL(request.url ?? "/", "http://x").pathname === entry.path) entry.handler(request, response);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.set(entry, { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
  return {
    url: (entry) => `${servers.get(entry)!.origin}${entry.path}`,
    close: async () => {
      await Promise.all(
        [...servers.values()].map(
          ({ server }) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
