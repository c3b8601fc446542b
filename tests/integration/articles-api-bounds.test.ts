// The list API's work per request is bounded: without `limit` it answers the newest 1,000 matches; the
// X-Total-Count and Link headers tell a client how many match and where the next page is.
import { beforeAll, expect, it } from "vitest";
import { API_MAX_LIMIT } from "~/feed/api-query.server";
import { insertArticles } from "~/ingest/insert.server";
import { loader as articlesLoader } from "~/routes/api.articles";
import { makeArticle } from "../support/articles";
import { withContext } from "../support/load-context";

const TOTAL = API_MAX_LIMIT + 5;

beforeAll(async () => {
  await insertArticles(
    Array.from({ length: TOTAL }, (_, i) => makeArticle({ title: `Notice ${i}`, publishDate: new Date(Date.UTC(2025, 0, 1) + i * 60_000) })),
  );
});

async function list(query: string) {
  const response = await articlesLoader(withContext(new Request(`http://localhost/api/articles${query}`)));
  expect(response.status).toBe(200);
  return (await response.json()) as { title: string }[];
}

it("answers the newest 1,000 articles when no limit is given", async () => {
  const articles = await list("");
  expect(articles).toHaveLength(API_MAX_LIMIT);
  expect(articles[0].title).toBe(`Notice ${TOTAL - 1}`);
});

it("reads the rest with offset", async () => {
  const rest = await list(`?offset=${API_MAX_LIMIT}`);
  expect(rest.map((a) => a.title)).toEqual(["Notice 4", "Notice 3", "Notice 2", "Notice 1", "Notice 0"]);
});

async function answer(query: string, headers: Record<string, string> = {}) {
  return articlesLoader(withContext(new Request(`http://localhost/api/articles${query}`, { headers })));
}

it("says how many match and links to the next page, keeping the other parameters", async () => {
  const first = await answer("?limit=400&timeframe=all");
  expect(first.headers.get("X-Total-Count")).toBe(String(TOTAL));
  expect(first.headers.get("Link")).toBe('</api/articles?limit=400&timeframe=all&offset=400>; rel="next"');
  const second = await answer("?limit=400&timeframe=all&offset=400");
  expect(second.headers.get("Link")).toBe('</api/articles?limit=400&timeframe=all&offset=800>; rel="next"');
  const last = await answer("?limit=400&timeframe=all&offset=800");
  expect(last.headers.get("X-Total-Count")).toBe(String(TOTAL));
  expect(last.headers.get("Link")).toBeNull();
  expect(await last.json()).toHaveLength(TOTAL - 800);
});

it("follows Link to the end, reading every article once", async () => {
  const seen = new Set<number>();
  let next: string | null = "/api/articles?limit=300";
  while (next) {
    const response: Response = await articlesLoader(withContext(new Request(`http://localhost${next}`)));
    for (const article of (await response.json()) as { id: number }[]) seen.add(article.id);
    next = response.headers.get("Link")?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
  }
  expect(seen.size).toBe(TOTAL);
});

it("counts the matches of a filter, and past the end there is no next page", async () => {
  const matches = ((await (await answer("?search=Notice%20100")).json()) as unknown[]).length;
  expect(matches).toBeGreaterThan(1);
  expect(matches).toBeLessThan(TOTAL);
  const filtered = await answer("?search=Notice%20100&limit=1");
  expect(filtered.headers.get("X-Total-Count")).toBe(String(matches));
  expect(filtered.headers.get("Link")).toBe('</api/articles?search=Notice+100&limit=1&offset=1>; rel="next"');
  const beyond = await answer(`?offset=${TOTAL + 10}`);
  expect(await beyond.json()).toEqual([]);
  expect(beyond.headers.get("X-Total-Count")).toBe(String(TOTAL));
  expect(beyond.headers.get("Link")).toBeNull();
});

it("answers 304 to If-None-Match: * (the list exists), and to its own ETag", async () => {
  const star = await answer("?limit=5", { "If-None-Match": "*" });
  expect(star.status).toBe(304);
  expect(await star.text()).toBe("");
  const etag = (await answer("?limit=5")).headers.get("ETag")!;
  expect((await answer("?limit=5", { "If-None-Match": `"other", ${etag}` })).status).toBe(304);
  expect((await answer("?limit=5", { "If-None-Match": '"other"' })).status).toBe(200);
});
