// Rulemakings through the real ingest path (tests/support/rulemakings.ts): the rulemaking index (article_rulemakings,
// filled from each Federal Register document's RINs, or its dockets where it lists none); a rulemaking as
// rulemakings/page.server reads it: each document's action, where it stands, its agenda entry and deadlines, and the
// court decision and CRA resolution that name it exactly (and those that only come close, which do not); and the
// cards' "Part of a rulemaking" counts (feed/queries.server).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listArticles } from "~/feed/queries.server";
import { all, db, execute, t } from "~/db.server";
import { getRulemaking } from "~/rulemakings/page.server";
import { articlesNaming } from "~/rulemakings/store/rulemakings.server";
import { insertArticle } from "~/ingest/insert.server";
import { addArticle, makeArticle } from "../support/articles";
import { DOCKET, RIN, TITLE, ingestRulemakingFixtures } from "../support/rulemakings";

const ids = ingestRulemakingFixtures();

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

  it("finds each name's own articles when alike titles are read together, and a name of common words as a phrase", async () => {
    const amendments = "Amendments to the Widget Safety Standards for Portable Heaters";
    const delay = "Delay of the Widget Safety Standards for Portable Heaters";
    const added: number[] = [];
    for (const fields of [
      {
        category: "legal-decisions",
        title: `Court upholds the ${amendments}`,
        summary: "RIN 3041-AZ99 stands.",
        publishDate: new Date("2025-03-01T12:00:00Z"),
      },
      {
        category: "legislative-action",
        title: "H.J.Res. 99",
        summary: `Disapproving the ${delay}, in force as of the first of May.`,
        publishDate: new Date("2025-02-01T12:00:00Z"),
      },
      // Every word of both titles, neither title.
      {
        category: "legal-decisions",
        title: "Widget heaters",
        summary: "Amendments and a delay of portable safety standards.",
        publishDate: new Date("2025-01-01T12:00:00Z"),
      },
      // The title exactly, in a category that names no rulemaking.
      { category: "policy-analysis", title: amendments, publishDate: new Date("2025-01-02T12:00:00Z") },
    ] as const)
      added.push(await addArticle({ ...fields }));
    try {
      const found = await articlesNaming([amendments, delay, "3041-AZ99", "as of the", delay]);
      expect([...found.keys()]).toEqual([amendments, delay, "3041-AZ99", "as of the"]);
      expect(found.get(amendments)!.map((row) => row.id)).toEqual([added[0]]);
      expect(found.get(delay)!.map((row) => row.id)).toEqual([added[1]]);
      expect(found.get("3041-AZ99")!.map((row) => row.id)).toEqual([added[0]]);
      expect(found.get("as of the")!.map((row) => row.id)).toContain(added[1]);
      expect(found.get(amendments)![0]).toMatchObject({ category: "legal-decisions", publishDate: Date.parse("2025-03-01T12:00:00Z") });
    } finally {
      for (const id of added) await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    }
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
