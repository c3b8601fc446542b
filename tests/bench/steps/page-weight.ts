// Page weight: the bytes a first visit to a page transfers (document, styles, scripts, icon),
// compressed as the server sends them to a browser that accepts gzip and brotli.
import http from "node:http";
import zlib from "node:zlib";
import type { BenchStep, Ratio } from "../types";

type Transfer = { url: string; status: number; wireBytes: number; encoding: string };

function fetchRaw(url: string): Promise<Transfer & { body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip, deflate, br", accept: "*/*" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            url,
            status: response.statusCode ?? 0,
            wireBytes: body.length,
            encoding: String(response.headers["content-encoding"] ?? "identity"),
            body,
          });
        });
      })
      .on("error", reject);
  });
}

/** Every asset the document makes the browser load: stylesheets, module scripts and preloads, the icons. */
export function assetUrls(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*>/g)) {
    if (/\brel="(stylesheet|modulepreload|icon|preload)"/.test(match[0])) found.add(match[1]);
  }
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(match[1]);
  // The icon sprite the page's <svg><use> elements draw from.
  for (const match of html.matchAll(/<use\b[^>]*\bhref="([^"#]+)#/g)) found.add(match[1]);
  // Remix imports the entry and route modules from an inline module script.
  for (const match of html.matchAll(/import[^"']*["'](\/build\/[^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

export async function measurePageWeight(baseUrl: string, path: string) {
  const document = await fetchRaw(baseUrl + path);
  const text = (
    document.encoding === "gzip" ? zlib.gunzipSync(document.body) : document.encoding === "br" ? zlib.brotliDecompressSync(document.body) : document.body
  ).toString("utf8");
  const assets = await Promise.all(assetUrls(text).map((asset) => fetchRaw(new URL(asset, baseUrl).toString())));
  const transfers: Transfer[] = [document, ...assets].map(({ url, status, wireBytes, encoding }) => ({
    url: url.replace(baseUrl, ""),
    status,
    wireBytes,
    encoding,
  }));
  const totalBytes = transfers.reduce((sum, transfer) => sum + transfer.wireBytes, 0);
  // What the server renders per request besides the content: style attributes and inline SVG elements.
  const styleAttributes = (text.match(/<[^>]*\sstyle="/g) ?? []).length;
  const inlineSvgs = (text.match(/<svg\b/g) ?? []).length;
  return { path, totalBytes, documentBytes: document.wireBytes, documentUncompressedBytes: Buffer.byteLength(text), styleAttributes, inlineSvgs, transfers };
}

export const PAGE_WEIGHT_LIMIT = 150 * 1024;

export const pageWeightStep: BenchStep = {
  name: "page-weight",
  async run(context) {
    const pages = [];
    const ratios: Ratio[] = [];
    for (const path of ["/", "/about"]) {
      const weight = await measurePageWeight(context.servers.large.url, path);
      pages.push(weight);
      ratios.push({
        name: `first load of ${path}, KB transferred (compressed)`,
        value: weight.totalBytes / 1024,
        target: "<= 150",
        met: weight.totalBytes <= PAGE_WEIGHT_LIMIT,
        detail: `${weight.transfers.length} requests; document ${(weight.documentBytes / 1024).toFixed(1)} KB (${(weight.documentUncompressedBytes / 1024).toFixed(1)} KB uncompressed, ${weight.styleAttributes} style attributes, ${weight.inlineSvgs} svg elements)`,
      });
    }
    return { figures: { pageWeight: pages }, ratios };
  },
};
