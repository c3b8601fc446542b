// The page numbers the pagination shows (app/components/FeedPagination.tsx), against the rule they follow
// written out page by page: first, last, two either side of the current page, one gap for each run left out.
import { describe, expect, it } from "vitest";
import { visiblePages } from "~/components/FeedPagination";

function pageByPage(page: number, pageCount: number): (number | "gap")[] {
  const pages: (number | "gap")[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  return pages;
}

describe("visiblePages", () => {
  it("shows the first, the last and two either side, with a gap for each run left out", () => {
    expect(visiblePages(1, 8334)).toEqual([1, 2, 3, "gap", 8334]);
    expect(visiblePages(500, 8334)).toEqual([1, "gap", 498, 499, 500, 501, 502, "gap", 8334]);
    expect(visiblePages(8334, 8334)).toEqual([1, "gap", 8332, 8333, 8334]);
    expect(visiblePages(4, 10)).toEqual([1, 2, 3, 4, 5, 6, "gap", 10]);
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 0)).toEqual([]);
  });

  it("agrees with the page-by-page rule for every page of lists up to 40 pages, and pages beyond the list", () => {
    for (let pageCount = 0; pageCount <= 40; pageCount++) {
      for (let page = -2; page <= pageCount + 3; page++) expect(visiblePages(page, pageCount), `${page} of ${pageCount}`).toEqual(pageByPage(page, pageCount));
    }
  });
});
