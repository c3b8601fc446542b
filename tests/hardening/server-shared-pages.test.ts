// The pages every reader shares (server.ts with the shared page cache, app/http/shared-page-cache.server.ts; docs/
// decisions/013), over real HTTP against the production build on the demo data: the feed page one document, ETag and
// nonce for every reader, sent with brotli, revalidated (304), moved to a new revision by a new article, rendered
// whole for a HEAD; the Saved view and a page with a toast kept to the reader alone; an article's page, its related
// articles, comment periods, About and the API page shared the same way; `/api/articles` answered once per URL and
// revision to readers without a visitor cookie.
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePath } from "~/articles/article-page";
import { db, t } from "~/db.server";
import { addArticle } from "../support/articles";
import { waitFor } from "../support/wait";
import type { ProductionServer } from "../support/prod-server";
import { hardeningPort } from "./harness";
import { rawRequest, serveDemoData, type RawAnswer } from "./server-support";

const FILE = "serverSharedPages";
const PORT = hardeningPort(FILE);

/** The `name=value` of a cookie an answer sets. */
function cookieOf(answer: RawAnswer, name: string) {
  return ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
}

const SAME_ORIGIN = `http://127.0.0.1:${PORT}`;

describe("the server on the demo data", () => {
  let server: ProductionServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await serveDemoData(FILE, tokens);
  });

  afterAll(() => server?.stop());

  describe("the feed page every reader shares (docs/decisions/013)", () => {
    const nonceOf = (answer: RawAnswer) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

    it("is the same document, ETag and nonce for a stranger and for a visitor with bookmarks", async () => {
      const [first] = db()
        .select({ id: t.articles.id })
        .from(t.articles)
        .orderBy(sql`publish_date DESC`)
        .limit(1)
        .all();
      const saved = await rawRequest(`${server.url}/api/articles/${first.id}/bookmark`, { method: "PATCH", headers: { Origin: SAME_ORIGIN } });
      expect(saved.status).toBe(200);
      const visitor = cookieOf(saved, "visitor")!;
      expect(visitor).toBeTruthy();

      const stranger = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity" } });
      const reader = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity", Cookie: visitor } });
      expect(stranger.status).toBe(200);
      expect(reader.body.equals(stranger.body)).toBe(true);
      expect(reader.headers.etag).toBe(stranger.headers.etag);
      expect(stranger.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(stranger.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(stranger.headers["set-cookie"]).toBeUndefined();
      // The nonce of the policy is the one on the page's scripts.
      const nonce = nonceOf(stranger)!;
      expect(stranger.body.toString()).toContain(`nonce="${nonce}"`);

      // What the page cannot carry comes from the feed state request.
      const own = JSON.parse((await rawRequest(`${server.url}/api/feed-state?ids=${first.id}`, { headers: { Cookie: visitor } })).body.toString());
      expect(own.bookmarked).toEqual([first.id]);
      const strangers = JSON.parse((await rawRequest(`${server.url}/api/feed-state?ids=${first.id}`)).body.toString());
      expect(strangers.bookmarked).toEqual([]);
      expect(typeof strangers.views[first.id]).toBe("number");
    });

    it("is sent with brotli to a browser that lists gzip first, as Chromium does", async () => {
      const page = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
      expect(page.status).toBe(200);
      expect(page.headers["content-encoding"]).toBe("br");
      expect(zlib.brotliDecompressSync(page.body).toString()).toContain("</html>");
      const gzipOnly = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "gzip" } });
      expect(gzipOnly.headers["content-encoding"]).toBe("gzip");
    });

    it("answers 304 to a reader who holds the page, with the policy that page was served with", async () => {
      const page = await rawRequest(server.url + "/?category=legal-decisions");
      const again = await rawRequest(server.url + "/?category=legal-decisions", { headers: { "If-None-Match": page.headers.etag as string } });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(page.headers.etag);
      expect(nonceOf(again)).toBe(nonceOf(page));
      const other = await rawRequest(server.url + "/?category=legislative-action", { headers: { "If-None-Match": page.headers.etag as string } });
      expect(other.status).toBe(200);
    });

    it("changes its ETag, nonce and content when an article is added", async () => {
      const before = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity" } });
      await addArticle({ title: "Shared page revision probe", publishDate: new Date() });
      const after = await rawRequest(server.url + "/", { headers: { "Accept-Encoding": "identity", "If-None-Match": before.headers.etag as string } });
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(nonceOf(after)).not.toBe(nonceOf(before));
      expect(after.body.toString()).toContain("Shared page revision probe");
    });

    it("answers a stored copy before Express with the bytes, headers and log line of the full path, and a new article at once", async () => {
      // Headers that belong to the connection or the moment, not the page.
      const pageHeaders = (answer: RawAnswer) => {
        const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = answer.headers;
        return rest;
      };
      const browser = { "Accept-Encoding": "gzip, deflate, br, zstd" };
      for (const path of ["/", "/about"]) {
        await addArticle({ title: `Shared copy fast path probe ${path}`, publishDate: new Date() });
        // The first request after a new revision renders through Express (server.ts); the ones after it are
        // answered from the stored copy before Express runs (docs/decisions/051).
        const logged = server.output.length;
        const full = await rawRequest(server.url + path, { headers: browser });
        expect(full.status).toBe(200);
        if (path === "/") expect(zlib.brotliDecompressSync(full.body).toString()).toContain("Shared copy fast path probe /");
        // The page asked again: its brotli copy made once more with care (app/http/shared-page-cache.server.ts), the
        // same page and headers but its length, and from then on the same bytes.
        const stored = await rawRequest(server.url + path, { headers: browser });
        expect(stored.status).toBe(200);
        expect(zlib.brotliDecompressSync(stored.body).equals(zlib.brotliDecompressSync(full.body))).toBe(true);
        expect(stored.body.length).toBeLessThanOrEqual(full.body.length);
        expect(Number(stored.headers["content-length"])).toBe(stored.body.length);
        const { "content-length": _length, ...sameHeaders } = pageHeaders(full);
        expect(pageHeaders(stored)).toMatchObject(sameHeaders);
        const again = await rawRequest(server.url + path, { headers: browser });
        expect(again.body.equals(stored.body)).toBe(true);
        expect(pageHeaders(again)).toEqual(pageHeaders(stored));
        const gzip = await rawRequest(server.url + path, { headers: { "Accept-Encoding": "gzip" } });
        expect(gzip.headers["content-encoding"]).toBe("gzip");
        expect(zlib.gunzipSync(gzip.body).equals(zlib.brotliDecompressSync(full.body))).toBe(true);
        const head = await rawRequest(server.url + path, { method: "HEAD", headers: browser });
        expect(pageHeaders(head)).toEqual(pageHeaders(stored));
        const unchanged = await rawRequest(server.url + path, { headers: { ...browser, "If-None-Match": full.headers.etag as string } });
        expect(unchanged.status).toBe(304);
        expect(unchanged.headers["content-security-policy"]).toBe(full.headers["content-security-policy"]);
        expect(unchanged.headers["x-content-type-options"]).toBe("nosniff");
        // Each answer is logged as the request logger logs it. The lines reach this process after the answers, so
        // only About, which no earlier test asks for, is counted: late lines of `/` from earlier tests may still come.
        if (path === "/about") {
          const requestLines = () => server.output.slice(logged).filter((line) => line.includes('"msg":"request"') && line.includes('"url":"/about"'));
          const lines = await waitFor(() => (requestLines().length >= 6 ? requestLines() : null), "six request log lines");
          expect(lines.map((line) => (JSON.parse(line) as { status: number }).status)).toEqual([200, 200, 200, 200, 200, 304]);
          const [rendered, answered] = lines.map((line) => JSON.parse(line) as { method: string; client: string });
          expect(answered).toMatchObject({ method: "GET", client: rendered.client });
        }

        // A new article: the very next request is answered fresh, never the stored copy.
        await addArticle({ title: `Shared copy freshness probe ${path}`, publishDate: new Date() });
        const next = await rawRequest(server.url + path, { headers: { ...browser, "If-None-Match": full.headers.etag as string } });
        expect(next.status).toBe(200);
        expect(next.headers.etag).not.toBe(full.headers.etag);
        if (path === "/") expect(zlib.brotliDecompressSync(next.body).toString()).toContain("Shared copy freshness probe /");
      }
    });

    it("renders a whole page for a HEAD that comes first, and serves it whole to the GET after it", async () => {
      const head = await rawRequest(server.url + "/?priority=low", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      const get = await rawRequest(server.url + "/?priority=low", { headers: { "Accept-Encoding": "identity" } });
      expect(get.headers.etag).toBe(head.headers.etag);
      expect(get.body.toString()).toContain("</html>");
    });

    it("keeps the Saved view and a page showing a toast to the reader alone", async () => {
      const [article] = db()
        .select({ id: t.articles.id })
        .from(t.articles)
        .orderBy(sql`publish_date DESC`)
        .limit(1)
        .offset(3)
        .all();
      const form = new URLSearchParams({ returnTo: "/", bookmarked: "true" }).toString();
      const posted = await rawRequest(
        `${server.url}/api/articles/${article.id}/bookmark`,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN },
        },
        form,
      );
      expect(posted.status).toBe(302);
      const cookies = [cookieOf(posted, "visitor"), cookieOf(posted, "flash")];
      expect(cookies.every(Boolean)).toBe(true);
      const withToast = await rawRequest(server.url + "/", { headers: { Cookie: cookies.join("; "), "Accept-Encoding": "identity" } });
      expect(withToast.headers.etag).toBeUndefined();
      expect(withToast.headers["cache-control"]).toBe("no-store");
      expect(withToast.body.toString()).toContain("Article saved");
      // Posting the same state again changes nothing: a form names the state it wants.
      await rawRequest(
        `${server.url}/api/articles/${article.id}/bookmark`,
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN, Cookie: cookies[0]! },
        },
        form,
      );
      const savedView = await rawRequest(server.url + "/?saved=1", { headers: { Cookie: cookies[0]!, "Accept-Encoding": "identity" } });
      expect(savedView.headers.etag).toBeUndefined();
      expect(savedView.headers["cache-control"]).toMatch(/no-store/);
      expect(savedView.body.toString()).toContain(`id="article-${article.id}"`);
      expect(savedView.body.toString()).toContain("Showing 1–1 of 1");
    });
  });

  describe("the API's answers every anonymous reader shares (docs/decisions/056)", () => {
    type ApiArticle = { id: number; title: string; views: number; isBookmarked: boolean };
    const list = (answer: RawAnswer) => JSON.parse(answer.body.toString()) as ApiArticle[];

    it("is one answer per URL and revision for readers without a visitor cookie; a visitor's own is made for them", async () => {
      const url = `${server.url}/api/articles?limit=30`;
      const [first, second] = await Promise.all([rawRequest(url), rawRequest(url)]);
      expect(first.status).toBe(200);
      expect(first.headers["content-encoding"]).toBeUndefined();
      expect(second.body.equals(first.body)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(first.headers["x-total-count"]).toMatch(/^\d+$/);
      expect(first.headers.link).toContain("offset=30");
      expect(first.headers["cache-control"]).toBe("private, max-age=0, must-revalidate");
      const [top] = list(first);

      // A visitor's answer is theirs: their bookmark, and the view just counted, which the shared answer does not
      // have until the content moves or a minute passes (as on the shared pages): proof that it was kept, not made again.
      const viewed = await rawRequest(`${server.url}/api/articles/${top.id}/view`, { method: "PATCH", headers: { Origin: SAME_ORIGIN } });
      expect(viewed.status).toBe(200);
      const visitor = cookieOf(viewed, "visitor")!;
      expect(
        (await rawRequest(`${server.url}/api/articles/${top.id}/bookmark`, { method: "PATCH", headers: { Origin: SAME_ORIGIN, Cookie: visitor } })).status,
      ).toBe(200);
      const own = list(await rawRequest(url, { headers: { Cookie: visitor } }))[0];
      expect(own).toMatchObject({ id: top.id, views: top.views + 1, isBookmarked: true });
      const shared = await rawRequest(url);
      expect(shared.body.equals(first.body)).toBe(true);
      expect(list(shared)[0]).toMatchObject({ id: top.id, views: top.views, isBookmarked: false });

      // Compressed once, in both encodings, with the same ETag; a reader holding it gets a 304.
      const br = await rawRequest(url, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-length"]).toBe(String(br.body.length));
      expect(zlib.brotliDecompressSync(br.body).equals(first.body)).toBe(true);
      const gzip = await rawRequest(url, { headers: { "Accept-Encoding": "gzip" } });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gzip.body).equals(first.body)).toBe(true);
      expect([br.headers.etag, gzip.headers.etag]).toEqual([first.headers.etag, first.headers.etag]);
      const held = await rawRequest(url, { headers: { "If-None-Match": first.headers.etag as string, "Accept-Encoding": "br" } });
      expect(held.status).toBe(304);
      expect(held.headers["content-encoding"]).toBeUndefined();

      // A new article is a new revision: the next answer has it.
      await addArticle({ title: "Shared API answer revision probe", publishDate: new Date() });
      const after = await rawRequest(url);
      expect(list(after)[0].title).toBe("Shared API answer revision probe");
      expect(Number(after.headers["x-total-count"])).toBe(Number(first.headers["x-total-count"]) + 1);
      // A bad parameter is refused as before, never stored.
      const refused = await rawRequest(`${server.url}/api/articles?limit=0`);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body.toString()).message).toMatch(/limit/);
    });
  });

  describe("the other pages every reader shares: an article's page, comment periods, About, the API page", () => {
    it("is one shared document for every reader; a reader's bookmark comes after load, or with the toast after a form", async () => {
      const [article] = db()
        .select({ id: t.articles.id, title: t.articles.title })
        .from(t.articles)
        .orderBy(sql`publish_date DESC`)
        .limit(1)
        .offset(5)
        .all();
      const path = articlePath(article);
      const form = new URLSearchParams({ returnTo: path, bookmarked: "true" }).toString();
      const posted = await rawRequest(
        `${server.url}/api/articles/${article.id}/bookmark`,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SAME_ORIGIN } },
        form,
      );
      expect(posted.status).toBe(302);
      const visitor = cookieOf(posted, "visitor")!;
      const flash = cookieOf(posted, "flash")!;

      // The page right after the form is the reader's own: their bookmark shown, never stored for others.
      const own = await rawRequest(server.url + path, { headers: { Cookie: `${visitor}; ${flash}`, "Accept-Encoding": "identity" } });
      expect(own.headers.etag).toBeUndefined();
      expect(own.headers["cache-control"]).toMatch(/no-store/);
      expect(own.body.toString()).toMatch(/aria-pressed="true"[^>]*aria-label="Bookmark"/);

      // The reader who bookmarked it asks first, so theirs is the render every reader then gets.
      const reader = await rawRequest(server.url + path, { headers: { "Accept-Encoding": "identity", Cookie: visitor } });
      const stranger = await rawRequest(server.url + path, { headers: { "Accept-Encoding": "identity" } });
      expect(stranger.status).toBe(200);
      expect(stranger.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      expect(reader.headers.etag).toBe(stranger.headers.etag);
      expect(reader.body.equals(stranger.body)).toBe(true);
      expect(stranger.body.toString()).toMatch(/aria-pressed="false"[^>]*aria-label="Bookmark"/);
      const state = JSON.parse((await rawRequest(`${server.url}/api/feed-state?ids=${article.id}`, { headers: { Cookie: visitor } })).body.toString());
      expect(state.bookmarked).toEqual([article.id]);

      // An article's related articles (a feed card's block, opened) with the feed view it came from.
      for (const shared of ["/comment-periods", "/about", "/api/docs", `/articles/${article.id}/related?category=new-regulations`]) {
        const answer = await rawRequest(server.url + shared);
        expect(answer.status, shared).toBe(200);
        expect(answer.headers.etag, shared).toMatch(/^"[\w-]{27}"$/);
        const again = await rawRequest(server.url + shared, { headers: { "If-None-Match": answer.headers.etag as string } });
        expect(again.status, shared).toBe(304);
      }
      // The block's data request (with JavaScript) is answered by the route each time, never as a shared copy.
      const data = await rawRequest(`${server.url}/articles/${article.id}/related?_data=${encodeURIComponent("routes/articles.$id.related")}`);
      expect(data.status).toBe(200);
      expect(data.headers.etag).toBeUndefined();
      expect(JSON.parse(data.body.toString()).article.id).toBe(article.id);
      // An address the route redirects (the slug of another title) is answered by the route, not stored.
      const moved = await rawRequest(`${server.url}/articles/${article.id}-another-title`);
      expect(moved.status).toBe(301);
      expect(moved.headers.location).toBe(path);
    });
  });
});
