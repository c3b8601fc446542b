// Following a RIN, a docket or a CFR title and part: the filters in the feed's address (one tidy form each, bad values
// dropped) and in /api/articles (bad values a 400 naming the parameter), the articles they select over the
// article_identifiers index the store writes (tests/integration/article-indexes.test.ts), the counts of
// /api/articles/facets against the OpenAPI description, and saved-search alerts, by email and by webhook, sending
// only the new articles that match.
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueAlerts } from "~/alerts/alerts.server";
import { queueWebhookArticles } from "~/alerts/webhooks.server";
import { feedHref, parseFeedParams, tidyFeedPath, type ArticleFilters } from "~/feed/filters";
import { feedPage, identifierFacets } from "~/feed/queries.server";
import { filterConditions } from "~/feed/store/search.server";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { loader as articlesApi } from "~/routes/api.articles";
import { loader as facetsApi } from "~/routes/api.articles.facets";
import * as alertsApi from "~/routes/api.alerts";
import * as confirmRoute from "~/routes/alerts_.confirm";
import { loader as feedLoader } from "~/routes/_index";
import { reindexAllArticlesWhenAsked } from "~/articles/store/article-indexes.server";
import { insertArticle } from "~/ingest/insert.server";
import { addArticle, makeArticle, queryPlan } from "../support/articles";
import { call } from "../support/auth";
import { callRoute } from "../support/load-context";
import { startMailServer, type MailServer } from "../support/mail";
import { expectDescribed } from "../support/openapi";

const RIN = "2060-AV83";
const DOCKET = "EPA-HQ-OAR-2021-0317";
const ids: Record<string, number> = {};
let smtp: MailServer;

const day = (d: number) => new Date(Date.now() - d * 86_400_000);

beforeAll(async () => {
  smtp = await startMailServer();
  Object.assign(config(), { SMTP_URL: smtp.url, PUBLIC_URL: "https://dereg.example" });
  // The final rule lists the RIN and its docket; the proposal the same RIN in lower case; a notice only a docket
  // written with spaces; another rule cites a whole title; a court decision lists nothing.
  ids.final = await addArticle({
    title: "National emission standards: final rule",
    documentNumber: "2025-10001",
    documentType: "Rule",
    agencies: ["Environmental Protection Agency"],
    regulationIdNumbers: [RIN],
    docketIds: [DOCKET],
    cfrReferences: ["40 CFR 63", "40 CFR 60"],
    publishDate: day(1),
  });
  ids.proposal = await addArticle({
    title: "National emission standards: proposed rule",
    documentNumber: "2024-20002",
    documentType: "Proposed Rule",
    agencies: ["Environmental Protection Agency"],
    regulationIdNumbers: ["2060-av83"],
    docketIds: [DOCKET],
    cfrReferences: ["40 CFR 63"],
    publishDate: day(20),
  });
  ids.notice = await addArticle({
    title: "Postal rate notice",
    documentNumber: "2025-17749",
    documentType: "Notice",
    docketIds: ["Docket No. RM2024-9"],
    cfrReferences: ["39 CFR 3050"],
    publishDate: day(2),
  });
  ids.titleWide = await addArticle({
    title: "Technical amendments across title 40",
    documentNumber: "2025-30003",
    documentType: "Rule",
    regulationIdNumbers: ["1205-AC12"],
    cfrReferences: ["40 CFR"],
    publishDate: day(3),
  });
  ids.court = await addArticle({ title: "Court upholds the emission standards", publishDate: day(4) });
});

afterAll(() => smtp.close());

const found = async (filters: Omit<ArticleFilters, "timeframe">) => (await feedPage({ timeframe: "all", ...filters }, 1, 50)).articles.map((a) => a.id);

describe("the filters in the feed's address", () => {
  it("reads a RIN in any case, a docket trimmed, and a CFR part in its readable forms, and writes each one way", () => {
    const parsed = parseFeedParams(new URLSearchParams("rin=%202060-av83%20&docket=%20epa-hq-oar-2021-0317%20&cfr=40+CFR+Part+63")).filters;
    expect(parsed).toMatchObject({ rin: RIN, docket: DOCKET, cfr: "40-63" });
    expect(feedHref(parsed)).toBe(`/?rin=${RIN}&docket=${DOCKET}&cfr=40-63`);
    for (const cfr of ["40-63", "40:63", "40 cfr 63", "40 C.F.R. 63", "040-063"])
      expect(parseFeedParams(new URLSearchParams({ cfr })).filters.cfr, cfr).toBe("40-63");
    expect(parseFeedParams(new URLSearchParams("cfr=40")).filters.cfr).toBe("40");
    expect(parseFeedParams(new URLSearchParams("cfr=40+CFR")).filters.cfr).toBe("40");
  });

  it("drops what cannot be one, so a hand-edited link still shows a page, and keeps no empty parameter", () => {
    const bad = parseFeedParams(new URLSearchParams(`rin=2060-AV8&docket=${"D".repeat(101)}&cfr=forty`)).filters;
    expect(bad).toMatchObject({ rin: undefined, docket: undefined, cfr: undefined });
    expect(tidyFeedPath(new URL("http://x/?rin=&docket=&cfr=&q="))).toBe("/");
    expect(tidyFeedPath(new URL("http://x/?rin=nope&cfr=40+CFR+63"))).toBe("/?cfr=40-63");
    expect(tidyFeedPath(new URL(`http://x/?rin=${RIN}&category=new-regulations`))).toBeNull();
  });
});

describe("the articles a filter selects", () => {
  it("finds every document listing a RIN, whatever case it was written in", async () => {
    expect(await found({ rin: RIN })).toEqual([ids.final, ids.proposal]);
    expect(await found({ rin: "1205-AC12" })).toEqual([ids.titleWide]);
    expect(await found({ rin: "9999-ZZ99" })).toEqual([]);
  });

  it("finds the documents of a docket, also those that list a RIN", async () => {
    expect(await found({ docket: DOCKET })).toEqual([ids.final, ids.proposal]);
    expect(await found({ docket: "DOCKET NO. RM2024-9" })).toEqual([ids.notice]);
  });

  it("finds the documents citing a CFR part, or any part of a title", async () => {
    expect(await found({ cfr: "40-63" })).toEqual([ids.final, ids.proposal]);
    expect(await found({ cfr: "40-60" })).toEqual([ids.final]);
    expect(await found({ cfr: "40" })).toEqual([ids.final, ids.titleWide, ids.proposal]);
    expect(await found({ cfr: "39-3050" })).toEqual([ids.notice]);
  });

  it("combines with the other filters and with a search, and counts what it selects", async () => {
    expect(await found({ rin: RIN, documentType: "rule" })).toEqual([ids.final]);
    expect(await found({ cfr: "40", search: "amendments" })).toEqual([ids.titleWide]);
    expect(await found({ docket: DOCKET, search: "proposed" })).toEqual([ids.proposal]);
    expect(await found({ rin: RIN, docket: DOCKET, cfr: "40-60" })).toEqual([ids.final]);
    expect((await feedPage({ timeframe: "all", cfr: "40" }, 1, 50)).total).toBe(3);
    expect((await feedPage({ timeframe: "week", rin: RIN }, 1, 50)).total).toBe(1);
  });

  it("keeps the index in step when a document's lists change on publication, or it is deleted", async () => {
    // Read on the public inspection desk first; its published version, read later, brings other lists.
    const desk = { title: "Moved between dockets", documentNumber: "2025-40004" };
    const id = await addArticle({
      ...desk,
      docketIds: ["OLD-DOCKET-1"],
      cfrReferences: ["10 CFR 50"],
      publicInspection: { publishesOn: "2025-09-15", specialFiling: false },
    });
    expect(await found({ docket: "OLD-DOCKET-1" })).toEqual([id]);
    const published = makeArticle({ ...desk, docketIds: ["NEW-DOCKET-2"], regulationIdNumbers: ["3150-AK00"], cfrReferences: ["10 CFR 52"] });
    expect(await insertArticle(published)).toEqual({ status: "published", id });
    expect(await found({ docket: "OLD-DOCKET-1" })).toEqual([]);
    expect(await found({ docket: "NEW-DOCKET-2" })).toEqual([id]);
    expect(await found({ rin: "3150-AK00" })).toEqual([id]);
    expect(await found({ cfr: "10-50" })).toEqual([]);
    expect(await found({ cfr: "10-52" })).toEqual([id]);
    await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    expect((await first<{ n: number }>(sql`SELECT count(*) AS n FROM article_identifiers WHERE article_id = ${id}`))!.n).toBe(0);
  });

  it("reads each filter from the index, not from every article's JSON", async () => {
    for (const filters of [{ rin: RIN }, { docket: DOCKET }, { cfr: "40-63" }, { cfr: "40" }]) {
      const conditions = (await filterConditions({ timeframe: "all", ...filters }, undefined))!;
      const query = db()
        .select({ id: t.articles.id })
        .from(t.articles)
        .where(and(...conditions))
        .orderBy(desc(t.articles.publishDate));
      expect(await queryPlan(query.getSQL()), JSON.stringify(filters)).toMatch(/article_identifiers_kind_value_idx/);
    }
  });

  it("is written again for the stored articles when a migration asks, as the store wrote it", async () => {
    const everyRow = () =>
      all<{ article_id: number; kind: string; value: string }>(sql`SELECT article_id, kind, value FROM article_identifiers ORDER BY 1, 2, 3`);
    const kept = await everyRow();
    expect(kept).toEqual(
      expect.arrayContaining([
        { article_id: ids.final, kind: "rin", value: RIN },
        { article_id: ids.proposal, kind: "rin", value: RIN },
        { article_id: ids.notice, kind: "docket", value: "DOCKET NO. RM2024-9" },
        { article_id: ids.final, kind: "cfr", value: "40-60" },
        { article_id: ids.final, kind: "cfr-title", value: "40" },
        { article_id: ids.titleWide, kind: "cfr-title", value: "40" },
      ]),
    );
    expect(kept.filter((row) => row.article_id === ids.titleWide && row.kind === "cfr")).toEqual([]);
    // A migration that changes a rule marks the rows to be rewritten at the next start (docs/decisions/045).
    await execute(sql`DELETE FROM article_identifiers`);
    await execute(db().insert(t.appState).values({ key: "reindex-articles", value: true }));
    expect(await reindexAllArticlesWhenAsked()).toBeGreaterThan(0);
    expect(await everyRow()).toEqual(kept);
  });
});

describe("/api/articles and /api/articles/facets", () => {
  it("filters the list like the feed, with the usual X-Total-Count", async () => {
    const answer = await callRoute(articlesApi, `/api/articles?rin=2060-av83&limit=1`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("X-Total-Count")).toBe("2");
    expect((await expectDescribed(answer, "/api/articles")).map((a: { id: number }) => a.id)).toEqual([ids.final]);
    const byCfr = await callRoute(articlesApi, `/api/articles?cfr=${encodeURIComponent("40 CFR 63")}&docket=${DOCKET}`);
    expect((await byCfr.json()).map((a: { id: number }) => a.id)).toEqual([ids.final, ids.proposal]);
    expect((await callRoute(articlesApi, "/api/articles?cfr=40&limit=1")).headers.get("X-Total-Count")).toBe("3");
  });

  it("refuses a malformed RIN, an over-long docket and a CFR value it cannot read, naming the parameter", async () => {
    for (const [query, name] of [
      ["rin=2060AV83", "rin"],
      [`docket=${"D".repeat(101)}`, "docket"],
      ["docket=A%01B", "docket"],
      ["cfr=40+CFR+sixty", "cfr"],
    ]) {
      for (const apiPath of ["/api/articles", "/api/articles/facets"]) {
        const answer = await callRoute(apiPath === "/api/articles" ? articlesApi : facetsApi, `${apiPath}?${query}`);
        expect(answer.status, `${apiPath}?${query}`).toBe(400);
        expect((await expectDescribed(answer, apiPath)).message).toMatch(new RegExp(`^Invalid '${name}' parameter`));
      }
    }
  });

  it("counts the RINs, dockets, CFR parts and titles of the articles matching the filters, most first, bounded", async () => {
    const all = await callRoute(facetsApi, "/api/articles/facets");
    expect(all.status).toBe(200);
    const counts = await expectDescribed(all, "/api/articles/facets");
    expect(counts.rins).toEqual([
      { value: RIN, count: 2 },
      { value: "1205-AC12", count: 1 },
    ]);
    expect(counts.dockets).toEqual([
      { value: DOCKET, count: 2 },
      { value: "DOCKET NO. RM2024-9", count: 1 },
    ]);
    expect(counts.cfrParts).toEqual([
      { value: "40-63", count: 2 },
      { value: "39-3050", count: 1 },
      { value: "40-60", count: 1 },
    ]);
    expect(counts.cfrTitles).toEqual([
      { value: "40", count: 3 },
      { value: "39", count: 1 },
    ]);
    const narrowed = await expectDescribed(await callRoute(facetsApi, "/api/articles/facets?type=rule&limit=1"), "/api/articles/facets");
    expect(narrowed).toEqual({
      rins: [{ value: "1205-AC12", count: 1 }],
      dockets: [{ value: DOCKET, count: 1 }],
      cfrParts: [{ value: "40-60", count: 1 }],
      cfrTitles: [{ value: "40", count: 2 }],
    });
    expect(await identifierFacets({ timeframe: "all", rin: RIN, search: "proposed" }, 5)).toMatchObject({ rins: [{ value: RIN, count: 1 }] });
    expect(await identifierFacets({ timeframe: "all", search: "zzzznothing" }, 5)).toEqual({ rins: [], dockets: [], cfrParts: [], cfrTitles: [] });
    const tooMany = await callRoute(facetsApi, "/api/articles/facets?limit=101");
    expect(tooMany.status).toBe(400);
  });

  it("shows the followed view on the feed page, titled by what it follows", async () => {
    const page = await callRoute(feedLoader, `/?rin=${RIN}`);
    const data = await page.json();
    expect(data.filters.rin).toBe(RIN);
    expect(data.articles.map((a: { id: number }) => a.id)).toEqual([ids.final, ids.proposal]);
    const untidy = await callRoute(feedLoader, "/?rin=2060-av83&cfr=40+CFR+63");
    expect(untidy.status).toBe(302);
    expect(untidy.headers.get("Location")).toBe(`/?rin=${RIN}&cfr=40-63`);
  });
});

describe("alerts following a RIN, a docket or a CFR part", () => {
  const ORIGIN = { Origin: "http://localhost" };
  const VIEWS = { rin: `rin=${RIN}`, docket: `docket=${DOCKET}`, part: "cfr=40-63", title: "cfr=40" } as const;
  const newest = async () => (await first<{ id: number | null }>(sql`SELECT max(id) AS id FROM articles`))?.id ?? 0;

  it("stores the view in its tidy form when signing up with the feed's own fields", async () => {
    const before = smtp.accepted.length;
    const email = "follower@example.com";
    const answer = await call(alertsApi, "/api/alerts", {
      method: "POST",
      headers: ORIGIN,
      body: { email, rin: " 2060-av83 ", cfr: "40 CFR 63", frequency: "daily", hour: 7 },
    });
    expect(answer.status).toBe(202);
    const mail = await smtp.next(email, before);
    expect(mail.text).toContain(`RIN ${RIN}`);
    const token = /\/alerts\/confirm\?token=([\w-]+)/.exec(mail.text)![1];
    expect((await call(confirmRoute, `/alerts/confirm?token=${token}`, { method: "POST" })).status).toBe(200);
    const [alert] = await all(db().select().from(t.alerts).where(eq(t.alerts.email, email)));
    expect(alert.view).toBe(`rin=${RIN}&cfr=40-63`);
    await execute(db().delete(t.alerts).where(eq(t.alerts.email, email)));
  });

  it("emails and posts by webhook only the new articles each view selects", async () => {
    const cursor = await newest();
    const email = (kind: string) => `follow-${kind}@example.com`;
    for (const [kind, view] of Object.entries(VIEWS)) {
      await execute(
        db()
          .insert(t.alerts)
          .values([
            { email: email(kind), view, frequency: "daily", hour: 7, confirmedAt: new Date(), cursorArticleId: cursor },
            {
              email: `hook-${kind}@example.com`,
              view,
              frequency: "daily",
              hour: 7,
              confirmedAt: new Date(),
              cursorArticleId: cursor,
              delivery: "webhook",
              webhookUrl: "https://127.0.0.1:9/hook",
              webhookFormat: "json",
              webhookSecret: "secret",
            },
          ]),
      );
    }
    // New documents: one of the rulemaking (its RIN and part 63, no docket), one of its docket under another RIN,
    // one citing another part of title 40, one citing nothing.
    const added = {
      ofRin: await addArticle({
        title: "Emission standards: correction",
        documentNumber: "2025-50001",
        regulationIdNumbers: [RIN],
        cfrReferences: ["40 CFR 63"],
      }),
      ofDocket: await addArticle({
        title: "Emission standards: extension of comment period",
        documentNumber: "2025-50002",
        regulationIdNumbers: ["2060-AW00"],
        docketIds: [DOCKET],
      }),
      ofTitle: await addArticle({ title: "Water quality standards", documentNumber: "2025-50003", cfrReferences: ["40 CFR 131"] }),
      none: await addArticle({ title: "Unrelated notice", documentNumber: "2025-50004" }),
    };
    const expected: Record<keyof typeof VIEWS, number[]> = {
      rin: [added.ofRin],
      docket: [added.ofDocket],
      part: [added.ofRin],
      title: [added.ofTitle, added.ofRin],
    };
    const titleOf = Object.fromEntries(
      (await all(db().select({ id: t.articles.id, title: t.articles.title }).from(t.articles))).map((row) => [row.id, row.title]),
    );

    const before = smtp.accepted.length;
    // 07:30 on a winter day in the app's time zone (America/New_York in tests, UTC-5): the hour the alerts are due.
    const dueAt = new Date("2025-01-06T12:30:00Z");
    expect((await sendDueAlerts(dueAt)).sent).toBe(4);
    for (const kind of Object.keys(VIEWS) as (keyof typeof VIEWS)[]) {
      const mail = await smtp.next(email(kind), before);
      for (const id of Object.values(added)) expect(mail.text.includes(titleOf[id]), `${kind}: ${titleOf[id]}`).toBe(expected[kind].includes(id));
    }

    await queueWebhookArticles(new Date());
    for (const kind of Object.keys(VIEWS) as (keyof typeof VIEWS)[]) {
      const [alert] = await all(
        db()
          .select()
          .from(t.alerts)
          .where(eq(t.alerts.email, `hook-${kind}@example.com`)),
      );
      const queued = await all(
        db().select({ articleId: t.webhookDeliveries.articleId }).from(t.webhookDeliveries).where(eq(t.webhookDeliveries.alertId, alert.id)),
      );
      expect(queued.map((row) => row.articleId).sort(), kind).toEqual([...expected[kind]].sort());
    }
  });
});
