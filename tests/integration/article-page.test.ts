// An article's own page: its canonical address (other forms answer 301), the 404 of a missing article, the
// metadata (canonical link, Open Graph, a NewsArticle in JSON-LD carrying the page's CSP nonce), the routes
// beside it that must keep working, and the sitemap and robots.txt, through the production server.
import { parseStringPromise } from "xml2js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articlePath, articleSlug, parseArticleAddress } from "~/articles/article-page";
import { sitemapChunk, sitemapDocument } from "~/feed/article-page.server";
import { addDays, todayInZone } from "~/rulemakings/comment-periods.server";
import { loader as articleLoader } from "~/routes/articles.$slug";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { freePort } from "../support/ports";

const HOSTILE_TITLE = `Agency </script><script>alert(1)</script> rule & "quotes" \u2028 done`;
let server: ProductionServer;
let base: string;
let rule: number;
let hostile: number;

const page = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: "manual", headers: { Accept: "text/html" }, ...init });

beforeAll(async () => {
  rule = await addArticle({
    title: "Air Plan Approval; Ohio: Ozone Standards",
    summary: "The EPA approves Ohio's plan for the 2015 ozone standards.",
    originalUrl: "https://www.federalregister.gov/d/2099-10001",
    documentNumber: "2099-10001",
    documentType: "Proposed Rule",
    agencies: ["Environmental Protection Agency"],
    commentsCloseOn: addDays(todayInZone(), 12),
    effectiveOn: "2099-03-01",
    regulationIdNumbers: ["2060-AV12"],
    cfrReferences: ["40 CFR 52"],
    docketIds: ["EPA-R05-OAR-2099-0001"],
  });
  hostile = await addArticle({ title: HOSTILE_TITLE, summary: "Text with <b>markup</b> & an ampersand." });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL! });
}, 180_000);
afterAll(() => server?.stop());

describe("article addresses", () => {
  it("slugs are readable ASCII words, never empty", () => {
    expect(articleSlug("Air Plan Approval; Ohio: Ozone Standards")).toBe("air-plan-approval-ohio-ozone-standards");
    expect(articleSlug("Égalité für Zürich — 2025")).toBe("egalite-fur-zurich-2025");
    expect(articleSlug("¿¡!?")).toBe("article");
    expect(articleSlug("word ".repeat(50)).length).toBeLessThanOrEqual(80);
    expect(parseArticleAddress("12-some-title")).toEqual({ id: 12, slug: "some-title" });
    expect(parseArticleAddress("12")).toEqual({ id: 12, slug: undefined });
    expect(parseArticleAddress("x12")).toBeUndefined();
    expect(parseArticleAddress("0")).toBeUndefined();
  });

  it("the loader answers 301 to the canonical address for a bare id or a wrong slug, and 404 for a missing article", async () => {
    const canonical = articlePath({ id: rule, title: "Air Plan Approval; Ohio: Ozone Standards" });
    for (const slug of [String(rule), `${rule}-old-title`, `${rule}-`]) {
      const response = await callRoute(articleLoader, `/articles/${slug}`, { headers: { Accept: "text/html" } }, { slug });
      expect(response.status, slug).toBe(301);
      expect(response.headers.get("Location")).toBe(canonical);
    }
    const ok = await callRoute(articleLoader, canonical, { headers: { Accept: "text/html" } }, { slug: canonical.split("/").pop()! });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ article: { id: rule, docketIds: ["EPA-R05-OAR-2099-0001"], cfrReferences: ["40 CFR 52"] } });
    for (const slug of ["999999-missing", "not-an-id"]) {
      const missing = await callRoute(articleLoader, `/articles/${slug}`, { headers: { Accept: "text/html" } }, { slug });
      expect(missing.status, slug).toBe(404);
    }
  });
});

describe("the article page over HTTP", () => {
  it("redirects permanently to the canonical address", async () => {
    const response = await page(`/articles/${rule}`);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(articlePath({ id: rule, title: "Air Plan Approval; Ohio: Ozone Standards" }));
  });

  it("shows the site's 404 page for a missing article", async () => {
    const response = await page("/articles/987654-nothing-here");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await response.text()).toMatch(/not found/i);
  });

  it("carries the canonical link, Open Graph, the details and a NewsArticle", async () => {
    const path = articlePath({ id: rule, title: "Air Plan Approval; Ohio: Ozone Standards" });
    const response = await page(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    const canonical = `${base}${path}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}"/>`);
    expect(html).toContain(`<meta property="og:type" content="article"/>`);
    expect(html).toContain(`<meta property="og:title" content="Air Plan Approval; Ohio: Ozone Standards"/>`);
    expect(html).toMatch(/<meta property="og:description" content="The EPA approves Ohio&#x27;s plan/);
    expect(html).toMatch(/<meta property="article:published_time" content="\d{4}-\d\d-\d\dT/);
    for (const text of ["Proposed Rule", "2099-10001", "Environmental Protection Agency", "40 CFR 52", "2060-AV12", "12 days left"])
      expect(html, text).toContain(text);
    expect(html).toContain(`href="https://www.regulations.gov/docket/EPA-R05-OAR-2099-0001"`);
    expect(html).toContain(`href="/articles/${rule}.ics"`);

    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const script = /<script type="application\/ld\+json" nonce="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
    expect(script?.[1]).toBe(nonce);
    const ld = JSON.parse(script![2]);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Air Plan Approval; Ohio: Ozone Standards",
      url: canonical,
      publisher: { "@type": "Organization", name: "Federal Deregulation Tracker" },
    });
    expect(Date.parse(ld.datePublished)).not.toBeNaN();
    expect(Date.parse(ld.dateModified)).not.toBeNaN();
    expect(ld.description).toContain("ozone");
    expect(ld.about).toEqual(expect.arrayContaining([{ "@type": "Thing", name: "Environmental Protection Agency" }]));
  });

  it("a title that tries to close the script stays inside the JSON-LD", async () => {
    const response = await page(articlePath({ id: hostile, title: HOSTILE_TITLE }));
    const html = await response.text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(scripts[0][1]).headline).toBe(HOSTILE_TITLE);
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("the routes beside it keep working", async () => {
    const open = await page(`/articles/${rule}/open`);
    expect(open.status).toBe(302);
    expect(open.headers.get("Location")).toBe("https://www.federalregister.gov/d/2099-10001");
    const locate = await page(`/articles/${rule}/locate`);
    expect(locate.status).toBe(302);
    expect(locate.headers.get("Location")).toMatch(new RegExp(`#article-${rule}$`));
    const calendar = await page(`/articles/${rule}.ics`);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  });

  it("the feed card's title links to the article page", async () => {
    const html = await (await page("/")).text();
    expect(html).toContain(`href="${articlePath({ id: rule, title: "Air Plan Approval; Ohio: Ozone Standards" })}"`);
    expect(html).toContain("Comments close in 12 days");
    expect(html).toContain(`href="/comment-periods"`);
  });
});

describe("sitemap and robots.txt", () => {
  it("/sitemap.xml is a urlset of the site's pages and every article's canonical address", async () => {
    const response = await page("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await parseStringPromise(await response.text());
    expect(xml.urlset.$.xmlns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    const urls = xml.urlset.url.map((u: { loc: string[]; lastmod?: string[] }) => ({ loc: u.loc[0], lastmod: u.lastmod?.[0] }));
    const locs = urls.map((u: { loc: string }) => u.loc);
    expect(locs.slice(0, 3)).toEqual([`${base}/`, `${base}/about`, `${base}/comment-periods`]);
    expect(locs).toContain(`${base}${articlePath({ id: rule, title: "Air Plan Approval; Ohio: Ozone Standards" })}`);
    expect(locs).toContain(`${base}${articlePath({ id: hostile, title: HOSTILE_TITLE })}`);
    for (const { lastmod } of urls.slice(3)) expect(Date.parse(lastmod)).not.toBeNaN();
    // Every listed address answers 200 without a redirect.
    for (const loc of locs) expect((await page(loc.slice(base.length))).status, loc).toBe(200);
  });

  it("past the URL limit it is a sitemap index whose chunks hold every URL once", async () => {
    const site = "https://dereg.example";
    const index = await parseStringPromise(await sitemapDocument(site, 2));
    const chunkUrls: string[] = index.sitemapindex.sitemap.map((s: { loc: string[] }) => s.loc[0]);
    expect(chunkUrls[0]).toBe(`${site}/sitemaps/1.xml`);
    const all: string[] = [];
    for (let n = 1; n <= chunkUrls.length; n++) {
      const chunk = await parseStringPromise((await sitemapChunk(site, n, 2))!);
      const locs = chunk.urlset.url.map((u: { loc: string[] }) => u.loc[0]);
      expect(locs.length).toBeLessThanOrEqual(2);
      all.push(...locs);
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(`${site}/comment-periods`);
    expect(all).toContain(`${site}${articlePath({ id: rule, title: "Air Plan Approval; Ohio: Ozone Standards" })}`);
    expect(await sitemapChunk(site, chunkUrls.length + 1, 2)).toBeUndefined();
    expect((await page("/sitemaps/1.xml")).status).toBe(200);
    expect((await page("/sitemaps/99.xml")).status).toBe(404);
  });

  it("/robots.txt points to the sitemap", async () => {
    const response = await page("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});
