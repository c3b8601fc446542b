// Deep feed pages started at the marks kept per article revision (app/feed/store/page-marks.server.ts): every page
// of every view with marks is the page an OFFSET gives (tests/support/reference-queries.ts), at one revision and
// after each kind of change that moves articles in or out of a view or along its order. On PostgreSQL no view has
// marks, and the pages are compared all the same.
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, engine, execute, t } from "~/db.server";
import type { ArticleFilters } from "~/feed/filters";
import { feedPage, listArticles } from "~/feed/queries.server";
import { markedView, MARK_EVERY, pageMarksWalked } from "~/feed/store/page-marks.server";
import { writeArticleRows } from "../support/article-rows";
import { countArticlesPlain, listArticlesPlain } from "../support/reference-queries";

const PAGE = 12;
const COUNT = 3 * MARK_EVERY + 50;
const CATEGORIES = ["new-regulations", "regulatory-rollbacks", "legal-decisions"] as const;
const PRIORITIES = ["high", "medium", "low"] as const;
const sqlite = engine() === "sqlite";

const VIEWS: ArticleFilters[] = [
  { timeframe: "all" },
  { timeframe: "all", saved: false },
  { timeframe: "all", category: "new-regulations" },
  { timeframe: "all", priority: "low" },
  { timeframe: "all", category: "regulatory-rollbacks", priority: "high" },
];

let ids: number[] = [];

beforeAll(async () => {
  const start = Date.UTC(2025, 0, 1);
  ids = await writeArticleRows(
    db().$client,
    Array.from({ length: COUNT }, (_, index) => ({
      title: `Marked page article ${index + 1}`,
      category: CATEGORIES[index % 3],
      priority: PRIORITIES[Math.floor(index / 3) % 3],
      originalUrl: `https://example.gov/page-marks/${index + 1}`,
      // Runs of articles published at the same instant: their order is their ids', which a mark must keep too.
      publishDate: new Date(start + Math.floor(index / 7) * 60_000),
    })),
  );
});

/** Offsets around each mark, the last page and past it, for a view of `total` articles. */
function offsetsOf(total: number) {
  const offsets = [0, PAGE];
  for (let mark = MARK_EVERY; mark < total + MARK_EVERY; mark += MARK_EVERY) offsets.push(mark - PAGE, mark - 5, mark, mark + 7, mark + 600);
  offsets.push(total - PAGE, total - 1, total, total + MARK_EVERY);
  return offsets.filter((offset) => offset >= 0);
}

/** Every offset's page of every view through listArticles, against the plain OFFSET of the same filters. */
async function expectEveryPageAsOffsetGives() {
  for (const filters of [...VIEWS, { timeframe: "all", category: "new-regulations", sort: "most-commented" } as const]) {
    const total = (await feedPage(filters, 1, PAGE)).total;
    // The view's total, kept beside its marks, is the count of the data as it stands.
    expect({ filters, total }).toEqual({ filters, total: await countArticlesPlain(filters) });
    for (const offset of offsetsOf(total)) {
      const page = (await listArticles(filters, { limit: PAGE, offset })).map((article) => article.id);
      const plain = (await listArticlesPlain(filters, { limit: PAGE, offset })).map((article) => article.id);
      expect({ filters, offset, page }).toEqual({ filters, offset, page: plain });
    }
  }
}

describe("deep feed pages started at marks", () => {
  it("gives every page an OFFSET gives, and walks each mark once per revision", async () => {
    const before = pageMarksWalked();
    await expectEveryPageAsOffsetGives();
    const walked = pageMarksWalked() - before;
    // Marks are found for each view long enough (the whole feed, which its `saved: false` spelling shares: 3; one
    // category: 1; one priority: 1) ...
    if (sqlite) expect(walked).toBe(3 + 1 + 1);
    else expect(walked).toBe(0);
    // ... and kept while the revision stands.
    await expectEveryPageAsOffsetGives();
    expect(pageMarksWalked() - before).toBe(walked);
  });

  it("gives the same pages after articles arrive, leave, change category or priority, or move in the order", async () => {
    const newest = Date.UTC(2026, 0, 1);
    const changes: [string, () => Promise<unknown>][] = [
      ["a newer article", () => writeArticleRows(db().$client, [{ category: "new-regulations", priority: "low", publishDate: new Date(newest) }])],
      [
        "articles deleted",
        () =>
          execute(
            db()
              .delete(t.articles)
              .where(inArray(t.articles.id, [ids[5], ids[MARK_EVERY + 3], ids[2 * MARK_EVERY]])),
          ),
      ],
      [
        "a category changed",
        () =>
          execute(
            db()
              .update(t.articles)
              .set({ category: "new-regulations" })
              .where(eq(t.articles.id, ids[COUNT - 10])),
          ),
      ],
      ["a priority changed", () => execute(db().update(t.articles).set({ priority: "low" }).where(eq(t.articles.id, ids[40])))],
      [
        "an old article made the newest",
        () =>
          execute(
            db()
              .update(t.articles)
              .set({ publishDate: new Date(newest + 60_000) })
              .where(eq(t.articles.id, ids[7])),
          ),
      ],
    ];
    for (const [change, make] of changes) {
      const walkedBefore = pageMarksWalked();
      await make();
      await expectEveryPageAsOffsetGives().catch((error: Error) => {
        throw new Error(`after ${change}: ${error.message}`);
      });
      if (sqlite) expect(pageMarksWalked(), `marks found anew after ${change}`).toBeGreaterThan(walkedBefore);
    }
  });

  it("keeps marks only for the feed by category and priority, newest first", () => {
    const marked = (filters: ArticleFilters) => markedView(filters) !== undefined;
    expect(VIEWS.map(marked)).toEqual(VIEWS.map(() => sqlite));
    expect(markedView({ timeframe: "all" })).toBe(markedView({ timeframe: "all", saved: false }));
    for (const filters of [
      { timeframe: "week" },
      { timeframe: "all", search: "rule" },
      { timeframe: "all", saved: true },
      { timeframe: "all", sort: "most-commented" },
      { timeframe: "all", agency: "Environmental Protection Agency" },
      { timeframe: "all", documentType: "rule" },
      { timeframe: "all", rin: "2060-AV83" },
      { timeframe: "all", fy: 2026 },
      { timeframe: "all", restrictions: "removes" },
    ] as ArticleFilters[])
      expect(marked(filters), JSON.stringify(filters)).toBe(false);
  });
});
