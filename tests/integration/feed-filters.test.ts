// The agency and document-type filters: through the feed's URL (tidy links, the page's loader and its pickers'
// counts) and through /api/articles (strict parameters), over the article_agencies index the store writes.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { feedFacets } from "~/feed/store/facets.server";
import { feedHref, parseFeedParams, tidyFeedPath } from "~/feed/filters";
import { feedPage } from "~/feed/queries.server";
import { filterConditions } from "~/feed/store/search.server";
import { all, db, execute, first, t } from "~/db.server";
import { loader as articlesLoader } from "~/routes/api.articles";
import { loader as feedLoader, withCardDefaults } from "~/routes/_index";
import { insertArticle } from "~/ingest/insert.server";
import { addArticle, makeArticle, queryPlan } from "../support/articles";
import { callRoute } from "../support/load-context";

const EPA = "Environmental Protection Agency";
const DOL = "Department of Labor";
let epaRule: number;
let jointNotice: number;

beforeAll(async () => {
  const day = (d: number) => new Date(Date.now() - d * 86_400_000);
  epaRule = await addArticle({ title: "Air plan approval; Ohio", documentType: "Rule", agencies: [EPA], publishDate: day(1) });
  await addArticle({ title: "Pesticide tolerances", documentType: "Proposed Rule", agencies: [EPA], publishDate: day(2) });
  jointNotice = await addArticle({
    title: "Joint notice on retirement plans",
    documentType: "Notice",
    agencies: [DOL, "Department of the Treasury"],
    publishDate: day(3),
  });
  await addArticle({ title: "Wage rule delayed", documentType: "Rule", agencies: [DOL], publishDate: day(4) });
  await addArticle({ title: "A court decision", publishDate: day(5) });
});

const ids = async (filters: Parameters<typeof feedPage>[0]) => (await feedPage(filters, 1, 50)).articles.map((a) => a.id);

describe("the feed's agency and type filters", () => {
  it("filters by agency (any of an article's agencies) and by document type, alone and together", async () => {
    expect(await ids({ timeframe: "all", agency: EPA })).toHaveLength(2);
    expect(await ids({ timeframe: "all", agency: "Department of the Treasury" })).toEqual([jointNotice]);
    expect(await ids({ timeframe: "all", documentType: "rule" })).toHaveLength(2);
    expect(await ids({ timeframe: "all", agency: EPA, documentType: "rule" })).toEqual([epaRule]);
    expect(await ids({ timeframe: "all", agency: "No Such Agency" })).toEqual([]);
    expect((await feedPage({ timeframe: "all", agency: DOL }, 1, 50)).total).toBe(2);
  });

  it("keeps the agency index in step when an article's agencies change on publication, or it is deleted", async () => {
    // Read on the public inspection desk first; its published version, read later, names another agency.
    const desk = { title: "Moved between agencies", documentType: "Notice", documentNumber: "2025-50005" };
    const id = await addArticle({ ...desk, agencies: ["Department of Energy"], publicInspection: { publishesOn: "2025-09-15", specialFiling: false } });
    expect(await ids({ timeframe: "all", agency: "Department of Energy" })).toEqual([id]);
    expect(await insertArticle(makeArticle({ ...desk, agencies: ["Department of the Interior"] }))).toEqual({ status: "published", id });
    expect(await ids({ timeframe: "all", agency: "Department of Energy" })).toEqual([]);
    expect(await ids({ timeframe: "all", agency: "Department of the Interior" })).toEqual([id]);
    await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    expect((await first<{ n: number }>(sql`SELECT count(*) AS n FROM article_agencies WHERE article_id = ${id}`))!.n).toBe(0);
  });

  it("keeps the counts of every article (agency_counts, identifier_counts) equal to the lookup tables' as articles come, move and go", async () => {
    const kept = async () => ({
      agencies: await all(sql`SELECT agency, count FROM agency_counts ORDER BY agency`),
      identifiers: await all(sql`SELECT kind, value, count FROM identifier_counts ORDER BY kind, value`),
    });
    const counted = async () => ({
      agencies: await all(sql`SELECT agency, count(*) AS count FROM article_agencies GROUP BY agency ORDER BY agency`),
      identifiers: await all(sql`SELECT kind, value, count(*) AS count FROM article_identifiers GROUP BY kind, value ORDER BY kind, value`),
    });
    const desk = { title: "Counted on the desk", documentType: "Rule", documentNumber: "2025-50006", docketIds: ["EPA-HQ-OAR-2099-0001"] };
    const id = await addArticle({
      ...desk,
      agencies: ["Department of Energy", EPA],
      regulationIdNumbers: ["1904-AF01"],
      cfrReferences: ["10 CFR 430"],
      publicInspection: { publishesOn: "2025-09-15", specialFiling: false },
    });
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toMatchObject({ agencies: expect.arrayContaining([{ agency: "Department of Energy", count: 1 }]) });
    // Published naming other agencies and identifiers: the store writes the article's rows again.
    expect(await insertArticle(makeArticle({ ...desk, agencies: [EPA], regulationIdNumbers: ["2060-AV83"], cfrReferences: ["40 CFR 63"] }))).toEqual({
      status: "published",
      id,
    });
    expect(await kept()).toEqual(await counted());
    expect((await kept()).agencies).not.toContainEqual(expect.objectContaining({ agency: "Department of Energy" }));
    await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).identifiers).not.toContainEqual(expect.objectContaining({ value: "EPA-HQ-OAR-2099-0001" }));
  });

  it("reads the agency filter from the index, not from every article's JSON", async () => {
    const plan = await queryPlan(sql`SELECT id FROM articles WHERE id IN (SELECT article_id FROM article_agencies WHERE agency = ${EPA})`);
    expect(plan).toMatch(/article_agencies_agency_idx/);
  });

  it("puts agency and type in tidy feed URLs and reads them back; unknown types fall back to all", () => {
    const href = feedHref({ timeframe: "all", agency: EPA, documentType: "proposed-rule" });
    expect(href).toBe("/?agency=Environmental+Protection+Agency&type=proposed-rule");
    expect(parseFeedParams(new URL(href, "http://x").searchParams).filters).toMatchObject({ agency: EPA, documentType: "proposed-rule" });
    expect(parseFeedParams(new URLSearchParams("type=memo")).filters.documentType).toBeUndefined();
    expect(tidyFeedPath(new URL("http://x/?q=&agency=&type=&time=all"))).toBe("/");
    expect(tidyFeedPath(new URL("http://x/?agency=%20Department%20of%20Labor%20&type=rule"))).toBe("/?agency=Department+of+Labor&type=rule");
  });

  it("offers each agency and type with its count on the feed page", async () => {
    const facets = await feedFacets();
    expect(facets.agencies).toEqual(
      expect.arrayContaining([
        { name: EPA, count: 2 },
        { name: DOL, count: 2 },
      ]),
    );
    expect(facets.documentTypes.find((type) => type.value === "rule")!.count).toBe(2);
    const page = await callRoute(feedLoader, `/?agency=${encodeURIComponent(DOL)}&type=rule`);
    const data = await page.json();
    expect(data.articles.map((a: { title: string }) => a.title)).toEqual(["Wage rule delayed"]);
    expect(data.facets.agencies.map((a: { name: string }) => a.name)).toContain(DOL);
  });
});

describe("/api/articles with agency and type", () => {
  it("filters like the feed", async () => {
    const answer = await callRoute(articlesLoader, `/api/articles?agency=${encodeURIComponent(EPA)}&type=rule`);
    expect(answer.status).toBe(200);
    expect((await answer.json()).map((a: { id: number }) => a.id)).toEqual([epaRule]);
  });

  it("refuses an unknown type and an over-long agency, naming the parameter", async () => {
    const badType = await callRoute(articlesLoader, "/api/articles?type=memo");
    expect(badType.status).toBe(400);
    expect((await badType.json()).message).toMatch(/^Invalid 'type' parameter/);
    const longAgency = await callRoute(articlesLoader, `/api/articles?agency=${"a".repeat(201)}`);
    expect(longAgency.status).toBe(400);
    expect((await longAgency.json()).message).toMatch(/^Invalid 'agency' parameter/);
  });
});

describe("a category and a priority together", () => {
  it("are read from their own index: the view's total, page and identifier counts read only its articles", async () => {
    const conditions = (await filterConditions({ timeframe: "all", category: "regulatory-rollbacks", priority: "high" }, undefined))!;
    const where = and(...conditions);
    for (const query of [
      sql`SELECT count(*) FROM articles WHERE ${where}`,
      sql`SELECT id FROM articles WHERE ${where} ORDER BY publish_date DESC, id DESC LIMIT 12`,
      sql`SELECT kind, value, count(*) FROM article_identifiers WHERE article_id IN (SELECT id FROM articles WHERE ${where}) GROUP BY kind, value`,
    ])
      expect(await queryPlan(query)).toMatch(/articles_category_priority_date_idx/);
  });
});

describe("the feed page's loader data", () => {
  it("leaves out the fields that hold their usual value, and the page puts them back", async () => {
    const data = await (await callRoute(feedLoader, "/")).json();
    const sent = data.articles as Record<string, unknown>[];
    const byTitle = (title: string) => sent.find((article) => article.title === title)!;
    // Sent as read: a value other than the usual one, and the fields every card holds.
    expect(byTitle("Wage rule delayed")).toMatchObject({ documentType: "Rule", agencies: [DOL] });
    // Left out: the nulls, false and 0 most cards hold.
    expect(byTitle("A court decision")).not.toHaveProperty("documentType");
    for (const article of sent) {
      expect(article).not.toHaveProperty("aiSummary");
      expect(article).not.toHaveProperty("isBookmarked");
      expect(Object.values(article)).not.toContain(null);
    }
    // Put back by the page before it renders or hydrates.
    const court = withCardDefaults(byTitle("A court decision"));
    expect(court).toMatchObject({ documentType: null, documentNumber: null, aiSummary: null, isBookmarked: false, views: 0, title: "A court decision" });
    expect(withCardDefaults(byTitle("Wage rule delayed")).documentType).toBe("Rule");
  });
});
