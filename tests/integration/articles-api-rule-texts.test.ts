// What rules say of themselves and what their CFR redlines changed, wherever a list of articles goes: the article
// answer's `ruleText` and `restrictions` (against the OpenAPI description), the `restrictions=removes` filter and the
// `sort=restrictions-removed` order (feed, /api/articles, paging, positions, the indexes they read), the CSV's
// columns and the feeds' items. Rule texts and redlines are written through the rule-text store, as the jobs write them.
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { parseStringPromise } from "xml2js";
import { beforeAll, describe, expect, it } from "vitest";
import { db, first, t } from "~/db.server";
import { feedHref, parseFeedParams, tidyFeedPath, type ArticleFilters } from "~/feed/filters";
import { articleLocation } from "~/feed/locate.server";
import { feedPage, feedPosition, listArticles } from "~/feed/queries.server";
import { feedRevision } from "~/feed/shared-feed.server";
import { filterConditions } from "~/feed/store/search.server";
import type { RuleStatement } from "~/rule-text/statements";
import { recordRuleTextFailure, saveRedline, saveRuleText } from "~/rule-text/store.server";
import { loader as articlesApi } from "~/routes/api.articles";
import { loader as articleApi } from "~/routes/api.articles.$id";
import { loader as csvLoader } from "~/routes/export[.]csv";
import { loader as atomLoader } from "~/routes/feed[.]atom";
import { loader as jsonLoader } from "~/routes/feed[.]json";
import { loader as feedLoader } from "~/routes/_index";
import { addArticle, queryPlan } from "../support/articles";
import { callRoute } from "../support/load-context";
import { expectDescribed } from "../support/openapi";

const day = (d: number) => new Date(Date.now() - d * 86_400_000);
const NOW = new Date();
const EFFECTIVE = "2025-03-01";
const DEREGULATORY = "This final rule is an E.O. 14192 deregulatory action.";
// A sentence a spreadsheet would run as a formula: the CSV must neutralise it like any other cell.
const REGULATORY = "=1+1 This final rule is an E.O. 14192 regulatory action.";
const EXPECTED = "This proposed rule, if finalized, is expected to be an E.O. 14192 deregulatory action.";

const statement = {
  deregulatory: { kind: "executive-order", order: "14192", designation: "deregulatory", expected: false, sentence: DEREGULATORY },
  regulatory: { kind: "executive-order", order: "14192", designation: "regulatory", expected: false, sentence: REGULATORY },
  expected: { kind: "executive-order", order: "14192", designation: "deregulatory", expected: true, sentence: EXPECTED },
  significance: {
    kind: "significance",
    significant: false,
    section3f1: false,
    sentence: "This action is not a significant regulatory action under E.O. 12866.",
  },
} satisfies Record<string, RuleStatement>;

const ids: Record<string, number> = {};

/** A final rule or proposed rule, its full text read (statements, amended parts) and each part's redline compared as given. */
async function addRule(
  key: string,
  daysAgo: number,
  options: { type?: string; statements?: RuleStatement[]; parts?: { title: number; part: number; counts?: [removed: number, added: number] | "unchanged" }[] },
) {
  const type = options.type ?? "Rule";
  ids[key] = await addArticle({
    title: `Rule ${key}: amendments`,
    documentType: type,
    documentNumber: `2025-RT-${key}`,
    agencies: ["Environmental Protection Agency"],
    effectiveOn: type === "Rule" ? EFFECTIVE : null,
    publishDate: day(daysAgo),
  });
  const statements = options.statements ?? [];
  const designated = statements.find((one) => one.kind === "executive-order");
  const parts = options.parts ?? [];
  await saveRuleText(
    ids[key],
    {
      statements,
      amends: parts.map(({ title, part }) => ({ title, part })),
      warnings: [],
      designation: designated?.designation ?? null,
      designationSentence: designated?.sentence ?? null,
    },
    type === "Rule" ? { effectiveOn: EFFECTIVE } : null,
    NOW,
  );
  for (const { title, part, counts } of parts) {
    if (!counts) continue;
    const [removed, added] = counts === "unchanged" ? [0, 0] : counts;
    const status = counts === "unchanged" ? "unchanged" : "compared";
    await saveRedline({ articleId: ids[key], title, part }, { status, beforeDate: "2025-02-28", afterDate: EFFECTIVE, redline: null, removed, added }, NOW);
  }
}

beforeAll(async () => {
  await addRule("removesMost", 30, { statements: [statement.deregulatory, statement.significance], parts: [{ title: 40, part: 63, counts: [40, 3] }] });
  await addRule("unchanged", 20, { parts: [{ title: 40, part: 52, counts: "unchanged" }] });
  await addRule("twoParts", 10, {
    parts: [
      { title: 40, part: 60, counts: [5, 1] },
      { title: 40, part: 61, counts: [2, 0] },
    ],
  });
  await addRule("adds", 5, { statements: [statement.regulatory], parts: [{ title: 29, part: 1910, counts: [1, 4] }] });
  await addRule("pending", 3, { parts: [{ title: 10, part: 430 }] });
  await addRule("proposed", 2, { type: "Proposed Rule", statements: [statement.expected] });
  ids.failed = await addArticle({ title: "Rule failed: unreadable", documentType: "Rule", documentNumber: "2025-RT-failed", publishDate: day(1) });
  await recordRuleTextFailure(ids.failed, "the Federal Register answered HTTP 503", new Date(Date.now() + 3_600_000));
  ids.news = await addArticle({ title: "A court decision on permits", publishDate: day(0) });
});

const idsOf = (articles: { id: number }[]) => articles.map((article) => article.id);
const all: ArticleFilters = { timeframe: "all" };

describe("the article answer", () => {
  const one = async (key: string) =>
    expectDescribed(await callRoute(articleApi, `/api/articles/${ids[key]}`, {}, { id: String(ids[key]) }), "/api/articles/{id}");

  it("carries the statements and the designation a rule states of itself, last in the answer", async () => {
    const article = await one("removesMost");
    expect(Object.keys(article).slice(-4)).toEqual(["rulemaking", "ruleText", "restrictions", "comments"]);
    expect(article.ruleText).toEqual({
      status: "read",
      designation: "deregulatory",
      designationOrder: "14192",
      designationExpected: false,
      designationSentence: DEREGULATORY,
      statements: [statement.deregulatory, statement.significance],
    });
    expect((await one("proposed")).ruleText).toMatchObject({ designation: "deregulatory", designationExpected: true, designationSentence: EXPECTED });
    expect((await one("failed")).ruleText).toEqual({
      status: "failed",
      designation: null,
      designationOrder: null,
      designationExpected: null,
      designationSentence: null,
      statements: [],
    });
    expect((await one("news")).ruleText).toBeNull();
    expect((await one("news")).restrictions).toBeNull();
  });

  it("carries the restriction words each amended part lost and gained, summed over the compared parts", async () => {
    expect((await one("removesMost")).restrictions).toEqual({
      removed: 40,
      added: 3,
      parts: [{ cfr: "40 CFR 63", title: 40, part: 63, status: "compared", removed: 40, added: 3, effectiveOn: EFFECTIVE }],
    });
    expect((await one("twoParts")).restrictions).toMatchObject({ removed: 7, added: 1, parts: [{ cfr: "40 CFR 60" }, { cfr: "40 CFR 61" }] });
    expect((await one("unchanged")).restrictions).toMatchObject({ removed: 0, added: 0, parts: [{ status: "unchanged", removed: 0, added: 0 }] });
    // Until eCFR publishes the amended text: no counts, and the day it takes effect.
    expect((await one("pending")).restrictions).toEqual({
      removed: 0,
      added: 0,
      parts: [{ cfr: "10 CFR 430", title: 10, part: 430, status: "pending", removed: null, added: null, effectiveOn: EFFECTIVE }],
    });
    expect((await one("proposed")).restrictions).toBeNull();
  });

  it("answers the same fields in /api/articles, within the description", async () => {
    const list = await expectDescribed(await callRoute(articlesApi, "/api/articles?type=rule"), "/api/articles");
    const byId = new Map(list.map((article: { id: number }) => [article.id, article]));
    expect(byId.get(ids.removesMost)).toMatchObject({ ruleText: { designation: "deregulatory" }, restrictions: { removed: 40 } });
    expect(byId.get(ids.adds)).toMatchObject({ ruleText: { designation: "regulatory" }, restrictions: { removed: 1, added: 4 } });
  });
});

describe("the restrictions filter and sort", () => {
  it("keeps only the rules whose compared redlines remove more restriction words than they add, newest first", async () => {
    expect(idsOf((await feedPage({ ...all, restrictions: "removes" }, 1, 50)).articles)).toEqual([ids.twoParts, ids.removesMost]);
    expect((await feedPage({ ...all, restrictions: "removes" }, 1, 50)).total).toBe(2);
    const answer = await callRoute(articlesApi, "/api/articles?restrictions=removes&limit=1");
    expect(answer.headers.get("X-Total-Count")).toBe("2");
    expect(idsOf(await answer.json())).toEqual([ids.twoParts]);
  });

  it("orders by the restriction words removed, most first, then the newest", async () => {
    const expected = [ids.removesMost, ids.twoParts, ids.adds, ids.news, ids.failed, ids.proposed, ids.pending, ids.unchanged];
    const sorted: ArticleFilters = { ...all, sort: "restrictions-removed" };
    expect(idsOf(await listArticles(sorted))).toEqual(expected);
    const api = async (query: string) => idsOf(await (await callRoute(articlesApi, `/api/articles?${query}`)).json());
    expect([...(await api("sort=restrictions-removed&limit=3")), ...(await api("sort=restrictions-removed&limit=5&offset=3"))]).toEqual(expected);
    expect(await api("sort=restrictions-removed&restrictions=removes")).toEqual([ids.removesMost, ids.twoParts]);
    // Keyset paging (the CSV export's) follows the same order.
    const walked: number[] = [];
    for (let page = await listArticles(sorted, { limit: 3 }); page.length;) {
      walked.push(...idsOf(page));
      const last = page[page.length - 1];
      page = await listArticles(sorted, {
        limit: 3,
        after: { publishDate: last.publishDate, id: last.id, restrictionsRemoved: last.restrictions?.removed ?? 0 },
      });
    }
    expect(walked).toEqual(expected);
    expect(await feedPosition(sorted, ids.adds)).toBe(2);
    expect(await feedPosition({ ...sorted, restrictions: "removes" }, ids.adds)).toBeNull();
    expect(await articleLocation(new URLSearchParams("sort=restrictions-removed"), String(ids.unchanged), undefined)).toEqual({
      href: `/?sort=restrictions-removed#article-${ids.unchanged}`,
    });
  });

  it("reads both from an index of articles, which the redlines keep in step", async () => {
    const conditions = (await filterConditions({ ...all, restrictions: "removes" }, undefined))!;
    const filtered = await queryPlan(sql`SELECT id FROM articles WHERE ${and(...conditions)} ORDER BY publish_date DESC, id DESC LIMIT 12`);
    expect(filtered).toMatch(/articles_removes_restrictions_idx/);
    const sorted = await queryPlan(sql`SELECT id FROM articles ORDER BY restrictions_removed DESC, publish_date DESC, id DESC LIMIT 12`);
    expect(sorted).toMatch(/articles_restrictions_removed_idx/);
    expect(sorted).not.toMatch(/TEMP B-TREE|Sort/);
    const counts = async (key: string) =>
      first(db().select({ removed: t.articles.restrictionsRemoved, added: t.articles.restrictionsAdded }).from(t.articles).where(eq(t.articles.id, ids[key])));
    expect(await counts("twoParts")).toEqual({ removed: 7, added: 1 });
    expect(await counts("pending")).toEqual({ removed: 0, added: 0 });
    // A part compared again (a corrected comparison) moves the article's counts.
    await saveRedline(
      { articleId: ids.twoParts, title: 40, part: 61 },
      { status: "compared", beforeDate: null, afterDate: EFFECTIVE, redline: null, removed: 0, added: 9 },
      NOW,
    );
    expect(await counts("twoParts")).toEqual({ removed: 5, added: 10 });
    expect(idsOf(await listArticles({ ...all, restrictions: "removes" }))).toEqual([ids.removesMost]);
    await saveRedline(
      { articleId: ids.twoParts, title: 40, part: 61 },
      { status: "compared", beforeDate: null, afterDate: EFFECTIVE, redline: null, removed: 2, added: 0 },
      NOW,
    );
    expect(await counts("twoParts")).toEqual({ removed: 7, added: 1 });
  });

  it("is a view parameter: tidy in the feed's address, strict in the API", async () => {
    expect(feedHref({ ...all, restrictions: "removes", sort: "restrictions-removed" })).toBe("/?restrictions=removes&sort=restrictions-removed");
    expect(parseFeedParams(new URLSearchParams("restrictions=removes&sort=restrictions-removed")).filters).toMatchObject({
      restrictions: "removes",
      sort: "restrictions-removed",
    });
    expect(tidyFeedPath(new URL("http://x/?restrictions=&sort=newest&q="))).toBe("/");
    expect(tidyFeedPath(new URL("http://x/?sort=oldest&restrictions=removes"))).toBe("/?restrictions=removes");
    for (const [query, name] of [
      ["restrictions=adds", "restrictions"],
      ["sort=oldest", "sort"],
    ]) {
      const answer = await callRoute(articlesApi, `/api/articles?${query}`);
      expect(answer.status).toBe(400);
      expect((await answer.json()).message).toMatch(new RegExp(`^Invalid '${name}' parameter: must be one of`));
    }
    const page = await (await callRoute(feedLoader, "/?restrictions=removes&sort=restrictions-removed")).json();
    expect(idsOf(page.articles)).toEqual([ids.removesMost, ids.twoParts]);
    // The card's data: the designation and its sentence, not every statement (the page carries its data twice).
    expect(page.articles[0].ruleText).toEqual({
      status: "read",
      designation: "deregulatory",
      designationOrder: "14192",
      designationExpected: false,
      designationSentence: DEREGULATORY,
    });
    expect(page.articles[0].restrictions.removed).toBe(40);
  });

  it("moves the shared pages' revision when a rule text is read or a redline compared", async () => {
    const before = await feedRevision();
    await addRule("late", 40, { parts: [{ title: 7, part: 1 }] });
    const read = await feedRevision();
    expect(read).not.toBe(before);
    await saveRedline(
      { articleId: ids.late, title: 7, part: 1 },
      { status: "compared", beforeDate: null, afterDate: EFFECTIVE, redline: null, removed: 0, added: 0 },
      new Date(Date.now() + 1000),
    );
    expect(await feedRevision()).not.toBe(read);
  });
});

describe("the CSV and the feeds", () => {
  it("give the stated designation, its sentence and the restriction counts their own CSV columns, spreadsheet-safe", async () => {
    const [header, ...rows] = parse(await (await callRoute(csvLoader, "/export.csv?type=rule&sort=restrictions-removed")).text(), { bom: true }) as string[][];
    const columns = ["stated designation", "stated designation sentence", "restrictions removed", "restrictions added"];
    const first = header.indexOf(columns[0]);
    expect(header.slice(first, first + 4)).toEqual(columns);
    const cells = (key: string) => {
      const row = rows.find((cells) => cells[0] === String(ids[key]))!;
      return columns.map((column) => row[header.indexOf(column)]);
    };
    expect(rows[0][0]).toBe(String(ids.removesMost));
    expect(cells("removesMost")).toEqual(["E.O. 14192 deregulatory", DEREGULATORY, "40", "3"]);
    expect(cells("adds")).toEqual(["E.O. 14192 regulatory", `'${REGULATORY}`, "1", "4"]);
    expect(cells("pending")).toEqual(["", "", "", ""]);
    expect(cells("unchanged")).toEqual(["", "", "0", "0"]);
  });

  it("put the stated sentence and the restriction line in the Atom entry's content", async () => {
    const answer = await callRoute(atomLoader, "/feed.atom?restrictions=removes");
    const { feed } = await parseStringPromise(await answer.text());
    expect(feed.title[0]).toBe("Federal Deregulation Tracker: Removes restrictions");
    expect(feed.entry.map((entry: { title: string[] }) => entry.title[0])).toEqual(["Rule twoParts: amendments", "Rule removesMost: amendments"]);
    expect(feed.entry[0].content[0]._).toMatch(/\n\n\u22126 restrictions in 2 CFR parts$/);
    const content = feed.entry[1].content[0];
    expect(content.$.type).toBe("text");
    expect(content._).toContain(`States: E.O. 14192 deregulatory \u2014 \u201c${DEREGULATORY}\u201d`);
    expect(content._).toContain("\u221237 restrictions in 40 CFR 63");
    const pending = await parseStringPromise(await (await callRoute(atomLoader, "/feed.atom?type=rule&q=pending")).text());
    expect(pending.feed.entry[0].content[0]._).toContain("Redline once eCFR publishes the amended text (effective Mar 1, 2025)");
    const news = await parseStringPromise(await (await callRoute(atomLoader, "/feed.atom?q=court")).text());
    expect(news.feed.entry[0].content).toBeUndefined();
  });

  it("give them in the JSON Feed's content and its _deregulation extension, in the view's order", async () => {
    const feed = await (await callRoute(jsonLoader, "/feed.json?sort=restrictions-removed")).json();
    expect(feed.title).toBe("Federal Deregulation Tracker: most restrictions removed first");
    expect(feed.items[0]._deregulation).toEqual({
      stated_designation: "deregulatory",
      stated_designation_order: "14192",
      stated_designation_sentence: DEREGULATORY,
      restrictions_removed: 40,
      restrictions_added: 3,
      restrictions: "\u221237 restrictions in 40 CFR 63",
      redline_pending: null,
    });
    expect(feed.items[0].content_text).toContain("\u221237 restrictions in 40 CFR 63");
    const item = (title: string) => feed.items.find((one: { title: string }) => one.title === title);
    expect(item("Rule adds: amendments")._deregulation.restrictions).toBe("+3 restrictions in 29 CFR 1910");
    expect(item("Rule proposed: amendments")._deregulation).toMatchObject({ stated_designation: "deregulatory", restrictions_removed: null });
    expect(item("A court decision on permits")._deregulation).toBeUndefined();
  });
});
