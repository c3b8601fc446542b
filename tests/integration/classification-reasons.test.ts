// Why an article has its category and priority: stored at ingestion, renewed by the recategorize and
// fix-priorities jobs (hand-edited articles untouched), set by manual edits, and served by the /api.
// The Federal Register fields the classifier may read reach it both at ingestion and in the jobs.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as classify from "~/classify/classifier";
import { fixPriorities, recategorizeArticles } from "~/classify/reclassify.server";
import { execute, first, db, t } from "~/db.server";
import { federalRegisterArticle, type FederalRegisterDocument } from "~/ingest/federal-register";
import * as addArticleRoute from "~/routes/api.admin.add-article";
import * as articleById from "~/routes/api.articles.$id";
import * as articleCategory from "~/routes/api.articles.$id.category";
import * as articleTags from "~/routes/api.articles.$id.tags";
import { loader as articlesLoader } from "~/routes/api.articles";
import { addArticle, clearArticles } from "../support/articles";
import { call, makeUser, type TestUser } from "../support/auth";

// The real classifier, watched: which signals does it get?
vi.mock("~/classify/classifier", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/classify/classifier")>();
  return { ...actual, classifyArticle: vi.fn(actual.classifyArticle) };
});
const classifier = vi.mocked(classify.classifyArticle);

let editor: TestUser;
let admin: TestUser;
beforeAll(async () => {
  editor = await makeUser("editor");
  admin = await makeUser("admin");
});
beforeEach(async () => {
  await clearArticles();
  classifier.mockClear();
});
afterAll(() => classifier.mockRestore());

const row = async (id: number) => (await first(db().select().from(t.articles).where(eq(t.articles.id, id))))!;

/** A Federal Register document as the API v1 answers it, with the further fields. */
const delayDoc: FederalRegisterDocument = {
  document_number: "2025-90001",
  title: "Trichloroethylene (TCE); Regulation Under the Toxic Substances Control Act (TSCA); Delay of Effective Date",
  abstract: "EPA is issuing this final rule to delay the effective date of certain provisions of the TCE rule.",
  html_url: "https://www.federalregister.gov/documents/2025/06/20/2025-90001/tce-delay",
  publication_date: "2025-06-20",
  type: "Rule",
  agencies: [{ name: "Environmental Protection Agency" }],
  significant: false,
  action: "Final rule; delay of effective date.",
  dates: "This rule is effective June 20, 2025.",
  regulation_id_numbers: ["2070-AK83"],
  topics: ["Environmental protection", "Chemicals"],
  cfr_references: [{ title: 40, part: 751 }],
  page_length: 3,
};
const SIGNALS = {
  action: "Final rule; delay of effective date.",
  dates: "This rule is effective June 20, 2025.",
  regulationIdNumbers: ["2070-AK83"],
  topics: ["Environmental protection", "Chemicals"],
  cfrReferences: ["40 CFR 751"],
  pageLength: 3,
};

describe("at ingestion", () => {
  it("stores the Federal Register fields and the classifier's reasons, and hands the fields to the classifier", async () => {
    const id = await addArticle(federalRegisterArticle(delayDoc, { id: null, name: "Federal Register", category: "government" }));
    expect(classifier).toHaveBeenCalledWith(expect.objectContaining(SIGNALS));
    expect(await row(id)).toMatchObject({
      registerAction: SIGNALS.action,
      registerDates: SIGNALS.dates,
      regulationIdNumbers: SIGNALS.regulationIdNumbers,
      topics: SIGNALS.topics,
      cfrReferences: SIGNALS.cfrReferences,
      pageLength: 3,
      category: "regulatory-rollbacks",
      categoryReason: "rollback: action 'final rule; delay of effective date'",
      priority: "medium",
      priorityReason: "medium: rollback of requirements",
    });
  });
});

describe("the recategorize and fix-priorities jobs", () => {
  it("give stored articles reasons (rows from before reasons too), judge with the stored fields, and leave hand-edited ones alone", async () => {
    const id = await addArticle(federalRegisterArticle(delayDoc, { id: null, name: "Federal Register", category: "government" }));
    const manual = await addArticle({ title: "Rescission of Regulations Regarding Plans of Operations for Mining Claims" });
    // As if stored before reasons existed, or by older rules.
    await execute(db().update(t.articles).set({ categoryReason: null, priorityReason: null }).where(eq(t.articles.id, id)));
    await execute(db().update(t.articles).set({ manuallyTagged: true, categoryReason: null, priorityReason: null }).where(eq(t.articles.id, manual)));
    classifier.mockClear();

    expect(await recategorizeArticles()).toEqual({ updated: 1 });
    expect(classifier).toHaveBeenCalledWith(expect.objectContaining(SIGNALS), expect.any(Date));
    expect(await row(id)).toMatchObject({ categoryReason: "rollback: action 'final rule; delay of effective date'", priorityReason: null });
    expect(await fixPriorities()).toEqual({ updated: 1 });
    expect(await row(id)).toMatchObject({ priority: "medium", priorityReason: "medium: rollback of requirements" });
    expect(await row(manual)).toMatchObject({ categoryReason: null, priorityReason: null });
    // Nothing changed since: nothing to write.
    expect(await recategorizeArticles()).toEqual({ updated: 0 });
    expect(await fixPriorities()).toEqual({ updated: 0 });
  });

  it("renew the priority reason as a comment deadline comes close and passes", async () => {
    const id = await addArticle({ title: "Pipeline Safety: Gas Gathering Lines", documentType: "Proposed Rule", commentsCloseOn: "2025-06-05" });
    await fixPriorities(new Date("2025-06-01T12:00:00Z"));
    expect(await row(id)).toMatchObject({ priority: "high", priorityReason: "high: comments close in 4 days" });
    await fixPriorities(new Date("2025-06-10T12:00:00Z"));
    expect(await row(id)).toMatchObject({ priority: "medium", priorityReason: "medium: proposed rule" });
  });
});

describe("manual edits and the /api", () => {
  it("record 'set by an editor' for a changed category or priority, keep the reason of an unchanged one, and serve both", async () => {
    const id = await addArticle({ title: "EPA repeals the emissions rule", documentType: "Rule" });
    const before = await row(id);
    expect(before.categoryReason).toBe("rollback: 'repeals'");

    const tags = await call(articleTags, `/api/articles/${id}/tags`, {
      method: "PATCH",
      user: editor,
      params: { id: String(id) },
      body: { tags: ["epa"], priority: before.priority },
    });
    expect(await tags.json()).toMatchObject({ priority: before.priority, priorityReason: before.priorityReason });

    await call(articleTags, `/api/articles/${id}/tags`, {
      method: "PATCH",
      user: editor,
      params: { id: String(id) },
      body: { tags: ["epa"], priority: "high" },
    });
    const category = await call(articleCategory, `/api/articles/${id}/category`, {
      method: "PATCH",
      user: editor,
      params: { id: String(id) },
      body: { category: "legal-decisions" },
    });
    expect(await category.json()).toMatchObject({ categoryReason: "set by an editor", priorityReason: "set by an editor" });

    const one = await call(articleById, `/api/articles/${id}`, { params: { id: String(id) } });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      id,
      category: "legal-decisions",
      categoryReason: "set by an editor",
      priority: "high",
      priorityReason: "set by an editor",
    });
    const list = (await (await call({ loader: articlesLoader }, "/api/articles")).json()) as { id: number; categoryReason: string }[];
    expect(list.find((a) => a.id === id)).toMatchObject({ categoryReason: "set by an editor", priorityReason: "set by an editor" });
    expect((await call(articleById, "/api/articles/999999", { params: { id: "999999" } })).status).toBe(404);
  });

  it("gives an article added by hand editor reasons", async () => {
    const response = await call(addArticleRoute, "/api/admin/add-article", {
      method: "POST",
      user: admin,
      body: { url: "https://example.gov/hand-added", title: "Hand added", summary: "Added by an editor.", category: "policy-analysis", priority: "medium" },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ categoryReason: "set by an editor", priorityReason: "set by an editor" });
  });
});
