// Rulemakings end to end through the real ingest path: Federal Register documents (fixture JSON in the API's shape)
// grouped by RIN, or by docket where they list none; each document's action; where the rulemaking stands; the court
// decision and the CRA resolution that name it exactly (and those that only come close, which do not); the cards'
// "Part of a rulemaking" counts; the page and /api/rulemakings/{key} over HTTP; and every query through an index.
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveAgendaBatch } from "~/agenda/store.server";
import { openApiDocument } from "~/api-docs/openapi.server";
import { listArticles } from "~/feed/queries.server";
import { rejudgeArticlesCiting } from "~/classify/reclassify.server";
import { judgeAutomaticArticlesCiting } from "~/classify/store.server";
import { all, db, engine, execute, first, t, transaction, type Transaction } from "~/db.server";
import { insertArticle } from "~/ingest/insert.server";
import { scrapeSources } from "~/ingest/scrape.server";
import { loader as articlesApi } from "~/routes/api.articles";
import { loader as rulemakingApi } from "~/routes/api.rulemakings.$key";
import { loader as rulemakingPage } from "~/routes/rulemakings.$key";
import { loader as feedLoader } from "~/routes/_index";
import { rulemakingGroupsPage } from "~/rulemakings/groups.server";
import { getRulemaking } from "~/rulemakings/page.server";
import { countRulemakingsInCategory, rulemakingsInCategory } from "~/rulemakings/store/rulemakings.server";
import { addArticle, clearArticles, makeArticle, queryPlan } from "../support/articles";
import { serveFixture, startServer, type TestServer } from "../support/http-server";
import { callRoute } from "../support/load-context";
import { freePort } from "../support/ports";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { addServedSource } from "../support/sources";

const RIN = "1205-AC12";
const DOCKET = "EPA-R05-OAR-2024-0123";
const TITLE = "Improving Protections for Workers in Temporary Agricultural Employment in the United States";

let server: TestServer;
/** Article ids by document number (Federal Register) or title (the rest). */
const ids = new Map<string, number>();

beforeAll(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
  server = await startServer({
    "/fr/documents.json": serveFixture("rulemaking-federal-register.json", "application/json"),
    "/court.atom": serveFixture("rulemaking-court.atom", "application/atom+xml"),
    "/congress.rss": serveFixture("rulemaking-congress.rss", "application/rss+xml"),
  });
  // The agenda's entry for the RIN, as an edition read earlier left it.
  await saveAgendaBatch(
    [
      {
        rin: RIN,
        publicationId: "202504",
        designation: "Deregulatory",
        stage: "Final Rule Stage",
        priority: "Economically Significant",
        major: true,
        timetable: [
          { action: "NPRM", date: "09/15/2023" },
          { action: "Final Rule", date: "04/29/2024" },
        ],
        title: TITLE,
        agency: "Department of Labor",
        parentAgency: null,
      },
    ],
    new Date("2025-05-01T00:00:00Z"),
    rejudgeArticlesCiting,
  );
  await addServedSource(server.origin, "/fr/documents.json", { type: "federal-register-api", category: "government" });
  await addServedSource(server.origin, "/court.atom", { type: "atom", category: "legal", name: "Court opinions" });
  await addServedSource(server.origin, "/congress.rss", { type: "rss", category: "government", name: "Joint resolutions" });
  const result = await scrapeSources({ now: new Date("2025-09-01T00:00:00Z") });
  expect(result.sources.map((source) => source.error)).toEqual([null, null, null]);
  for (const row of await all(db().select({ id: t.articles.id, documentNumber: t.articles.documentNumber, title: t.articles.title }).from(t.articles))) {
    ids.set(row.documentNumber ?? row.title, row.id);
  }
});
afterAll(() => server.close());

const keysOf = async (articleId: number) =>
  (await all(db().select({ key: t.articleRulemakings.key }).from(t.articleRulemakings).where(eq(t.articleRulemakings.articleId, articleId))))
    .map((row) => row.key)
    .sort();

describe("the rulemaking index", () => {
  it("files each document under its RINs, or its dockets when it lists no RIN, and nothing else", async () => {
    for (const number of ["2023-19919", "2024-08333", "2024-13234", "2025-10412"]) expect(await keysOf(ids.get(number)!), number).toEqual([RIN]);
    expect(await keysOf(ids.get("2025-01001")!)).toEqual([DOCKET]);
    expect(await keysOf(ids.get("2025-05002")!)).toEqual([DOCKET]);
    expect(await keysOf(ids.get("Kansas v. Department of Labor")!)).toEqual([]);
  });

  it("follows a document's fields when its published version changes them, in upper case", async () => {
    // On the public inspection desk, a docket only; published, a RIN (in lower case) too.
    const desk = { documentNumber: "2099-00001", docketIds: ["EPA-HQ-OAR-2021-0317"] };
    const id = await addArticle({ ...desk, publicInspection: { publishesOn: "2099-01-02", specialFiling: false } });
    try {
      expect(await keysOf(id)).toEqual(["EPA-HQ-OAR-2021-0317"]);
      expect(await insertArticle(makeArticle({ ...desk, regulationIdNumbers: ["2060-av00"] }))).toEqual({ status: "published", id });
      expect(await keysOf(id)).toEqual(["2060-AV00"]);
    } finally {
      await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    }
    expect(await keysOf(id)).toEqual([]);
    // A blank RIN is none: the dockets are the keys.
    const dockets = await addArticle({ documentNumber: "2099-00002", docketIds: ["a-1", "B-2"], regulationIdNumbers: ["  "] });
    expect(await keysOf(dockets)).toEqual(["A-1", "B-2"]);
    await execute(db().delete(t.articles).where(eq(t.articles.id, dockets)));
    // An article that is not a Federal Register document belongs to no rulemaking, whatever it lists.
    const plain = await addArticle({ regulationIdNumbers: [RIN] });
    expect(await keysOf(plain)).toEqual([]);
    await execute(db().delete(t.articles).where(eq(t.articles.id, plain)));
  });
});

describe("a rulemaking", () => {
  it("has every document we hold with its action, oldest first, and stands vacated after the court's decision", async () => {
    const rulemaking = (await getRulemaking(RIN, new Date("2025-09-01T12:00:00Z")))!;
    expect(rulemaking).toMatchObject({ key: RIN, kind: "rin", path: `/rulemakings/${RIN}`, title: TITLE, standing: "vacated", standingLabel: "Vacated" });
    expect(rulemaking.documents.map((d) => [d.documentNumber, d.action, d.publishDate.slice(0, 10)])).toEqual([
      ["2023-19919", "nprm", "2023-09-15"],
      ["2024-08333", "final", "2024-04-29"],
      ["2024-13234", "correction", "2024-06-20"],
      ["2025-10412", "delay", "2025-06-10"],
    ]);
    expect(rulemaking.documents[0].path).toMatch(new RegExp(`^/articles/${ids.get("2023-19919")}-`));
    expect(rulemaking.agenda).toMatchObject({
      rin: RIN,
      designation: "Deregulatory",
      stage: "Final Rule Stage",
      priority: "Economically Significant",
      edition: "Spring 2025",
    });
    expect(rulemaking.agenda!.timetable).toHaveLength(2);
    expect(rulemaking.commentDeadlines).toEqual({
      open: [],
      past: [{ date: "2023-11-14", articleId: ids.get("2023-19919"), path: rulemaking.documents[0].path, title: TITLE }],
    });
    expect(rulemaking.effectiveDates.map((d) => d.date)).toEqual(["2024-06-28", "2024-06-28", "2025-06-10"]);
  });

  it("is named by the court decision giving its RIN and the CRA resolution giving its exact title, and by nothing that only comes close", async () => {
    const { namedBy } = (await getRulemaking(RIN))!;
    expect(namedBy.map((a) => [a.title, a.kind, a.names, a.vacates])).toEqual([
      [
        "H.J.Res. 77 - Providing for congressional disapproval under chapter 8 of title 5, United States Code, of a Department of Labor rule",
        "legislation",
        [TITLE],
        false,
      ],
      ["Kansas v. Department of Labor", "court-decision", [RIN], true],
    ]);
  });

  it("stands where its last document leaves it before the court speaks", async () => {
    const court = ids.get("Kansas v. Department of Labor")!;
    await execute(db().update(t.articles).set({ summary: "The court upholds the rule (RIN 1205-AC12)." }).where(eq(t.articles.id, court)));
    try {
      expect((await getRulemaking(RIN))!.standing).toBe("delayed");
    } finally {
      await execute(
        db()
          .update(t.articles)
          .set({ summary: "The court vacated the Department's final rule (RIN 1205-AC12) as exceeding its statutory authority." })
          .where(eq(t.articles.id, court)),
      );
    }
    expect((await getRulemaking(RIN))!.standing).toBe("vacated");
  });

  it("may be known by its docket alone", async () => {
    const rulemaking = (await getRulemaking(DOCKET))!;
    expect(rulemaking).toMatchObject({ kind: "docket", standing: "final", agenda: null, title: "Air Plan Approval; Ohio; Regional Haze Plan" });
    expect(rulemaking.documents.map((d) => d.action)).toEqual(["nprm", "final"]);
  });

  it("is unknown for a key nothing holds", async () => {
    expect(await getRulemaking("9999-ZZ99")).toBeNull();
  });
});

describe("cards", () => {
  it("carry the rulemaking of two documents or more, with the count and the first year", async () => {
    const listed = await listArticles({ timeframe: "all" }, { limit: 50 });
    const byId = new Map(listed.map((article) => [article.id, article.rulemaking]));
    expect(byId.get(ids.get("2024-08333")!)).toEqual({ key: RIN, documents: 4, since: "2023-09-15T12:00:00.000Z" });
    expect(byId.get(ids.get("2025-05002")!)).toEqual({ key: DOCKET, documents: 2, since: "2025-01-10T12:00:00.000Z" });
    // Alone in its rulemaking, and not a Federal Register document.
    expect(byId.get(ids.get("2025-07003")!)).toBeNull();
    expect(byId.get(ids.get("Kansas v. Department of Labor")!)).toBeNull();
  });
});

describe("the routes", () => {
  it("/api/rulemakings/{key} answers the rulemaking, any case, and 404 with a message for an unknown key", async () => {
    const found = await callRoute(rulemakingApi, "/api/rulemakings/1205-ac12", {}, { key: "1205-ac12" });
    expect(found.status).toBe(200);
    const body = await found.json();
    expect(body).toMatchObject({ key: RIN, standing: "vacated" });
    expect(body.documents).toHaveLength(4);
    for (const key of ["9999-ZZ99", "..", "a b"]) {
      const missing = await callRoute(rulemakingApi, `/api/rulemakings/${encodeURIComponent(key)}`, {}, { key });
      expect(missing.status, key).toBe(404);
      expect(await missing.json()).toEqual({ message: "Rulemaking not found" });
    }
  });

  it("the page answers one address per rulemaking and 404 for an unknown one", async () => {
    const page = await callRoute(rulemakingPage, `/rulemakings/${RIN}`, {}, { key: RIN });
    expect(page.status).toBe(200);
    const lower = await callRoute(rulemakingPage, "/rulemakings/1205-ac12", {}, { key: "1205-ac12" });
    expect(lower.status).toBe(301);
    expect(lower.headers.get("Location")).toBe(`/rulemakings/${RIN}`);
    const missing = await callRoute(rulemakingPage, "/rulemakings/9999-ZZ99", { headers: { Accept: "text/html" } }, { key: "9999-ZZ99" });
    expect(missing.status).toBe(404);
  });
});

describe("the API description", () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(openApiDocument("http://localhost"), "openapi");
  const expectDescribed = async (response: Response, path: string) => {
    const pointer = ["paths", path, "get", "responses", String(response.status), "content", "application/json", "schema"]
      .map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1"))
      .join("/");
    const validate = ajv.compile({ $ref: `openapi#/${pointer}` });
    const body = await response.json();
    expect(validate(body) ? [] : validate.errors).toEqual([]);
    return body;
  };

  it("describes the rulemaking's answer, its 404, and the articles' rulemaking field", async () => {
    await expectDescribed(await callRoute(rulemakingApi, `/api/rulemakings/${RIN}`, {}, { key: RIN }), "/api/rulemakings/{key}");
    await expectDescribed(await callRoute(rulemakingApi, `/api/rulemakings/${DOCKET}`, {}, { key: DOCKET }), "/api/rulemakings/{key}");
    await expectDescribed(await callRoute(rulemakingApi, "/api/rulemakings/9999-ZZ99", {}, { key: "9999-ZZ99" }), "/api/rulemakings/{key}");
    const listed = await expectDescribed(await callRoute(articlesApi, "/api/articles?limit=50"), "/api/articles");
    expect(listed.some((article: { rulemaking: unknown }) => article.rulemaking !== null)).toBe(true);
  });
});

describe("the Regulatory Rollbacks view by rulemaking", () => {
  it("has one row per rulemaking with a document in the view, its latest stage and last move, newest first", async () => {
    // The agenda designates the RIN Deregulatory: its documents are rollbacks; the docket's plan approvals are not.
    const { groups, total, page, pageCount } = await rulemakingGroupsPage("regulatory-rollbacks", 1, 12);
    expect({ total, page, pageCount }).toEqual({ total: 1, page: 1, pageCount: 1 });
    expect(groups).toEqual([
      {
        key: RIN,
        path: `/rulemakings/${RIN}`,
        title: TITLE,
        documents: 4,
        standing: "delayed",
        standingLabel: "Delayed",
        lastMove: expect.objectContaining({ action: "delay", actionLabel: "Delay of effective date", date: "2025-06-10T12:00:00.000Z" }),
      },
    ]);
  });

  it("pages the rows, the latest move first", async () => {
    const analysis = { category: "policy-analysis" as const, priority: "low" as const, tags: [] };
    const doc = (n: number, rin: string, day: string) =>
      addArticle({ documentNumber: `2099-PA${n}`, regulationIdNumbers: [rin], publishDate: new Date(`${day}T12:00:00Z`), manualClassification: analysis });
    const added = [await doc(1, "0000-PA01", "2025-01-01"), await doc(2, "0000-PA02", "2024-06-01"), await doc(3, "0000-PA02", "2025-02-01")];
    try {
      const first = await rulemakingGroupsPage("policy-analysis", 1, 1);
      const second = await rulemakingGroupsPage("policy-analysis", 2, 1);
      expect([first.total, first.pageCount, second.page]).toEqual([2, 2, 2]);
      expect(first.groups.map((g) => [g.key, g.documents, g.lastMove.date.slice(0, 10)])).toEqual([["0000-PA02", 2, "2025-02-01"]]);
      expect(second.groups.map((g) => [g.key, g.documents, g.lastMove.date.slice(0, 10)])).toEqual([["0000-PA01", 1, "2025-01-01"]]);
    } finally {
      for (const id of added) await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    }
  });

  it("is what / answers with group=rulemaking on the Regulatory Rollbacks view, and only there", async () => {
    const grouped = await (await callRoute(feedLoader, "/?category=regulatory-rollbacks&group=rulemaking")).json();
    expect(grouped.groups.groups.map((group: { key: string }) => group.key)).toEqual([RIN]);
    expect(grouped.articles).toEqual([]);
    // Elsewhere the parameter goes, as an untidy one does.
    const other = await callRoute(feedLoader, "/?group=rulemaking&page=2");
    expect(other.status).toBe(302);
    expect(other.headers.get("location")).toBe("/?page=2");
    // The filters that narrow documents, not rulemakings, go too: the grouped view has one address per page.
    const narrowed = await callRoute(feedLoader, "/?category=regulatory-rollbacks&priority=high&time=week&group=rulemaking");
    expect(narrowed.status).toBe(302);
    expect(narrowed.headers.get("location")).toBe("/?category=regulatory-rollbacks&group=rulemaking");
  });
});

describe("the queries", () => {
  const planOf = async (query: ReturnType<typeof sql>) => queryPlan(query);

  it("read a rulemaking's documents, a page's counts and the grouped view through the rulemaking indexes alone", async () => {
    const documents = await planOf(
      sql`SELECT a.id FROM article_rulemakings r JOIN articles a ON a.id = r.article_id WHERE r.key = ${RIN} ORDER BY r.publish_date DESC, r.article_id DESC LIMIT 500`,
    );
    expect(documents).toContain("article_rulemakings_key_date_idx");
    expect(documents).not.toMatch(/SCAN (r|a)\b|Seq Scan/);
    const counts = await planOf(
      sql`SELECT r.article_id, r.key, count(*), min(o.publish_date) FROM article_rulemakings r JOIN article_rulemakings o ON o.key = r.key
        WHERE r.article_id IN (${ids.get("2024-08333")!}, ${ids.get("2025-05002")!}) GROUP BY r.article_id, r.key`,
    );
    expect(counts).toContain("article_rulemakings_key_date_idx");
    expect(counts).not.toMatch(/SCAN (r|o)\b|Seq Scan|articles/);
    const grouped = await planOf(
      sql`SELECT r.key, count(*), max(r.publish_date) AS last FROM article_rulemakings r
        WHERE r.key IN (SELECT c.key FROM article_rulemakings c WHERE c.category = 'regulatory-rollbacks')
        GROUP BY r.key ORDER BY last DESC, r.key LIMIT 12`,
    );
    expect(grouped).toContain("article_rulemakings_category_idx");
    expect(grouped).toContain("article_rulemakings_key_date_idx");
    expect(grouped).not.toMatch(/SCAN (r|c)\b|Seq Scan|articles/);
  });

  it("follow an article's new category and date into the grouped view", async () => {
    const [before] = await rulemakingsInCategory("regulatory-rollbacks", 12, 0);
    const categories = new Map(
      (
        await all<{ id: number; category: string }>(
          sql`SELECT a.id, a.category FROM articles a JOIN article_rulemakings r ON r.article_id = a.id WHERE r.key = ${RIN}`,
        )
      ).map((row) => [row.id, row.category]),
    );
    // A document of the rulemaking read on the desk (no RIN there), then published a day after its last move.
    const later = new Date(before!.lastMove + 86_400_000);
    const desk = { documentNumber: "2099-00003", title: "Temporary agricultural employment: technical amendment" };
    const amendment = await addArticle({ ...desk, publicInspection: { publishesOn: "2099-01-02", specialFiling: false } });
    const judgeAs = (category: (id: number) => string) => (tx: Transaction) =>
      judgeAutomaticArticlesCiting(tx, [RIN], (row) => ({ judgement: { category: category(row.id) } }));
    try {
      expect(await insertArticle(makeArticle({ ...desk, regulationIdNumbers: [RIN], publishDate: later }))).toEqual({ status: "published", id: amendment });
      expect((await rulemakingsInCategory("regulatory-rollbacks", 12, 0))[0]).toMatchObject({ key: RIN, lastMove: later.getTime() });
      // Judged again into another category: the rulemaking leaves the view only when none of its documents is left in it.
      const policy = await countRulemakingsInCategory("policy-analysis");
      await transaction(judgeAs(() => "policy-analysis"));
      expect(await countRulemakingsInCategory("regulatory-rollbacks")).toBe(0);
      expect(await countRulemakingsInCategory("policy-analysis")).toBe(policy + 1);
    } finally {
      await execute(db().delete(t.articles).where(eq(t.articles.id, amendment)));
      await transaction(judgeAs((id) => categories.get(id)!));
    }
    expect((await rulemakingsInCategory("regulatory-rollbacks", 12, 0))[0]).toEqual(before);
  });

  it("find what names a rulemaking through the full-text index", async () => {
    if (engine() === "postgres") {
      // The GIN index answers through a bitmap scan: only the sequential scan is turned off. With the category
      // condition, the planner may read the category's index instead (a few rows here): an index either way.
      const explain = (condition: ReturnType<typeof sql>) =>
        transaction(function* (tx) {
          yield* tx.execute(sql`SET LOCAL enable_seqscan = off`);
          const rows = yield* tx.all<{ "QUERY PLAN": string }>(sql`EXPLAIN SELECT a.id FROM articles a WHERE ${condition}`);
          return rows.map((row) => row["QUERY PLAN"]).join("\n");
        });
      const phrase = sql`a.search_vector @@ phraseto_tsquery('simple', article_search_words(${RIN}))`;
      expect(await explain(phrase)).toContain("articles_search_idx");
      const named = await explain(sql`${phrase} AND a.category IN ('legal-decisions', 'legislative-action')`);
      expect(named).toMatch(/articles_search_idx|articles_category_date_idx/);
      expect(named).not.toContain("Seq Scan");
    } else {
      const plan = await planOf(
        sql`SELECT a.id FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE articles_fts MATCH ${`{title summary} : "${RIN}"`} AND a.category IN ('legal-decisions', 'legislative-action')`,
      );
      expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
      expect(plan).not.toMatch(/SCAN a\b/);
    }
    expect(await first(sql`SELECT 1 AS one`)).toBeTruthy();
  });
});

describe("over HTTP", () => {
  let web: ProductionServer;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    web = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL! });
  }, 300_000);
  afterAll(() => web?.stop());

  it("serves the page, the JSON, a 404 page, and the card's link on the feed", async () => {
    const page = await fetch(`${base}/rulemakings/${RIN}`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Vacated", "Kansas v. Department of Labor", "H.J.Res. 77", "Delay of effective date", "Final Rule Stage", "Past comment deadlines"]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Growers Association v. Su");
    // One copy for every reader, as the feed (the same script nonce again; a page rendered per request has a new one).
    const nonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(page)).toBeTruthy();
    expect(nonce(await fetch(`${base}/rulemakings/${RIN}`, { headers: { Accept: "text/html" } }))).toBe(nonce(page));

    const api = await fetch(`${base}/api/rulemakings/${RIN}`);
    expect(api.status).toBe(200);
    expect(api.headers.get("content-type")).toMatch(/application\/json/);
    expect((await api.json()).documents.map((d: { action: string }) => d.action)).toEqual(["nprm", "final", "correction", "delay"]);

    const missing = await fetch(`${base}/api/rulemakings/9999-ZZ99`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Rulemaking not found" });
    expect((await fetch(`${base}/rulemakings/9999-ZZ99`, { headers: { Accept: "text/html" } })).status).toBe(404);

    const feed = await (await fetch(`${base}/`, { headers: { Accept: "text/html" } })).text();
    expect(feed).toContain(`href="/rulemakings/${RIN}"`);
    expect(feed).toContain("Part of a rulemaking: 4 documents since 2023");

    const rollbacks = await (await fetch(`${base}/?category=regulatory-rollbacks`, { headers: { Accept: "text/html" } })).text();
    expect(rollbacks).toContain('href="/?category=regulatory-rollbacks&amp;group=rulemaking"');
    const grouped = await fetch(`${base}/?category=regulatory-rollbacks&group=rulemaking`, { headers: { Accept: "text/html" } });
    expect(grouped.status).toBe(200);
    const groupedHtml = await grouped.text();
    expect(groupedHtml).toContain("Rulemakings, the latest move first");
    expect(groupedHtml).toContain("Last move: Delay of effective date");
    expect(groupedHtml).toContain(`href="/rulemakings/${RIN}"`);
    // Shared like every public view, and revalidated by its ETag.
    const again = await fetch(`${base}/?category=regulatory-rollbacks&group=rulemaking`, { headers: { Accept: "text/html" } });
    expect(nonce(again)).toBeTruthy();
    expect(nonce(again)).toBe(nonce(grouped));
    const etag = grouped.headers.get("etag")!;
    const revalidated = await fetch(`${base}/?category=regulatory-rollbacks&group=rulemaking`, { headers: { Accept: "text/html", "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    const documents = await fetch(`${base}/?category=regulatory-rollbacks`, { headers: { Accept: "text/html" } });
    expect(documents.headers.get("etag")).not.toBe(etag);
    // Another view has no grouping: the parameter goes, as an untidy one does.
    const odd = await fetch(`${base}/?category=new-regulations&group=rulemaking`, { headers: { Accept: "text/html" }, redirect: "manual" });
    expect(odd.status).toBe(302);
    expect(odd.headers.get("location")).toBe("/?category=new-regulations");
    expect(web.alarmingLines).toEqual([]);
  });
});
