// Bookmarks and views belong to the visitor: two visitors never see each other's bookmarks, and one visitor
// counts once per article per day.
import { beforeAll, describe, expect, it } from "vitest";
import { listArticles } from "~/feed/queries.server";
import { recordView } from "~/articles/store/views.server";
import { loader as articlesLoader } from "~/routes/api.articles";
import { action as bookmarkAction } from "~/routes/api.articles.$id.bookmark";
import { action as viewAction } from "~/routes/api.articles.$id.view";
import { loader as openLoader } from "~/routes/articles.$id.open";
import { loader as locateLoader } from "~/routes/articles.$id.locate";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";

const ORIGIN = "http://localhost";
let first: number;
let second: number;

const call = callRoute;

let visitors = 0;

/** A browser-like visitor at its own address: keeps the visitor cookie the server sets (unless told to drop it). */
function visitor({ address = `10.20.0.${++visitors}`, keepsCookie = true } = {}) {
  let cookie = "";
  const remember = (response: Response) => {
    const set = response.headers.get("Set-Cookie");
    if (set && keepsCookie) cookie = set.split(";")[0];
    return response;
  };
  const headers = (extra: Record<string, string> = {}) => ({ Origin: ORIGIN, "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}), ...extra });
  return {
    bookmark: async (id: number) =>
      remember(await call(bookmarkAction, `/api/articles/${id}/bookmark`, { method: "PATCH", headers: headers() }, { id: String(id) })),
    view: async (id: number) => remember(await call(viewAction, `/api/articles/${id}/view`, { method: "PATCH", headers: headers() }, { id: String(id) })),
    open: async (id: number) => remember(await call(openLoader, `/articles/${id}/open`, { headers: headers() }, { id: String(id) })),
    saved: async () => (await (await call(articlesLoader, "/api/articles?saved=true", { headers: headers() })).json()) as { id: number }[],
    list: async () =>
      (await (await call(articlesLoader, "/api/articles", { headers: headers() })).json()) as { id: number; isBookmarked: boolean; views: number }[],
  };
}

beforeAll(async () => {
  first = await addArticle({ title: "First article about pipelines", originalUrl: "https://example.gov/first" });
  second = await addArticle({ title: "Second article about railways", originalUrl: "https://example.gov/second" });
});

describe("bookmarks", () => {
  it("toggle per visitor, and the Saved filter shows only the caller's", async () => {
    const alice = visitor();
    const bob = visitor();
    const added = await alice.bookmark(first);
    expect(added.status).toBe(200);
    expect(added.headers.get("Set-Cookie")).toMatch(/^visitor=/);
    expect(await added.json()).toMatchObject({ id: first, isBookmarked: true });

    expect((await alice.saved()).map((a) => a.id)).toEqual([first]);
    expect(await bob.saved()).toEqual([]);
    await bob.bookmark(second);
    expect((await bob.saved()).map((a) => a.id)).toEqual([second]);
    expect((await alice.saved()).map((a) => a.id)).toEqual([first]);
    const aliceView = await alice.list();
    expect(aliceView.find((a) => a.id === first)?.isBookmarked).toBe(true);
    expect(aliceView.find((a) => a.id === second)?.isBookmarked).toBe(false);

    const removed = await alice.bookmark(first);
    expect(await removed.json()).toMatchObject({ id: first, isBookmarked: false });
    expect(await alice.saved()).toEqual([]);
    expect((await bob.saved()).map((a) => a.id)).toEqual([second]);
  });

  it("without JavaScript a POST toggles and returns to the page, never to another site", async () => {
    const form = (returnTo: string) => {
      const body = new URLSearchParams({ returnTo });
      return { method: "POST", body, headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" } };
    };
    const back = await call(bookmarkAction, `/api/articles/${first}/bookmark`, form("/?page=2"), { id: String(first) });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(`/?page=2#article-${first}`);
    const offsite = await call(bookmarkAction, `/api/articles/${first}/bookmark`, form("//evil.example/"), { id: String(first) });
    expect(offsite.headers.get("Location")).toBe(`/#article-${first}`);
  });

  it("refuses cross-site requests and unknown articles", async () => {
    const cross = await call(
      bookmarkAction,
      `/api/articles/${first}/bookmark`,
      { method: "PATCH", headers: { Origin: "https://evil.example" } },
      { id: String(first) },
    );
    expect(cross.status).toBe(403);
    const missing = await call(bookmarkAction, "/api/articles/999999/bookmark", { method: "PATCH", headers: { Origin: ORIGIN } }, { id: "999999" });
    expect(missing.status).toBe(404);
    const bad = await call(bookmarkAction, "/api/articles/abc/bookmark", { method: "PATCH", headers: { Origin: ORIGIN } }, { id: "abc" });
    expect(bad.status).toBe(404);
  });
});

describe("views", () => {
  const viewsOf = async (id: number) => (await visitor().list()).find((a) => a.id === id)!.views;

  it("count once per visitor per article per day, through PATCH and the redirect", async () => {
    const alice = visitor();
    const bob = visitor();
    const before = await viewsOf(second);
    const counted = await alice.view(second);
    expect(await counted.json()).toMatchObject({ id: second, views: before + 1 });
    await alice.view(second);
    const redirect = await alice.open(second);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("https://example.gov/second");
    expect(await viewsOf(second)).toBe(before + 1);
    await bob.open(second);
    await bob.view(second);
    expect(await viewsOf(second)).toBe(before + 2);
  });

  it("count once per address per day for a caller that drops its cookie", async () => {
    const id = await addArticle({ originalUrl: "https://example.gov/cookieless" });
    const before = await viewsOf(id);
    const dropper = visitor({ address: "10.21.0.1", keepsCookie: false });
    for (let i = 0; i < 5; i++) await dropper.view(id);
    await dropper.open(id);
    expect(await viewsOf(id)).toBe(before + 1);
    const neighbour = visitor({ address: "10.21.0.2", keepsCookie: false });
    await neighbour.open(id);
    expect(await viewsOf(id)).toBe(before + 2);
  });

  it("count again on the next day", async () => {
    const id = await addArticle();
    const day = new Date("2025-03-10T15:00:00Z");
    expect(await recordView("visitor-a", id, day)).toBe(true);
    expect(await recordView("visitor-a", id, new Date("2025-03-10T23:00:00Z"))).toBe(false);
    expect(await recordView("visitor-a", id, new Date("2025-03-11T15:00:00Z"))).toBe(true);
    expect((await listArticles({ timeframe: "all" })).find((a) => a.id === id)?.views).toBe(2);
  });
});

describe("locating an article in the feed", () => {
  it("redirects to the page and anchor that show it, keeping filters that include it", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push(await addArticle({ title: `Locate ${i}`, publishDate: new Date(Date.UTC(2030, 0, 1) - i * 60_000) }));
    const oldest = ids[13];
    const response = await call(locateLoader, `/articles/${oldest}/locate`, {}, { id: String(oldest) });
    expect(response.headers.get("Location")).toBe(`/?page=2#article-${oldest}`);
    const filtered = await call(locateLoader, `/articles/${oldest}/locate?q=locate`, {}, { id: String(oldest) });
    expect(filtered.headers.get("Location")).toBe(`/?q=locate&page=2#article-${oldest}`);
    const excluded = await call(locateLoader, `/articles/${oldest}/locate?q=pipelines`, {}, { id: String(oldest) });
    expect(excluded.headers.get("Location")).toBe(`/?page=2#article-${oldest}`);
  });
});
