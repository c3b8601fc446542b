// What every feed page shows beside its cards (app/feed/page-parts.server.ts) is read once per revision of the shared
// pages: the same answer while nothing changed, a new one as soon as an article, a source or the trends change.
import { describe, expect, it } from "vitest";
import { db, execute, t } from "~/db.server";
import { feedPageParts } from "~/feed-page/parts.server";
import { sharedPageKey } from "~/feed/shared-feed.server";
import { addArticle } from "../support/articles";

describe("the feed page's parts beside the cards", () => {
  it("are read again only when the revision moves", async () => {
    const first = await feedPageParts();
    expect(await feedPageParts()).toBe(first);

    await addArticle({ title: "Parts test rule", agencies: ["Parts Test Agency"], documentType: "Rule" });
    const afterArticle = await feedPageParts();
    expect(afterArticle).not.toBe(first);
    expect(afterArticle.facets.agencies.map((a) => a.name)).toContain("Parts Test Agency");

    await execute(db().insert(t.sources).values({ name: "Parts Test Source", url: "https://parts.example.gov/feed", type: "rss", category: "news" }));
    const afterSource = await feedPageParts();
    // Listed under its category, with its site's address and not its feed's.
    expect(afterSource.sources.news.find((s) => s.name === "Parts Test Source")?.site).toBe("https://parts.example.gov");
    expect(
      Object.values(afterSource.sources)
        .flat()
        .filter((s) => s.name === "Parts Test Source"),
    ).toHaveLength(1);
    expect(await feedPageParts()).toBe(afterSource);
  });
});

describe("the shared key of an article's related articles", () => {
  it("keeps the feed view it was opened from, and refuses other parameters", () => {
    expect(sharedPageKey("/articles/12/related", "")).toBe("/articles/12/related");
    expect(sharedPageKey("/articles/12/related", "?category=new-regulations&page=2")).toBe("/articles/12/related?category=new-regulations&page=2");
    expect(sharedPageKey("/articles/12/related", "?_data=routes%2Farticles.%24id.related")).toBeNull();
    expect(sharedPageKey("/articles/12-slug/related", "")).toBeNull();
  });
});
