// A stand-in for the Federal Register API v1 documents.json: date-range conditions, paging with
// next_page_url, per_page up to 1000, and the real API's cap of 10,000 results per query (count included).
import type http from "node:http";
import type { FederalRegisterDocument } from "~/ingest/federal-register";
import type { Route } from "./http-server";

export const RESULT_CAP = 10_000;

/** `perDay` documents for each of `days` days ending on `lastDay`, with titles (and abstracts) taken from `samples`. */
export function generateDocuments(options: {
  days: number;
  perDay: number;
  lastDay: string;
  samples: { title: string; abstract?: string | null }[];
  prefix?: string;
}) {
  const docs: FederalRegisterDocument[] = [];
  const last = Date.parse(`${options.lastDay}T00:00:00Z`);
  let n = 0;
  for (let d = 0; d < options.days; d++) {
    const day = new Date(last - d * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < options.perDay; i++, n++) {
      const number = `${options.prefix ?? "T"}${String(n).padStart(7, "0")}`;
      docs.push({
        document_number: number,
        title: options.samples[n % options.samples.length].title,
        abstract: options.samples[n % options.samples.length].abstract ?? null,
        html_url: `https://www.federalregister.gov/documents/${day.replaceAll("-", "/")}/${number}/document`,
        publication_date: day,
        type: n % 7 === 0 ? "Rule" : "Notice",
        agencies: [{ name: "Environmental Protection Agency" }],
        significant: n % 50 === 0,
      });
    }
  }
  return docs;
}

/**
 * The documents.json route over `docs` (newest first), honouring publication_date gte/lte, per_page and page.
 * `onRequest` sees each request and the documents its answer holds.
 */
export function federalRegisterRoute(docs: FederalRegisterDocument[], onRequest?: (url: URL, results: FederalRegisterDocument[]) => void): Route {
  const sorted = [...docs].sort((a, b) => b.publication_date.localeCompare(a.publication_date));
  return (request: http.IncomingMessage, response: http.ServerResponse, origin: string) => {
    const url = new URL(request.url ?? "/", origin);
    const gte = url.searchParams.get("conditions[publication_date][gte]");
    const lte = url.searchParams.get("conditions[publication_date][lte]");
    const perPage = Math.min(1000, Number(url.searchParams.get("per_page") ?? 20));
    const page = Number(url.searchParams.get("page") ?? 1);
    const matching = sorted.filter((d) => (!gte || d.publication_date >= gte) && (!lte || d.publication_date <= lte));
    const reachable = matching.slice(0, RESULT_CAP);
    const results = reachable.slice((page - 1) * perPage, page * perPage);
    onRequest?.(url, results);
    const next = new URL(url);
    next.searchParams.set("page", String(page + 1));
    const body = JSON.stringify({
      count: reachable.length,
      total_pages: Math.ceil(reachable.length / perPage),
      ...(page * perPage < reachable.length ? { next_page_url: next.toString() } : {}),
      results,
    });
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    response.end(body);
  };
}
