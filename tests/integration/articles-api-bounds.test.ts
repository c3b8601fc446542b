// The list API's work per request is bounded: without `limit` it answers the newest 1,000 matches.
import { beforeAll, expect, it } from "vitest";
import { API_MAX_LIMIT } from "~/articles/api-query.server";
import { db } from "~/db.server";
import { loader as articlesLoader } from "~/routes/api.articles";
import { addArticle } from "../support/articles";
import { withContext } from "../support/load-context";

const TOTAL = API_MAX_LIMIT + 5;

beforeAll(() => {
  db().transaction(() => {
    for (let i = 0; i < TOTAL; i++) addArticle({ title: `Notice ${i}`, publishDate: new Date(Date.UTC(2025, 0, 1) + i * 60_000) });
  });
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
