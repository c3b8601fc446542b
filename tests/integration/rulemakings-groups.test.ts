// Rulemakings grouped, on the fixtures of tests/support/rulemakings.ts: the Regulatory Rollbacks view by rulemaking
// (rulemakings/groups.server, and / with group=rulemaking through routes/_index), paged by the latest move; and the
// queries behind rulemakings (rulemakings/store/rulemakings.server): every one through an index, following an
// article's new category and date, and what names a rulemaking found through the full-text index.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { judgeAutomaticArticlesCiting } from "~/classify/store.server";
import { all, db, engine, execute, first, t, transaction, type Transaction } from "~/db.server";
import { insertArticle } from "~/ingest/insert.server";
import { loader as feedLoader } from "~/routes/_index";
import { rulemakingGroupsPage } from "~/rulemakings/groups.server";
import { countRulemakingsInCategory, rulemakingsInCategory } from "~/rulemakings/store/rulemakings.server";
import { addArticle, makeArticle, queryPlan } from "../support/articles";
import { callRoute } from "../support/load-context";
import { RIN, TITLE, ingestRulemakingFixtures } from "../support/rulemakings";

const ids = ingestRulemakingFixtures();

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
        // No agenda timetable in the fixtures: nothing is due (tests/integration/overdue-rulemakings.test.ts).
        overdueSince: null,
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
      // condition, the planner may read an index led by the category instead (a few rows here): an index either way.
      const explain = (condition: ReturnType<typeof sql>) =>
        transaction(function* (tx) {
          yield* tx.execute(sql`SET LOCAL enable_seqscan = off`);
          const rows = yield* tx.all<{ "QUERY PLAN": string }>(sql`EXPLAIN SELECT a.id FROM articles a WHERE ${condition}`);
          return rows.map((row) => row["QUERY PLAN"]).join("\n");
        });
      const phrase = sql`a.search_vector @@ phraseto_tsquery('simple', article_search_words(${RIN}))`;
      expect(await explain(phrase)).toContain("articles_search_idx");
      const named = await explain(sql`${phrase} AND a.category IN ('legal-decisions', 'legislative-action')`);
      expect(named).toMatch(/articles_search_idx|articles_category_date_idx|articles_category_priority_date_idx/);
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
