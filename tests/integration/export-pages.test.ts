// How the CSV export reads the view (app/feed/export.server.ts): the articles a hundred at a time, after walking the
// view's order five thousand at a time, never further ahead of its reader than the stream's buffers, and the same
// rows in the same order as one read of the whole view. What it holds at once is what bounds the web process's memory
// (docs/benchmarks.md, "The export's memory").
import { parse } from "csv-parse/sync";
import type { Readable } from "node:stream";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db.server";
import { exportCsv } from "~/feed/export.server";
import type { ArticleFilters } from "~/feed/filters";
import * as queries from "~/feed/queries.server";
import { writeArticleRows } from "../support/article-rows";

// The export's reads, counted: each call's ids, and the calls still running.
const reads = vi.hoisted(() => ({ ids: [] as number[][], running: new Set<Promise<unknown>>() }));
vi.mock("~/feed/queries.server", async (original) => {
  const actual = await original<typeof import("~/feed/queries.server")>();
  return {
    ...actual,
    articlesWithIds: (ids: number[]) => {
      reads.ids.push(ids);
      const read = actual.articlesWithIds(ids);
      reads.running.add(read);
      void read.finally(() => reads.running.delete(read));
      return read;
    },
  };
});

const ALL: ArticleFilters = { timeframe: "all" };
const SEARCH: ArticleFilters = { timeframe: "all", search: "pipeline" };
/** More than one walk of the view, many of them published at one instant across the walk's end. */
const COUNT = 5_600;

beforeAll(async () => {
  const instant = new Date(1_700_000_000_000);
  await writeArticleRows(
    db().$client,
    Array.from({ length: COUNT }, (_, index) => ({
      title: `${index % 3 === 0 ? "Pipeline" : "Harbor"} notice ${index + 1}`,
      summary: `A summary long enough that a few rows fill the stream's buffers. ${"x".repeat(1_500)}`,
      priority: "low",
      sourceName: "Export pages",
      originalUrl: `https://example.gov/export-pages/${index + 1}`,
      publishDate: index < 4_000 ? new Date(instant.getTime() + index * 1_000) : instant,
    })),
  );
});

afterEach(() => {
  reads.ids.length = 0;
});

async function text(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const idsOf = (csv: string) => (parse(csv, { bom: true, from_line: 2 }) as string[][]).map((row) => Number(row[0]));

describe("the CSV export's reads", () => {
  it.each([
    ["every article", ALL],
    ["a search", SEARCH],
  ])("of %s: a hundred articles at a time, each once, in the view's order", async (_name, filters) => {
    const ids = idsOf(await text(await exportCsv(filters, { client: "pages" })));
    const expected = (await queries.listArticles(filters)).map((article) => article.id);
    expect(expected.length).toBeGreaterThan(filters.search ? 1_000 : COUNT - 1);
    expect(ids).toEqual(expected);
    expect(Math.max(...reads.ids.map((page) => page.length))).toBe(100);
    expect(reads.ids.flat()).toEqual(expected);
  });

  it("reads no further ahead of a reader who stops than the stream's buffers hold", async () => {
    const csv = await exportCsv(ALL, { client: "pages" });
    // The reader takes the header line and no more: the stream reads a page ahead and asks for nothing further.
    await new Promise((resolve) => csv.once("readable", resolve));
    expect(String(csv.read())).toContain('"id","published"');
    while (!reads.ids.length) await new Promise((resolve) => setImmediate(resolve));
    // Let every read already started finish and the export take its turn between pages, a few times over: an export
    // that ignored the stream's back-pressure would ask for a page more each time.
    for (let turn = 0; turn < 5; turn++) {
      while (reads.running.size) await Promise.all(reads.running);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(reads.ids.length).toBeGreaterThan(0);
    expect(reads.ids.length).toBeLessThanOrEqual(2);
    csv.destroy();
  });
});
