// Rulemakings over their routes, on the fixtures of tests/support/rulemakings.ts: /api/rulemakings/{key}
// (routes/api.rulemakings.$key) and the page (routes/rulemakings.$key) through their loaders; the answers checked
// against the OpenAPI description (api-docs/openapi.server), with /api/articles' rulemaking field; and the
// production build over HTTP: the page, the JSON, a 404 page, the card's link on the feed and the grouped view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as articlesApi } from "~/routes/api.articles";
import { loader as rulemakingApi } from "~/routes/api.rulemakings.$key";
import { loader as rulemakingPage } from "~/routes/rulemakings.$key";
import { callRoute } from "../support/load-context";
import { expectDescribed } from "../support/openapi";
import { freePort } from "../support/ports";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { DOCKET, RIN, ingestRulemakingFixtures } from "../support/rulemakings";

ingestRulemakingFixtures();

describe("the routes", () => {
  it("/api/rulemakings/{key} answers the rulemaking, any case, and 404 with a message for an unknown key", async () => {
    const found = await callRoute(rulemakingApi, "/api/rulemakings/1205-ac12", {}, { key: "1205-ac12" });
    expect(found.status).toBe(200);
    const body = await found.json();
    expect(body).toMatchObject({ key: RIN, standing: "vacated" });
    expect(body.documents).toHaveLength(4);
    for (const key of ["9999-ZZ99", "..", "a b"]) {
      const missing = await callRoute(rulemakingApi, `/api/rulemakings/${encodeURIComponent(key)}`, {}, { key });
      expect(missing.status, key).toBe(404);
      expect(await missing.json()).toEqual({ message: "Rulemaking not found" });
    }
  });

  it("the page answers one address per rulemaking and 404 for an unknown one", async () => {
    const page = await callRoute(rulemakingPage, `/rulemakings/${RIN}`, {}, { key: RIN });
    expect(page.status).toBe(200);
    const lower = await callRoute(rulemakingPage, "/rulemakings/1205-ac12", {}, { key: "1205-ac12" });
    expect(lower.status).toBe(301);
    expect(lower.headers.get("Location")).toBe(`/rulemakings/${RIN}`);
    const missing = await callRoute(rulemakingPage, "/rulemakings/9999-ZZ99", { headers: { Accept: "text/html" } }, { key: "9999-ZZ99" });
    expect(missing.status).toBe(404);
  });
});

describe("the API description", () => {
  it("describes the rulemaking's answer, its 404, and the articles' rulemaking field", async () => {
    await expectDescribed(await callRoute(rulemakingApi, `/api/rulemakings/${RIN}`, {}, { key: RIN }), "/api/rulemakings/{key}");
    await expectDescribed(await callRoute(rulemakingApi, `/api/rulemakings/${DOCKET}`, {}, { key: DOCKET }), "/api/rulemakings/{key}");
    await expectDescribed(await callRoute(rulemakingApi, "/api/rulemakings/9999-ZZ99", {}, { key: "9999-ZZ99" }), "/api/rulemakings/{key}");
    const listed = await expectDescribed(await callRoute(articlesApi, "/api/articles?limit=50"), "/api/articles");
    expect(listed.some((article: { rulemaking: unknown }) => article.rulemaking !== null)).toBe(true);
  });
});

describe("over HTTP", () => {
  let web: ProductionServer;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    web = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL! });
  }, 300_000);
  afterAll(() => web?.stop());

  it("serves the page, the JSON, a 404 page, and the card's link on the feed", async () => {
    const page = await fetch(`${base}/rulemakings/${RIN}`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Vacated", "Kansas v. Department of Labor", "H.J.Res. 77", "Delay of effective date", "Final Rule Stage", "Past comment deadlines"]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain("Growers Association v. Su");
    // One copy for every reader, as the feed (the same script nonce again; a page rendered per request has a new one).
    const nonce = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce(page)).toBeTruthy();
    expect(nonce(await fetch(`${base}/rulemakings/${RIN}`, { headers: { Accept: "text/html" } }))).toBe(nonce(page));

    const api = await fetch(`${base}/api/rulemakings/${RIN}`);
    expect(api.status).toBe(200);
    expect(api.headers.get("content-type")).toMatch(/application\/json/);
    expect((await api.json()).documents.map((d: { action: string }) => d.action)).toEqual(["nprm", "final", "correction", "delay"]);

    const missing = await fetch(`${base}/api/rulemakings/9999-ZZ99`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Rulemaking not found" });
    expect((await fetch(`${base}/rulemakings/9999-ZZ99`, { headers: { Accept: "text/html" } })).status).toBe(404);

    const feed = await (await fetch(`${base}/`, { headers: { Accept: "text/html" } })).text();
    expect(feed).toContain(`href="/rulemakings/${RIN}"`);
    expect(feed).toContain("Part of a rulemaking: 4 documents since 2023");

    const rollbacks = await (await fetch(`${base}/?category=regulatory-rollbacks`, { headers: { Accept: "text/html" } })).text();
    expect(rollbacks).toContain('href="/?category=regulatory-rollbacks&amp;group=rulemaking"');
    const grouped = await fetch(`${base}/?category=regulatory-rollbacks&group=rulemaking`, { headers: { Accept: "text/html" } });
    expect(grouped.status).toBe(200);
    const groupedHtml = await grouped.text();
    expect(groupedHtml).toContain("Rulemakings, the latest move first");
    expect(groupedHtml).toContain("Last move: Delay of effective date");
    expect(groupedHtml).toContain(`href="/rulemakings/${RIN}"`);
    // Shared like every public view, and revalidated by its ETag.
    const again = await fetch(`${base}/?category=regulatory-rollbacks&group=rulemaking`, { headers: { Accept: "text/html" } });
    expect(nonce(again)).toBeTruthy();
    expect(nonce(again)).toBe(nonce(grouped));
    const etag = grouped.headers.get("etag")!;
    const revalidated = await fetch(`${base}/?category=regulatory-rollbacks&group=rulemaking`, { headers: { Accept: "text/html", "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    const documents = await fetch(`${base}/?category=regulatory-rollbacks`, { headers: { Accept: "text/html" } });
    expect(documents.headers.get("etag")).not.toBe(etag);
    // Another view has no grouping: the parameter goes, as an untidy one does.
    const odd = await fetch(`${base}/?category=new-regulations&group=rulemaking`, { headers: { Accept: "text/html" }, redirect: "manual" });
    expect(odd.status).toBe(302);
    expect(odd.headers.get("location")).toBe("/?category=new-regulations");
    expect(web.alarmingLines).toEqual([]);
  });
});
