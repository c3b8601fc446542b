// Related articles: the SPEC score on a hand-computed table, ties, the indexed search against the brute-force
// scorer, and the 150/200-character summary cuts on the cards.
import { MantineProvider } from "@mantine/core";
import { eq, sql } from "drizzle-orm";
import { parseHTML } from "linkedom";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getArticle } from "~/feed/queries.server";
import { searchedRelatedArticles, significantWords } from "~/related/pages.server";
import { idsFromDigits } from "~/related/store/search.server";
import { updateArticleCategory, updateArticleTags } from "~/admin/article-edits.server";
import { toggleBookmark } from "~/articles/store/bookmarks.server";
import { deleteArticles } from "~/articles/store/edits.server";
import { replaceArticleTags } from "~/articles/store/insert.server";
import { recordView } from "~/articles/store/views.server";
import { ArticleCard } from "~/components/ArticleCard";
import { RelatedList } from "~/components/RelatedArticles";
import { all, db, engine, execute, first, t, transaction } from "~/db.server";
import { RELATED_TEXT_CONTROLS, RELATED_TEXT_RANGES } from "../../db/schema";
import { addArticle, clearArticles } from "../support/articles";
import { randomCorpus, seededRandom } from "../support/related-corpus";
import { relatedArticlesBruteForce } from "../support/reference-related";

type Spec = { title: string; summary: string; category: string; source: string; priority: string; tags: string[]; day: number };

/** Inserts an article and then fixes its classification, so the test controls every scored field. */
async function article(spec: Spec) {
  const id = await addArticle({
    title: spec.title,
    summary: spec.summary,
    sourceName: spec.source,
    publishDate: new Date(Date.UTC(2025, 4, spec.day)),
  });
  await execute(db().update(t.articles).set({ category: spec.category, priority: spec.priority, tags: spec.tags }).where(eq(t.articles.id, id)));
  await transaction(function* (tx) {
    yield* replaceArticleTags(tx, id, spec.tags);
  });
  return id;
}

const base = { category: "new-regulations", source: "Agency A", priority: "high" };

describe("the score", () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    await clearArticles();
    ids.target = await article({
      ...base,
      title: "Clean power plant emissions standards",
      summary: "Agency finalizes emissions limits for power plants",
      tags: ["epa", "energy"],
      day: 20,
    });
    // same category 10 + same source 5 + 1 tag 3 + same priority 2 + power, plant, emissions, limits 4 = 24
    ids.a = await article({ ...base, title: "Power plant rule", summary: "Emissions limits", tags: ["epa"], day: 1 });
    // same source 5 + 2 tags 6 = 11
    ids.b = await article({
      category: "legal-decisions",
      source: "Agency A",
      priority: "low",
      title: "Unrelated heading",
      summary: "Nothing shared",
      tags: ["epa", "energy"],
      day: 2,
    });
    // same category 10 (words of 3 characters or fewer do not count)
    ids.c = await article({
      category: "new-regulations",
      source: "Agency B",
      priority: "medium",
      title: "The cat sat",
      summary: "on a mat for us",
      tags: [],
      day: 3,
    });
    // same priority 2 + clean 1 = 3
    ids.d = await article({ category: "policy-analysis", source: "Agency C", priority: "high", title: "Clean water", summary: "", tags: [], day: 4 });
    // nothing shared ("for" is too short): 0, never shown
    ids.e = await article({
      category: "legislative-action",
      source: "Agency D",
      priority: "low",
      title: "Zebra migration for",
      summary: "",
      tags: ["sec"],
      day: 5,
    });
    // 10, like c, but newer: ranks before c
    ids.f = await article({ category: "new-regulations", source: "Agency E", priority: "low", title: "Dog ran", summary: "", tags: [], day: 6 });
  });

  it("matches the hand-computed table, newest first on ties, scores above 0 only", async () => {
    const all = (await searchedRelatedArticles([ids.target], 10))[ids.target];
    expect(all.map((r) => [r.id, r.score])).toEqual([
      [ids.a, 24],
      [ids.b, 11],
      [ids.f, 10],
      [ids.c, 10],
      [ids.d, 3],
    ]);
    expect(await relatedArticlesBruteForce([ids.target], 10)).toEqual({ [ids.target]: all });
  });

  it("shows at most 3 with the fields a card needs", async () => {
    const top = (await searchedRelatedArticles([ids.target]))[ids.target];
    expect(top.map((r) => r.id)).toEqual([ids.a, ids.b, ids.f]);
    expect(top[0]).toEqual({
      id: ids.a,
      title: "Power plant rule",
      summary: "Emissions limits",
      category: "new-regulations",
      sourceName: "Agency A",
      originalUrl: expect.stringMatching(/^https:\/\/example\.gov\//),
      publishDate: new Date(Date.UTC(2025, 4, 1)).toISOString(),
      score: 24,
    });
  });

  it("counts words longer than 3 characters, case-insensitively, once each", async () => {
    expect([...significantWords("EPA rule: the Rule, RULES and Café-2025 ok")].sort()).toEqual(["2025", "café", "rule", "rules"]);
  });
});

describe("the indexed search agrees with the brute-force scorer", () => {
  it("on a small corpus full of ties and shared words", async () => {
    await clearArticles();
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const words = [
      "rule",
      "energy",
      "power",
      "water",
      "safety",
      "notice",
      "meeting",
      "agency",
      "final",
      "proposed",
      "the",
      "for",
      "tax",
      "bank",
      "loans",
      "zoning",
    ];
    const categories = ["new-regulations", "regulatory-rollbacks", "policy-analysis", "legal-decisions", "legislative-action"];
    const tags = ["epa", "energy", "sec", "financial", "healthcare", "urgent"];
    const ids: number[] = [];
    for (let i = 0; i < 400; i++)
      ids.push(
        await article({
          title: Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(words)).join(" ") + ` item${i}`,
          summary: Array.from({ length: Math.floor(random() * 10) }, () => pick(words)).join(" "),
          category: pick(categories),
          source: pick(["Source 1", "Source 2", "Source 3"]),
          priority: pick(["high", "medium", "low"]),
          tags: [...new Set(Array.from({ length: Math.floor(random() * 3) }, () => pick(tags)))],
          day: 1 + Math.floor(random() * 20),
        }),
      );
    const targets = ids.filter((_, i) => i % 9 === 0);
    expect(await searchedRelatedArticles(targets)).toEqual(await relatedArticlesBruteForce(targets));
    expect(await searchedRelatedArticles(targets, 25)).toEqual(await relatedArticlesBruteForce(targets, 25));
  });

  it.each([1, 2, 3, 4, 5, 6])(
    "on a 3,000-article corpus of near-duplicates and awkward spellings (seed %i)",
    async (seed) => {
      await clearArticles();
      const ids = await randomCorpus(seed, 3000);
      const random = seededRandom(seed * 7919);
      const targets = Array.from({ length: 60 }, () => ids[Math.floor(random() * ids.length)]);
      const indexed = await searchedRelatedArticles(targets);
      expect(Object.keys(indexed)).toHaveLength(new Set(targets).size);
      expect(indexed).toEqual(await relatedArticlesBruteForce(targets));
      const some = targets.slice(0, 12);
      expect(await searchedRelatedArticles(some, 12)).toEqual(await relatedArticlesBruteForce(some, 12));
      // Storing the 3,000 articles takes most of the time, on PostgreSQL near a minute on a busy machine.
    },
    180_000,
  );

  it("finds articles whose words the full-text index splits differently", async () => {
    await clearArticles();
    const target = await article({ ...base, title: "Pipeline safety inspection", summary: "Hazardous liquid pipeline operators", tags: [], day: 10 });
    // Only words make these related, and the index reads the glued ones as other words ("pipeline\uE000"),
    // so it alone would never list the first.
    const glued = await article({
      category: "legal-decisions",
      source: "Agency Z",
      priority: "low",
      title: "Pipeline\uE000 and safety\uE000",
      summary: "",
      tags: [],
      day: 1,
    });
    const plain = await article({ category: "legal-decisions", source: "Agency Y", priority: "low", title: "Pipeline notice", summary: "", tags: [], day: 2 });
    const related = (await searchedRelatedArticles([target]))[target];
    expect(related.map((r) => [r.id, r.score])).toEqual([
      [glued, 2],
      [plain, 1],
    ]);
    expect(await relatedArticlesBruteForce([target])).toEqual({ [target]: related });
  });
});

describe("the index lists read as bytes", () => {
  it("reads every id of SQLite's comma-separated list, and none of an empty one", () => {
    expect([...idsFromDigits(Buffer.from("1,22,333,4444,55555,2147483647"))]).toEqual([1, 22, 333, 4444, 55555, 2147483647]);
    expect([...idsFromDigits(Buffer.from("7"))]).toEqual([7]);
    expect([...idsFromDigits(null)]).toEqual([]);
    expect([...idsFromDigits(Buffer.alloc(0))]).toEqual([]);
    const many = Array.from({ length: 5000 }, (_, i) => i * 37 + 1);
    expect([...idsFromDigits(Buffer.from(many.join(",")))]).toEqual(many);
  });
});

describe("answers kept between requests", () => {
  const revision = async () => (await first<{ revision: number }>(sql`SELECT revision FROM article_revision`))!.revision;

  it("stay exact through every change of what the score reads, and only those changes drop them", async () => {
    await clearArticles();
    const target = await article({ ...base, title: "Offshore drilling permits", summary: "Leasing program revised", tags: ["energy"], day: 10 });
    const others: number[] = [];
    for (const day of [1, 2, 3, 4])
      others.push(
        await article({ category: "policy-analysis", source: `Agency ${day}`, priority: "low", title: `Drilling note ${day}`, summary: "", tags: [], day }),
      );
    const agrees = async () => expect(await searchedRelatedArticles([target])).toEqual(await relatedArticlesBruteForce([target]));
    await agrees();
    const cached = (await searchedRelatedArticles([target]))[target];

    // Visitors' reads and writes leave the revision, and so the kept answer, alone.
    const before = await revision();
    await toggleBookmark("visitor-1", others[0]);
    await recordView("visitor-1", others[0]);
    await execute(db().update(t.articles).set({ aiSummary: "A summary." }).where(eq(t.articles.id, others[0])));
    expect(await revision()).toBe(before);
    expect((await searchedRelatedArticles([target]))[target]).toEqual(cached);

    // A new article that shares more enters the top 3.
    const newcomer = await article({ ...base, title: "Offshore drilling leasing", summary: "", tags: ["energy"], day: 5 });
    expect((await searchedRelatedArticles([target]))[target][0].id).toBe(newcomer);
    await agrees();
    // Changes of each scored field: tags, category, text, source and date, and deletion.
    await updateArticleTags(others[1], { tags: ["energy"] });
    await agrees();
    await updateArticleCategory(others[2], "new-regulations");
    await agrees();
    await execute(db().update(t.articles).set({ title: "Offshore drilling permits leasing program" }).where(eq(t.articles.id, others[3])));
    await agrees();
    await execute(
      db()
        .update(t.articles)
        .set({ sourceName: "Agency A", publishDate: new Date(Date.UTC(2025, 4, 30)) })
        .where(eq(t.articles.id, others[0])),
    );
    await agrees();
    await deleteArticles([newcomer]);
    expect((await searchedRelatedArticles([target]))[target].map((r) => r.id)).not.toContain(newcomer);
    await agrees();
  });
});

describe("the characters on which the full-text index and the word rule agree", () => {
  const characters = [...RELATED_TEXT_CONTROLS, ...RELATED_TEXT_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))].map(
    (code) => String.fromCodePoint(code),
  );
  const texts = characters.flatMap((c) => [`abcd${c}efgh`, `wxyz${c}`, `${c}qrst`, `mn${c}op`, `${c}${c}${c}${c}`, `Zz${c}Zz`]);

  /** On SQLite, whether the FTS5 index (its own tokenizer, on a probe table) finds each word of each text. */
  function sqliteFinds(): (word: string, i: number) => boolean {
    const client = db().$client;
    const created = client.prepare("SELECT sql FROM sqlite_master WHERE name = 'articles_fts'").pluck().get() as string;
    const tokenizer = /tokenize\s*=\s*("[^"]*"|'[^']*')/.exec(created)![1];
    client.exec(`CREATE VIRTUAL TABLE temp.related_probe USING fts5(title, summary, tokenize=${tokenizer})`);
    const insert = client.prepare("INSERT INTO temp.related_probe (rowid, title, summary) VALUES (?, ?, '')");
    client.transaction(() => texts.forEach((text, i) => insert.run(i + 1, text)))();
    const match = client.prepare("SELECT 1 FROM temp.related_probe WHERE rowid = ? AND related_probe MATCH ?").pluck();
    const found = texts.map((_, i) => (word: string) => Boolean(match.get(i + 1, `{title summary} : "${word.replaceAll('"', '""')}"`)));
    const answers = texts.map((text, i) => new Set([...significantWords(text)].filter(found[i])));
    client.exec("DROP TABLE temp.related_probe");
    return (word, i) => answers[i].has(word);
  }

  /** On PostgreSQL, whether the words the related_words index lists for each text hold each word. */
  async function postgresFinds(): Promise<(word: string, i: number) => boolean> {
    const rows = await all<{ words: string[] }>(
      sql`SELECT related_words(text, '') AS words FROM unnest(${sql.param(texts)}::text[]) WITH ORDINALITY AS probe(text, i) ORDER BY i`,
    );
    const answers = rows.map((row) => new Set(row.words));
    return (word, i) => answers[i].has(word);
  }

  it("lets the index find every word of text written with them", async () => {
    const finds = engine() === "sqlite" ? sqliteFinds() : await postgresFinds();
    const missed = texts.flatMap((text, i) => [...significantWords(text)].filter((word) => !finds(word, i)).map((word) => `${text} -> ${word}`));
    expect(characters.length).toBeGreaterThan(700);
    expect(missed).toEqual([]);
  });
});

describe("summary cuts on cards", () => {
  const long = "Regulators proposed sweeping changes to reporting duties for small lenders. ".repeat(6).trim();
  const render = (element: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(MantineProvider, null, element));
  const visibleShortText = (html: string, className: string) =>
    parseHTML(`<html><body>${html}</body></html>`).document.querySelector(`.${className}`)?.textContent ?? "";
  // The text is written once: the first part (before its ellipsis), then the rest inside the <details>.
  const fullText = (html: string) => {
    const document = parseHTML(`<html><body>${html}</body></html>`).document;
    const head = document.querySelector(".summary-short")?.textContent ?? "";
    const rest = document.querySelector(".summary-short + details > p")?.textContent ?? "";
    return `${head.slice(0, -1)}${rest}`;
  };

  it("cuts the card summary at 200 characters and a related summary at 150, with the full text behind expand", async () => {
    const id = await addArticle({ title: "Long summary", summary: long });
    const card = render(createElement(ArticleCard, { article: (await getArticle(id))!, timeZone: "UTC" }));
    const cardShort = visibleShortText(card, "summary-short");
    expect(cardShort.length).toBeLessThanOrEqual(201);
    expect(cardShort.length).toBeGreaterThan(150);
    expect(cardShort.endsWith("…")).toBe(true);
    expect(fullText(card)).toBe(long);
    const sentences = (html: string) => html.split("Regulators proposed").length - 1;
    expect(sentences(card), "the text is written once").toBe(sentences(long));
    expect(card).toContain("Read more");

    const related = render(
      createElement(RelatedList, {
        related: [{ id, title: "Long summary", summary: long, category: "new-regulations", sourceName: "S", publishDate: new Date().toISOString() }],
        timeZone: "UTC",
        search: "?q=x",
      }),
    );
    const relatedShort = visibleShortText(related, "summary-short");
    expect(relatedShort.length).toBeLessThanOrEqual(151);
    expect(relatedShort.length).toBeGreaterThan(90);
    expect(fullText(related)).toBe(long);
    expect(related).toContain(`href="/articles/${id}/locate?q=x"`);
  });
});
