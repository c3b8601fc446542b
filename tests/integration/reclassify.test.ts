// recategorize and fix-priorities: re-derive what the rules decide, never touching articles edited by hand.
import { eq } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { fixPriorities, recategorizeArticles, storedJudgementIsStale } from "~/classify/reclassify.server";
import { all, db, execute, first, t } from "~/db.server";
import { runFixPriorities, runRecategorize } from "~/jobs/kinds/ingest.server";
import { queueRejudgingAfterClassifierChange } from "~/jobs/registry.server";
import { addArticle, clearArticles } from "../support/articles";

beforeEach(clearArticles);

const row = async (id: number) => (await first(db().select().from(t.articles).where(eq(t.articles.id, id))))!;
const tagRows = async (id: number) => (await all(db().select().from(t.articleTags).where(eq(t.articleTags.articleId, id)))).map((r) => r.tag).sort();

it("recategorize fixes stale categories and tags, skips manually tagged articles, and answers { updated }", async () => {
  const stale = await addArticle({ title: "Rescinding Obsolete Financial Assistance Rules", documentType: "Rule" });
  const manual = await addArticle({ title: "Rescission of Regulations Regarding Plans of Operations for Mining Claims" });
  const fine = await addArticle({ title: "Center for Scientific Review; Notice of Closed Meetings" });
  await execute(
    db()
      .update(t.articles)
      .set({ category: "policy-analysis", tags: ["epa"] })
      .where(eq(t.articles.id, stale)),
  );
  await execute(
    db()
      .update(t.articles)
      .set({ category: "policy-analysis", tags: ["epa"], manuallyTagged: true })
      .where(eq(t.articles.id, manual)),
  );
  const untouched = await row(fine);

  expect(await runRecategorize({}, { signal: new AbortController().signal, progress() {}, log() {} })).toEqual({ updated: 1 });
  expect((await row(stale)).category).toBe("regulatory-rollbacks");
  expect((await row(stale)).tags).toEqual(expect.arrayContaining(["rule-rescission", "financial", "agency-rules"]));
  expect(await tagRows(stale)).toEqual([...(await row(stale)).tags].sort());
  expect(await row(manual)).toMatchObject({ category: "policy-analysis", tags: ["epa"] });
  expect(await row(fine)).toEqual(untouched);
  expect(await recategorizeArticles()).toEqual({ updated: 0 });
});

it("fix-priorities raises articles whose comment period closes within 7 days, and leaves manual ones alone", async () => {
  const closing = await addArticle({ title: "Pipeline Safety: Gas Gathering Lines", documentType: "Proposed Rule", commentsCloseOn: "2025-06-05" });
  const manual = await addArticle({ title: "Pipeline Safety: Valve Installation", documentType: "Proposed Rule", commentsCloseOn: "2025-06-05" });
  await execute(db().update(t.articles).set({ manuallyTagged: true, priority: "low" }).where(eq(t.articles.id, manual)));
  expect((await row(closing)).priority).toBe("medium");

  expect(await fixPriorities(new Date("2025-06-01T12:00:00Z"))).toEqual({ updated: 1 });
  expect((await row(closing)).priority).toBe("high");
  expect((await row(manual)).priority).toBe("low");
  // After the deadline it is no longer urgent.
  expect(await fixPriorities(new Date("2025-06-10T12:00:00Z"))).toEqual({ updated: 1 });
  expect((await row(closing)).priority).toBe("medium");
  expect(await runFixPriorities({}, { signal: new AbortController().signal, progress() {}, log() {} })).toEqual({ updated: 0 });
});

it("a new classifier version queues the re-judging of stored articles once, and an empty install records it without jobs", async () => {
  const jobsOf = async () =>
    (await all(db().select().from(t.jobs)))
      .filter((job) => job.requestedBy === "classifier updated")
      .map((job) => job.kind)
      .sort();
  const setStoredVersion = (value: string) =>
    execute(db().insert(t.appState).values({ key: "classifier-version", value }).onConflictDoUpdate({ target: t.appState.key, set: { value } }));

  await setStoredVersion("an older classifier");
  await queueRejudgingAfterClassifierChange();
  expect(await jobsOf()).toEqual([]);
  expect(await storedJudgementIsStale()).toBe(false);

  await addArticle({ title: "Rescinding Obsolete Financial Assistance Rules", documentType: "Rule" });
  await setStoredVersion("an older classifier");
  expect(await storedJudgementIsStale()).toBe(true);
  await queueRejudgingAfterClassifierChange();
  expect(await jobsOf()).toEqual(["fix-priorities", "recategorize"]);
  await queueRejudgingAfterClassifierChange();
  expect(await jobsOf()).toEqual(["fix-priorities", "recategorize"]);
});
