// The lookup tables beside articles (article_agencies, article_identifiers, article_rulemakings) as the store writes
// them by the rules of app/articles/index-rows.ts, on whichever engine the run uses (SQLite here, PostgreSQL under
// tests/postgres/vitest.config.ts): after an insert, a public inspection document's publication, an editor's
// category, a re-judgement by the classifier, a deletion, and the rewrite a migration asks for.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { agencyNames, articleIdentifiers, articleRulemakings } from "~/articles/index-rows";
import { reindexAllArticlesWhenAsked } from "~/articles/store/article-indexes.server";
import type { NewArticle } from "~/articles/new-article";
import { saveEditorCategory } from "~/articles/store/edits.server";
import { recategorizeArticles } from "~/classify/reclassify.server";
import { judgeAutomaticArticlesCiting } from "~/classify/store.server";
import { all, db, execute, first, t, transaction } from "~/db.server";
import { insertArticle, insertArticles } from "~/ingest/insert.server";
import { addArticle, clearArticles, makeArticle } from "../support/articles";

const RIN = "2060-AV83";
const DOCKET = "EPA-HQ-OAR-2021-0317";
const DESK = { publishesOn: "2025-09-15", specialFiling: false };

beforeEach(clearArticles);

/** What the three tables hold for these articles, each table's rows in one order. */
async function stored(ids: number[]) {
  const agencies = await all(
    db()
      .select({ articleId: t.articleAgencies.articleId, agency: t.articleAgencies.agency })
      .from(t.articleAgencies)
      .where(inArray(t.articleAgencies.articleId, ids)),
  );
  const identifiers = await all(
    db()
      .select({ articleId: t.articleIdentifiers.articleId, kind: t.articleIdentifiers.kind, value: t.articleIdentifiers.value })
      .from(t.articleIdentifiers)
      .where(inArray(t.articleIdentifiers.articleId, ids)),
  );
  const rulemakings = await all(
    db()
      .select({
        articleId: t.articleRulemakings.articleId,
        key: t.articleRulemakings.key,
        publishDate: t.articleRulemakings.publishDate,
        category: t.articleRulemakings.category,
      })
      .from(t.articleRulemakings)
      .where(inArray(t.articleRulemakings.articleId, ids)),
  );
  const order = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
  return { agencies: order(agencies), identifiers: order(identifiers), rulemakings: order(rulemakings) };
}

/** What the rules give for the articles as their rows now stand. */
async function expected(ids: number[]) {
  const articles = await all(db().select().from(t.articles).where(inArray(t.articles.id, ids)));
  const order = (rows: object[]) => rows.map((row) => JSON.stringify(row)).sort();
  return {
    agencies: order(articles.flatMap((a) => agencyNames(a.agencies).map((agency) => ({ articleId: a.id, agency })))),
    identifiers: order(articles.flatMap((a) => articleIdentifiers(a).map((row) => ({ articleId: a.id, ...row })))),
    rulemakings: order(articles.flatMap((a) => articleRulemakings(a).map((row) => ({ articleId: a.id, ...row })))),
  };
}

const keysOf = async (id: number) =>
  all(
    db()
      .select({ key: t.articleRulemakings.key, publishDate: t.articleRulemakings.publishDate, category: t.articleRulemakings.category })
      .from(t.articleRulemakings)
      .where(eq(t.articleRulemakings.articleId, id))
      .orderBy(t.articleRulemakings.key),
  );
const identifiersOf = async (id: number) =>
  (await stored([id])).identifiers
    .map((row) => {
      const { kind, value } = JSON.parse(row) as { kind: string; value: string };
      return `${kind}:${value}`;
    })
    .sort();
const agenciesOf = async (id: number) => (await stored([id])).agencies.map((row) => (JSON.parse(row) as { agency: string }).agency);
const articleOf = async (id: number) => (await first(db().select().from(t.articles).where(eq(t.articles.id, id))))!;

/** A Federal Register document with every list the tables read. */
const document = (overrides: Partial<NewArticle> = {}) =>
  makeArticle({
    documentNumber: `2025-${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    documentType: "Rule",
    agencies: ["Environmental Protection Agency", " ", "Environmental Protection Agency"],
    regulationIdNumbers: [RIN.toLowerCase()],
    docketIds: [DOCKET, "Docket No. RM2024-9"],
    cfrReferences: ["40 CFR 63", "40 CFR"],
    ...overrides,
  });

describe("an insert", () => {
  it("writes the rows of a batch of articles as the rules give them, in the transaction that stores them", async () => {
    const outcomes = await insertArticles([
      document(),
      document({ regulationIdNumbers: [], docketIds: ["a-1"], cfrReferences: ["10 CFR 50", "not a reference"] }),
      document({ regulationIdNumbers: ["", "N/A"], docketIds: ["Docket No. RM2024-9"], agencies: [] }),
      makeArticle({ regulationIdNumbers: [RIN], agencies: ["Reuters"] }),
    ]);
    const ids = outcomes.map((outcome) => (outcome.status === "inserted" ? outcome.id : -1));
    expect(ids.every((id) => id > 0)).toBe(true);
    expect(await stored(ids)).toEqual(await expected(ids));
    expect(await identifiersOf(ids[0])).toEqual(["cfr-title:40", "cfr:40-63", `docket:${DOCKET}`, "docket:DOCKET NO. RM2024-9", `rin:${RIN}`].sort());
    expect(await agenciesOf(ids[0])).toEqual(["Environmental Protection Agency"]);
    expect((await keysOf(ids[0])).map((row) => row.key)).toEqual([RIN]);
    expect((await keysOf(ids[1])).map((row) => row.key)).toEqual(["A-1"]);
    // Its only docket names no rulemaking page; a follow filter still finds it by that docket.
    expect(await keysOf(ids[2])).toEqual([]);
    expect(await identifiersOf(ids[2])).toEqual(["cfr-title:40", "cfr:40-63", "docket:DOCKET NO. RM2024-9"]);
    // Not a Federal Register document: no rulemaking, though its identifiers are followed.
    expect(await keysOf(ids[3])).toEqual([]);
    expect(await identifiersOf(ids[3])).toEqual([`rin:${RIN}`]);
  });

  it("copies the article's date and category into its rulemaking rows", async () => {
    const id = await addArticle(document({ publishDate: new Date("2025-03-04T05:00:00Z") }));
    const article = await articleOf(id);
    expect(await keysOf(id)).toEqual([{ key: RIN, publishDate: new Date("2025-03-04T05:00:00Z"), category: article.category }]);
  });
});

describe("a public inspection document's publication", () => {
  it("rewrites the rows from the published version: its lists, agencies, date and judgement", async () => {
    const number = "2025-17749";
    const desk = await addArticle(
      makeArticle({ documentNumber: number, agencies: ["Postal Regulatory Commission"], docketIds: ["RM2024-9"], publicInspection: DESK }),
    );
    expect(await keysOf(desk)).toMatchObject([{ key: "RM2024-9" }]);
    const publishDate = new Date("2025-09-15T04:00:00Z");
    const published = await insertArticle(
      document({
        documentNumber: number,
        agencies: ["Postal Service"],
        regulationIdNumbers: ["3211-AA20"],
        docketIds: [],
        cfrReferences: ["39 CFR 3050"],
        publishDate,
      }),
    );
    expect(published).toEqual({ status: "published", id: desk });
    const article = await articleOf(desk);
    // The published version left the dockets empty: the desk's stay, and so do their identifiers.
    expect(article.docketIds).toEqual(["RM2024-9"]);
    expect(await stored([desk])).toEqual(await expected([desk]));
    expect(await agenciesOf(desk)).toEqual(["Postal Service"]);
    expect(await keysOf(desk)).toEqual([{ key: "3211-AA20", publishDate, category: article.category }]);
    expect(await identifiersOf(desk)).toEqual(["cfr-title:39", "cfr:39-3050", "docket:RM2024-9", "rin:3211-AA20"].sort());
  });

  it("keeps an editor's category in the rulemaking rows", async () => {
    const number = "2025-20001";
    const desk = await addArticle(makeArticle({ documentNumber: number, docketIds: [DOCKET], publicInspection: DESK }));
    await saveEditorCategory(desk, "legal-decisions");
    await insertArticle(document({ documentNumber: number, publishDate: new Date("2025-09-15T04:00:00Z") }));
    expect(await keysOf(desk)).toEqual([{ key: RIN, publishDate: new Date("2025-09-15T04:00:00Z"), category: "legal-decisions" }]);
  });
});

describe("a new category", () => {
  it("set by an editor moves the article's rulemaking rows", async () => {
    const id = await addArticle(document());
    await saveEditorCategory(id, "policy-analysis");
    expect(await keysOf(id)).toMatchObject([{ key: RIN, category: "policy-analysis" }]);
    expect(await stored([id])).toEqual(await expected([id]));
  });

  it("judged again by the classifier moves the rulemaking rows of the articles it changes", async () => {
    // Judged otherwise once (as an agenda load or the model-assisted classifier may); the rules, run again, judge
    // it back.
    const id = await addArticle(document({ title: "Rescinding the national emission standards" }));
    await transaction((tx) => judgeAutomaticArticlesCiting(tx, [RIN], () => ({ judgement: { category: "legislative-action" } })));
    const untouched = await addArticle(document());
    expect(await keysOf(id)).toMatchObject([{ category: "legislative-action" }]);
    const before = await stored([untouched]);
    expect((await recategorizeArticles()).updated).toBeGreaterThanOrEqual(1);
    const { category } = await articleOf(id);
    expect(category).not.toBe("legislative-action");
    expect(await keysOf(id)).toMatchObject([{ key: RIN, category }]);
    expect(await stored([id, untouched])).toEqual(await expected([id, untouched]));
    expect(await stored([untouched])).toEqual(before);
  });
});

describe("a deletion", () => {
  it("takes the article's rows with it, by the foreign keys' cascade", async () => {
    const id = await addArticle(document());
    expect((await stored([id])).identifiers.length).toBeGreaterThan(0);
    await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    expect(await stored([id])).toEqual({ agencies: [], identifiers: [], rulemakings: [] });
  });
});

describe("the rewrite a migration asks for", () => {
  const mark = () => first(db().select().from(t.appState).where(eq(t.appState.key, "reindex-articles")));

  it("writes every stored article's rows again by the rules, then removes the mark; without the mark it does nothing", async () => {
    const ids = await Promise.all([addArticle(document()), addArticle(document({ regulationIdNumbers: [] })), addArticle(makeArticle())]);
    const right = await stored(ids);
    // Rows an older rule wrote, and rows missing.
    await execute(sql`DELETE FROM article_identifiers WHERE article_id = ${ids[0]}`);
    await execute(sql`INSERT INTO article_rulemakings (article_id, key, publish_date, category) VALUES (${ids[1]}, 'DOCKET NO. RM2024-9', 0, 'other')`);
    await execute(sql`INSERT INTO article_agencies (article_id, agency) VALUES (${ids[2]}, '  ')`);
    expect(await reindexAllArticlesWhenAsked()).toBe(0);
    expect(await stored(ids)).not.toEqual(right);

    await execute(db().insert(t.appState).values({ key: "reindex-articles", value: true }));
    expect(await reindexAllArticlesWhenAsked()).toBe(3);
    expect(await stored(ids)).toEqual(right);
    expect(await mark()).toBeUndefined();
  });
});
