// The default sources through the real set-up (scripts/setup.ts): a fresh install gets the public inspection desk as
// its own source type; an install set up when the defaults listed the desk's RSS address as an ordinary feed has
// that source moved to the desk's JSON answer and type, once, keeping its id and settings; a later set-up changes
// nothing, and neither does one where the admin deleted the source.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { describeSetup, setup } from "../../scripts/setup";
import { addSource } from "../support/sources";

const DESK_URL = "https://www.federalregister.gov/api/v1/public-inspection-documents/current.json";
const FORMER_DESK_URL = "https://www.federalregister.gov/api/v1/public-inspection-documents.rss";
const SEEDED_KEY = "default-sources-seeded";

const sourceAt = (url: string) => first(db().select().from(t.sources).where(eq(t.sources.url, url)));

/** An install whose defaults were added already, so set-up does not add them again. */
async function olderInstall() {
  await execute(db().insert(t.appState).values({ key: SEEDED_KEY, value: true }));
}

beforeEach(async () => {
  await execute(db().delete(t.sources));
  await execute(db().delete(t.appState).where(eq(t.appState.key, SEEDED_KEY)));
});

describe("the default public inspection source", () => {
  it("is the desk's JSON answer, typed as the desk, on a fresh install; a second set-up changes nothing", async () => {
    const report = await setup();
    expect(report.sourcesSeeded).toBeGreaterThan(0);
    expect(report.sourcesUpgraded).toBe(0);
    expect(await sourceAt(DESK_URL)).toMatchObject({ type: "federal-register-public-inspection" });
    expect(await sourceAt(FORMER_DESK_URL)).toBeUndefined();
    expect(await setup()).toMatchObject({ sourcesSeeded: 0, sourcesUpgraded: 0 });
  });

  it("moves an older install's RSS desk source to the desk's JSON answer and type, keeping its id and settings", async () => {
    await olderInstall();
    const former = await addSource({
      name: "Federal Register: Public Inspection",
      url: FORMER_DESK_URL,
      type: "rss",
      keywords: ["rule"],
      isActive: false,
      etag: '"rss-etag"',
      lastModified: "Mon, 15 Sep 2025 12:00:00 GMT",
    });
    const report = await setup();
    expect(report).toMatchObject({ sourcesSeeded: 0, sourcesUpgraded: 1 });
    expect(describeSetup(report)).toContain("Moved the public inspection source to the desk's JSON answer and its own source type.");
    expect(await sourceAt(DESK_URL)).toMatchObject({
      id: former.id,
      name: "Federal Register: Public Inspection",
      type: "federal-register-public-inspection",
      keywords: ["rule"],
      isActive: false,
      // The old address's validators would make the desk answer "not modified" wrongly.
      etag: null,
      lastModified: null,
    });
    expect(await sourceAt(FORMER_DESK_URL)).toBeUndefined();
    expect(await setup()).toMatchObject({ sourcesUpgraded: 0 });
  });

  it("retypes a source at the desk's address that holds another type, and leaves an old RSS one beside it", async () => {
    await olderInstall();
    const desk = await addSource({ url: DESK_URL, type: "rss" });
    const rss = await addSource({ url: FORMER_DESK_URL, type: "rss" });
    expect(await setup()).toMatchObject({ sourcesUpgraded: 1 });
    expect(await sourceAt(DESK_URL)).toMatchObject({ id: desk.id, type: "federal-register-public-inspection" });
    expect(await sourceAt(FORMER_DESK_URL)).toMatchObject({ id: rss.id, type: "rss" });
  });

  it("adds nothing back when the admin deleted the desk source", async () => {
    await olderInstall();
    await addSource({ url: "https://example.gov/other.xml", type: "rss" });
    expect(await setup()).toMatchObject({ sourcesSeeded: 0, sourcesUpgraded: 0 });
    expect(await all(db().select().from(t.sources))).toHaveLength(1);
  });
});
