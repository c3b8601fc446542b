// /api/articles/facets: the counts of a view computed once per content revision (a repeated call and a 304 cost no
// counting), a new article changing the answer, and at most two calls per address at once (the extra call refused
// with 429 and Retry-After) while another address is still answered.
import { beforeAll, describe, expect, it } from "vitest";
import { countsLeftThisSecond, FACETS_LIMITS, facetsComputed } from "~/feed/identifier-facets.server";
import { loader as facetsApi } from "~/routes/api.articles.facets";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";

const RIN = "2060-AV83";

beforeAll(async () => {
  for (let i = 0; i < 30; i++)
    await addArticle({
      title: `Air emission standards update ${i}`,
      manualClassification: { category: i % 2 ? "regulatory-rollbacks" : "new-regulations", priority: i % 3 ? "medium" : "high", tags: [] },
      regulationIdNumbers: [RIN, `2060-A${String(i).padStart(3, "0")}`],
      docketIds: ["EPA-HQ-OAR-2021-0317"],
      cfrReferences: ["40 CFR 63"],
    });
});

/** Waits until the site's budget of counts is whole again (a new second), so a test's counts are its own. */
async function wholeBudget() {
  while (countsLeftThisSecond() < FACETS_LIMITS.countsPerSecond) await new Promise((resolve) => setTimeout(resolve, 10));
}

const facetsFrom = (address: string, query: string, headers: Record<string, string> = {}) =>
  callRoute(facetsApi, `/api/articles/facets?${query}`, { headers: { "X-Forwarded-For": address, ...headers } });

describe("/api/articles/facets", () => {
  it("counts a view once per content revision: a repeated call and a 304 are served without counting again", async () => {
    await wholeBudget();
    const before = facetsComputed();
    const first = await facetsFrom("198.51.100.1", "category=regulatory-rollbacks&priority=medium");
    expect(first.status).toBe(200);
    const counts = await first.json();
    expect(counts.rins[0]).toEqual({ value: RIN, count: 10 });
    const again = await facetsFrom("198.51.100.2", "priority=medium&category=regulatory-rollbacks");
    expect(await again.json()).toEqual(counts);
    const held = await facetsFrom("198.51.100.3", "category=regulatory-rollbacks&priority=medium", { "If-None-Match": first.headers.get("ETag")! });
    expect(held.status).toBe(304);
    expect(facetsComputed() - before).toBe(1);

    // A new article is a new revision: counted again, and the answer says so.
    await wholeBudget();
    await addArticle({
      title: "Air emission standards rollback",
      manualClassification: { category: "regulatory-rollbacks", priority: "medium", tags: [] },
      regulationIdNumbers: [RIN],
    });
    const changed = await facetsFrom("198.51.100.1", "category=regulatory-rollbacks&priority=medium", { "If-None-Match": first.headers.get("ETag")! });
    expect(changed.status).toBe(200);
    expect((await changed.json()).rins[0]).toEqual({ value: RIN, count: 11 });
    expect(facetsComputed() - before).toBe(2);
  });

  it("runs two calls at a time per address: the extra parallel call is refused with 429 and Retry-After", async () => {
    const views = ["category=new-regulations&limit=3", "category=new-regulations&limit=4", "category=new-regulations&limit=5"];
    await wholeBudget();
    const answers = await Promise.all(views.map((view) => facetsFrom("203.0.113.9", view)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    expect((await refused.json()).message).toMatch(/counts of identifiers running already/);
    // Another address is answered meanwhile, and the refused views are answered once the first is done.
    await wholeBudget();
    const [mine, other] = await Promise.all([facetsFrom("203.0.113.9", views[1]), facetsFrom("203.0.113.10", views[2])]);
    expect([mine.status, other.status]).toEqual([200, 200]);
  });

  it("starts at most four counts a second in all: the rest are refused with 429 and Retry-After, cached views still answered", async () => {
    await wholeBudget();
    const cached = await facetsFrom("192.0.2.1", "category=new-regulations&limit=3");
    expect(cached.status).toBe(200);
    await wholeBudget();
    // Twelve new views from twelve addresses at once: the four of one second are counted, the others refused.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => facetsFrom(`192.0.2.${10 + n}`, `type=rule&limit=${10 + n}`)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(FACETS_LIMITS.countsPerSecond);
    expect(refused[0].headers.get("Retry-After")).toBe("1");
    expect((await refused[0].json()).message).toMatch(/Too many counts of identifiers/);
    // A kept answer needs no budget.
    expect((await facetsFrom("192.0.2.99", "category=new-regulations&limit=3")).status).toBe(200);
  });
});
