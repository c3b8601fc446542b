// A NUL byte in a public read's filters, through the production build on loopback. PostgreSQL refuses NUL in
// text, so these answered 500 there (200 on SQLite) and /export.csv dropped the connection: `npm test` runs this
// file on SQLite and `npm run test:postgres` on PostgreSQL (docs/security.md, fourth attack round).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addArticle } from "../support/articles";
import type { ProductionServer } from "../support/prod-server";
import { nextClientAddress } from "./fixtures";
import { serveTestDatabase } from "./harness";

let server: ProductionServer;

beforeAll(async () => {
  await addArticle({ title: "EPA withdraws a reporting rule", agencies: ["Environmental Protection Agency"] });
  server = await serveTestDatabase("nulReads");
});
afterAll(async () => {
  await server?.stop();
});

type Read = { status: number; type: string; body: string };

/** The whole answer, read to its end (a connection dropped mid-answer rejects), after the feed's redirect to its tidy address. */
async function read(path: string): Promise<Read> {
  const first = await readOnce(path);
  if (first.status === 302 && first.location?.startsWith("/")) return readOnce(first.location);
  // A data request is sent its redirect as a 204 with X-Remix-Redirect; the client asks for the new address's data.
  if (first.status === 204 && first.location?.startsWith("/")) {
    const next = new URL(first.location, server.url);
    next.searchParams.set("_data", new URL(path, server.url).searchParams.get("_data")!);
    return readOnce(next.pathname + next.search);
  }
  return first;
}

function readOnce(path: string): Promise<Read & { location?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent: false, headers: { "X-Forwarded-For": nextClientAddress() } }, (response) => {
        const location = response.headers.location ?? (response.headers["x-remix-redirect"] as string | undefined);
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, type: String(response.headers["content-type"]), body: Buffer.concat(chunks).toString("utf8"), location }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

describe("a NUL in a public read's filters", () => {
  it.each([
    ["/?agency=%00", "text/html"],
    ["/?agency=a%00b", "text/html"],
    ["/?q=%00emission", "text/html"],
    ["/?agency=%00&_data=routes%2F_index", "application/json"],
    ["/feed.json?agency=%00", "application/feed+json"],
    ["/feed.atom?agency=%00", "application/atom+xml"],
    ["/comment-periods?agency=%00", "text/html"],
  ])("GET %s answers 200 with the view, the bad filter left out", async (path, type) => {
    const answer = await read(path);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain(type);
    expect(answer.body).not.toContain("\u0000");
  });

  it("GET /export.csv?agency=%00 sends the whole file", async () => {
    const answer = await read("/export.csv?agency=%00");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("EPA withdraws a reporting rule");
  });

  it.each(["/api/articles?agency=%00", "/api/articles?search=%00", "/api/articles/facets?docket=%00"])("GET %s is a 400 naming the parameter", async (path) => {
    const answer = await read(path);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/^Invalid '(agency|search|docket)' parameter/);
  });

  it("logs no error", () => {
    expect(server.alarmingLines).toEqual([]);
  });
});
