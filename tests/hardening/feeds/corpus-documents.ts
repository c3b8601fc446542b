// The documents of the hostile feed corpus (tests/hardening/feeds/corpus.ts): script payloads in every field of RSS,
// Atom, RSS 1.0 (RDF) and Federal Register JSON; character references of every awkward kind; XML entity tricks
// (billion laughs, XXE); a broken encoding; absurd nesting, item counts and field sizes; binary noise.
import { CORPUS_TAG, DANGEROUS_LINKS, MARKUP_PAYLOADS, PWNED_MARKER, esc, rss, rssItem } from "./corpus-payloads";

/** RSS whose every text field carries a payload: escaped, double-escaped, in CDATA; links with bad schemes. */
export function injectionRss() {
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

export function injectionAtom() {
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

export function injectionRdf() {
  return `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://hostile.example/"><title>RDF</title><link>https://hostile.example/</link><description>x</description></channel>
<item rdf:about="https://hostile.example/rdf/1"><title>${esc(`${CORPUS_TAG} rdf ${MARKUP_PAYLOADS[2]}`)}</title>
<link>https://hostile.example/rdf/1</link><description>${esc(MARKUP_PAYLOADS[4])}</description><dc:date>${new Date().toISOString()}</dc:date></item>
<item rdf:about="javascript:alert(1)"><title>${CORPUS_TAG} rdf bad</title><link>javascript:alert(1)</link></item>
</rdf:RDF>`;
}

/** Character references of every awkward kind; the XML stays well-formed. */
export function entitiesRss() {
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
export function invalidEntitiesRss() {
  return rss([rssItem({ title: `${CORPUS_TAG} &#0; &#x1B; &#xD800; &#1114112; &lol;`, link: "https://hostile.example/invalid-entities" }, true)]);
}

/** The billion laughs: ten levels of tenfold entity expansion (a billion "lol"s if expanded). */
export function billionLaughs() {
  const levels = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? "" : i - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>
<!DOCTYPE rss [
${levels.join("\n")}
]>
${rss([rssItem({ title: `${CORPUS_TAG} laughs &lol9;`, link: "https://hostile.example/laughs", description: "&lol9;" }, true)]).replace(/^<\?xml[^>]*>\n/, "")}`;
}

/** An external entity (XXE) that would read a local file if resolved. */
export function externalEntity() {
  return `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
${rss([rssItem({ title: `${CORPUS_TAG} xxe &xxe;`, link: "https://hostile.example/xxe", description: "&xxe;" }, true)]).replace(/^<\?xml[^>]*>\n/, "")}`;
}

/** Declared UTF-8 with bytes that are not: Latin-1 letters and stray continuation bytes. */
export function brokenEncoding() {
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
export function deepXml() {
  const depth = 50_000;
  return rss([`<item><title>${CORPUS_TAG} deep xml</title><link>https://hostile.example/deep-xml</link>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</item>`]);
}

export function deepHtmlSummary() {
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
export function manyItems() {
  const items: string[] = [];
  for (let i = 0; i < MANY_ITEMS; i++) items.push(`<item><title>${CORPUS_TAG} many ${i}</title><link>https://hostile.example/many/${i}</link></item>`);
  return rss(items);
}

/** One item whose title and summary are megabytes long. */
export function hugeFields() {
  const words = "deregulation ".repeat(300_000);
  return rss([rssItem({ title: `${CORPUS_TAG} huge ${words}`, link: "https://hostile.example/huge", description: `${MARKUP_PAYLOADS[0]}${words}` })]);
}

/** Binary noise with an XML declaration in front. */
export function binaryNoise() {
  const noise = Buffer.alloc(64 * 1024);
  let seed = 12345;
  for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
  return Buffer.concat([Buffer.from('<?xml version="1.0"?>\n<rss version="2.0"><channel>'), noise]);
}

/** A Federal Register-shaped answer whose fields carry payloads and dangerous links. */
export function hostileFederalRegister() {
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
