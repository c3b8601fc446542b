// A corpus of hostile feeds: script injection in every field, links with dangerous schemes, XML entity
// tricks, broken encodings, bodies that never end or never come, absurd nesting and item counts.
// Served from loopback by a real HTTP server; used by the scrape test and the browser test.
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/** Every payload, when it runs, sets this marker on `window` (and some also open a dialog). */
export const PWNED_MARKER = "__pwned";

/** Script-injection payloads as they could appear in text fields once decoded. */
export const MARKUP_PAYLOADS = [
  `<script>window.${PWNED_MARKER}=1;alert(1)</script>`,
  `<img src=x onerror="window.${PWNED_MARKER}=2;alert(2)">`,
  `<svg onload="window.${PWNED_MARKER}=3"></svg>`,
  `"><script>window.${PWNED_MARKER}=4</script>`,
  `<iframe src="javascript:parent.${PWNED_MARKER}=5"></iframe>`,
  `<a href="javascript:window.${PWNED_MARKER}=6">click</a>`,
  `<body onload=window.${PWNED_MARKER}=7>`,
  `<style>@import 'javascript:window.${PWNED_MARKER}=8'</style>`,
];

/** Links no stored article may carry: each is refused, whatever its spelling. */
export const DANGEROUS_LINKS = [
  `javascript:window.${PWNED_MARKER}=10;alert(10)`,
  ` JaVaScRiPt:window.${PWNED_MARKER}=11`,
  `java\tscript:window.${PWNED_MARKER}=12`,
  `data:text/html;base64,${Buffer.from(`<script>window.${PWNED_MARKER}=13</script>`).toString("base64")}`,
  `vbscript:msgbox(1)`,
  `file:///etc/passwd`,
  `about:blank`,
];

/** A marker every item title of the corpus carries, so tests can find what was stored from it. */
export const CORPUS_TAG = "Hostile corpus";

/** XML-escapes text for use inside an element or attribute. */
const esc = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** RFC 822 dates close to now, so stored items show on the first feed pages. */
const recent = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toUTCString();

function rss(items: string[], channelExtra = "") {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Hostile feed</title><link>https://hostile.example/</link><description>test</description>${channelExtra}
${items.join("\n")}
</channel></rss>`;
}

function rssItem(fields: { title: string; link?: string; guid?: string; description?: string; minutesAgo?: number }, raw = false) {
  const value = (text: string) => (raw ? text : esc(text));
  return `<item>
<title>${value(fields.title)}</title>
${fields.link !== undefined ? `<link>${value(fields.link)}</link>` : ""}
${fields.guid !== undefined ? `<guid>${value(fields.guid)}</guid>` : ""}
${fields.description !== undefined ? `<description>${value(fields.description)}</description>` : ""}
<pubDate>${recent(fields.minutesAgo ?? 5)}</pubDate>
</item>`;
}

/** RSS whose every text field carries a payload: escaped, double-escaped, in CDATA; links with bad schemes. */
function injectionRss() {
  const items: string[] = [];
  MARKUP_PAYLOADS.forEach((payload, i) => {
    // Escaped once: the feed's text *is* markup.
    items.push(
      rssItem({ title: `${CORPUS_TAG} escaped ${i} ${payload}`, link: `https://hostile.example/escaped/${i}`, description: `Summary ${payload} end` }),
    );
    // Escaped twice: the text decodes to entities that decode to markup.
    items.push(
      rssItem({ title: `${CORPUS_TAG} double ${i} ${esc(payload)}`, link: `https://hostile.example/double/${i}`, description: `Summary ${esc(payload)} end` }),
    );
    // CDATA: markup verbatim.
    items.push(
      rssItem(
        {
          title: `<![CDATA[${CORPUS_TAG} cdata ${i} ${payload}]]>`,
          link: `https://hostile.example/cdata/${i}`,
          description: `<![CDATA[<p>Summary</p>${payload}<p>end</p>]]>`,
        },
        true,
      ),
    );
  });
  DANGEROUS_LINKS.forEach((link, i) => {
    // A dangerous link and no other: the item cannot be stored.
    items.push(rssItem({ title: `${CORPUS_TAG} bad link ${i}`, link, guid: link, description: "Must not be stored" }));
    // The same, with the scheme hidden behind character references.
    items.push(
      rssItem({ title: `${CORPUS_TAG} entity link ${i}`, description: "Must not be stored" }, true).replace(
        "</item>",
        `<link>${[...link].map((c) => `&#${c.codePointAt(0)};`).join("")}</link></item>`,
      ),
    );
  });
  // A dangerous <link> but a usable permalink guid: stored under the guid.
  items.push(rssItem({ title: `${CORPUS_TAG} guid fallback`, link: DANGEROUS_LINKS[0], guid: "https://hostile.example/guid-fallback" }));
  // Template and prototype tricks as plain text.
  items.push(
    rssItem({
      title: `${CORPUS_TAG} template {{constructor.constructor('window.${PWNED_MARKER}=20')()}} \${alert(1)}`,
      link: "https://hostile.example/template",
      description: "__proto__ constructor prototype",
    }),
  );
  return rss(items, `<image><url>javascript:window.${PWNED_MARKER}=30</url><title>x</title><link>javascript:alert(1)</link></image>`);
}

function injectionAtom() {
  const payload = MARKUP_PAYLOADS[0];
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<title type="html">${esc(payload)}</title><id>urn:hostile</id><updated>${new Date().toISOString()}</updated>
<link href="javascript:alert(1)"/>
<entry><title type="html">${esc(`${CORPUS_TAG} atom html ${payload}`)}</title><id>https://hostile.example/atom/1</id>
<link href="https://hostile.example/atom/1"/><updated>${new Date().toISOString()}</updated>
<summary type="html">${esc(`Atom ${MARKUP_PAYLOADS[1]} summary`)}</summary></entry>
<entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">${CORPUS_TAG} atom xhtml <script>window.${PWNED_MARKER}=40</script></div></title>
<id>urn:x</id><link href="https://hostile.example/atom/2"/><updated>${new Date().toISOString()}</updated>
<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.${PWNED_MARKER}=41"/>content</div></content></entry>
<entry><title>${CORPUS_TAG} atom bad link</title><id>javascript:alert(1)</id><link href="${esc(DANGEROUS_LINKS[3])}"/>
<updated>${new Date().toISOString()}</updated></entry>
</feed>`;
}

function injectionRdf() {
  return `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://hostile.example/"><title>RDF</title><link>https://hostile.example/</link><description>x</description></channel>
<item rdf:about="https://hostile.example/rdf/1"><title>${esc(`${CORPUS_TAG} rdf ${MARKUP_PAYLOADS[2]}`)}</title>
<link>https://hostile.example/rdf/1</link><description>${esc(MARKUP_PAYLOADS[4])}</description><dc:date>${new Date().toISOString()}</dc:date></item>
<item rdf:about="javascript:alert(1)"><title>${CORPUS_TAG} rdf bad</title><link>javascript:alert(1)</link></item>
</rdf:RDF>`;
}

/** Character references of every awkward kind; the XML stays well-formed. */
function entitiesRss() {
  return rss([
    rssItem(
      {
        title: `${CORPUS_TAG} entities &#x202E;reversed&#x202C; &#x200B;zero-width &#xFEFF;bom &#x1F600; &#169;`,
        link: "https://hostile.example/entities/1",
        description: "&#60;script&#62;window.__pwned=50&#60;/script&#62; &amp;amp; &#x3C;b&#x3E;bold",
      },
      true,
    ),
    rssItem({ title: `${CORPUS_TAG} controls \u0001\u0008\u001b[31m end`, link: "https://hostile.example/entities/2" }),
  ]);
}

/** References XML forbids (NUL, controls, surrogates, beyond Unicode) and an undeclared entity: strict XML refuses the document. */
function invalidEntitiesRss() {
  return rss([rssItem({ title: `${CORPUS_TAG} &#0; &#x1B; &#xD800; &#1114112; &lol;`, link: "https://hostile.example/invalid-entities" }, true)]);
}

/** The billion laughs: ten levels of tenfold entity expansion (a billion "lol"s if expanded). */
function billionLaughs() {
  const levels = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? "" : i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>
<!DOCTYPE rss [
${levels.join("\n")}
]>
${rss([rssItem({ title: `${CORPUS_TAG} laughs &lol9;`, link: "https://hostile.example/laughs", description: "&lol9;" }, true)]).replace(/^<\?xml[^>]*>\n/, "")}`;
}

/** An external entity (XXE) that would read a local file if resolved. */
function externalEntity() {
  return `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${rss([rssItem({ title: `${CORPUS_TAG} xxe &xxe;`, link: "https://hostile.example/xxe", description: "&xxe;" }, true)]).replace(/^<\?xml[^>]*>\n/, "")}`;
}

/** Declared UTF-8 with bytes that are not: Latin-1 letters and stray continuation bytes. */
function brokenEncoding() {
  const text = rss([
    rssItem({
      title: `${CORPUS_TAG} encoding caf\u00e9 r\u00e9sum\u00e9 \u0080\u00ff`,
      link: "https://hostile.example/encoding",
      description: "na\u00efve \u00bf",
    }),
  ]);
  return Buffer.from(text, "latin1");
}

/** Nesting ten thousands of levels deep: inside an item, and as HTML inside a summary. */
function deepXml() {
  const depth = 50_000;
  return rss([`<item><title>${CORPUS_TAG} deep xml</title><link>https://hostile.example/deep-xml</link>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</item>`]);
}

function deepHtmlSummary() {
  const depth = 10_000;
  return rss([
    rssItem(
      {
        title: `${CORPUS_TAG} deep html`,
        link: "https://hostile.example/deep-html",
        description: `<![CDATA[${"<div>".repeat(depth)}deep${"</div>".repeat(depth)}]]>`,
      },
      true,
    ),
  ]);
}

/** 100,000 items in one feed. */
export const MANY_ITEMS = 100_000;
function manyItems() {
  const items: string[] = [];
  for (let i = 0; i < MANY_ITEMS; i++) items.push(`<item><title>${CORPUS_TAG} many ${i}</title><link>https://hostile.example/many/${i}</link></item>`);
  return rss(items);
}

/** One item whose title and summary are megabytes long. */
function hugeFields() {
  const words = "deregulation ".repeat(300_000);
  return rss([rssItem({ title: `${CORPUS_TAG} huge ${words}`, link: "https://hostile.example/huge", description: `${MARKUP_PAYLOADS[0]}${words}` })]);
}

/** Binary noise with an XML declaration in front. */
function binaryNoise() {
  const noise = Buffer.alloc(64 * 1024);
  let seed = 12345;
  for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
  return Buffer.concat([Buffer.from('<?xml version="1.0"?>\n<rss version="2.0"><channel>'), noise]);
}

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

/** A Federal Register-shaped answer whose fields carry payloads and dangerous links. */
function hostileFederalRegister() {
  const doc = (n: number, overrides: Record<string, unknown>) => ({
    document_number: `2099-0${n}`,
    title: `${CORPUS_TAG} federal register ${n}`,
    type: "Rule",
    abstract: "Abstract",
    html_url: `https://hostile.example/fr/${n}`,
    publication_date: new Date().toISOString().slice(0, 10),
    agencies: [{ name: "Agency", raw_name: "AGENCY" }],
    ...overrides,
  });
  return JSON.stringify({
    count: 4,
    total_pages: 1,
    results: [
      doc(1, {
        title: `${CORPUS_TAG} federal register 1 ${MARKUP_PAYLOADS[0]}`,
        abstract: MARKUP_PAYLOADS[1],
        agencies: [{ name: MARKUP_PAYLOADS[2], raw_name: MARKUP_PAYLOADS[3] }],
      }),
      doc(2, { html_url: DANGEROUS_LINKS[0] }),
      doc(3, { html_url: DANGEROUS_LINKS[3] }),
      doc(4, { html_url: "//hostile.example/fr/protocol-relative" }),
    ],
  });
}

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
