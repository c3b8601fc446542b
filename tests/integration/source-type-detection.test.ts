// A source's type is told when it is added (through the fetcher, from a loopback stand-in), and a backfill tells a
// source without a type before reading it, so a Federal Register source backfilled before its first scrape has
// its whole date range read, not just the few pages a first scrape reads.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { backfillSources } from "~/ingest/scrape.server";
import * as sources from "~/routes/api.admin.sources";
import * as sourceById from "~/routes/api.admin.sources.$id";
import { clearArticles } from "../support/articles";
import { call, makeUser, type TestUser } from "../support/auth";
import { federalRegisterRoute, generateDocuments } from "../support/federal-register-api";
import { serveFixture, startServer, type TestServer } from "../support/http-server";

let server: TestServer;
let editor: TestUser;
const standIn = { down: false };

// 60 days of 10 documents: more than a first scrape's pages of 20 would read, and older than a 29-day backfill.
const docs = generateDocuments({ days: 60, perDay: 10, lastDay: "2025-06-30", samples: [{ title: "Air Plan Approval; Ohio" }], prefix: "D" });
const now = new Date("2025-06-30T18:00:00Z");
const inWindow = docs.filter((d) => d.publication_date >= "2025-06-01");

beforeAll(async () => {
  editor = await makeUser("editor");
  const documents = federalRegisterRoute(docs);
  server = await startServer({
    // Not at federalregister.gov, so only its answer tells what it is.
    "/mirror/documents.json": (req, res, origin) => (standIn.down ? void res.writeHead(503).end() : documents(req, res, origin)),
    "/feed.rss": serveFixture("sec-press-releases.rss", "application/rss+xml"),
    "/feed.atom": serveFixture("courtlistener-scotus.atom", "application/atom+xml"),
  });
});
afterAll(() => server.close());

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
  standIn.down = false;
});

const frUrl = () => `${server.origin}/mirror/documents.json?per_page=20`;
const row = async (id: number) => (await first(db().select().from(t.sources).where(eq(t.sources.id, id))))!;
const articlesOf = async (id: number) => all(db().select().from(t.articles).where(eq(t.articles.sourceId, id)));

async function addSource(url: string, name = url) {
  const response = await call(sources, "/api/admin/sources", { method: "POST", user: editor, body: { name, url, category: "government" } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; type: string | null };
}

async function expectWholeWindowRead(id: number, result: Awaited<ReturnType<typeof backfillSources>>) {
  expect(result.sources[0]).toMatchObject({ error: null, new: inWindow.length, fetched: inWindow.length });
  expect((await articlesOf(id)).map((a) => a.documentNumber).sort()).toEqual(inWindow.map((d) => d.document_number).sort());
  expect((await row(id)).type).toBe("federal-register-api");
}

describe("type detection when a source is added", () => {
  it("tells a Federal Register stand-in, RSS and Atom apart from their answers", async () => {
    expect((await addSource(frUrl())).type).toBe("federal-register-api");
    expect((await addSource(`${server.origin}/feed.rss`)).type).toBe("rss");
    expect((await addSource(`${server.origin}/feed.atom`)).type).toBe("atom");
  });

  it("adds the source without a type when the fetch fails, and tells it again when its URL changes", async () => {
    standIn.down = true;
    const added = await addSource(frUrl());
    expect(added.type).toBeNull();
    expect(await row(added.id)).toMatchObject({ type: null, status: null });
    standIn.down = false;
    const moved = await call(sourceById, `/api/admin/sources/${added.id}`, {
      method: "PATCH",
      user: editor,
      params: { id: String(added.id) },
      body: { url: `${server.origin}/feed.rss` },
    });
    expect(moved.status).toBe(200);
    expect((await row(added.id)).type).toBe("rss");
  });
});

describe("a backfill before the first scrape", () => {
  it("reads every page of the window of a Federal Register source added through the API", async () => {
    const added = await addSource(frUrl());
    const result = await backfillSources({ daysBack: 29, now });
    await expectWholeWindowRead(added.id, result);
  });

  it("reads every page of the window even when the type could not be told at add time", async () => {
    standIn.down = true;
    const added = await addSource(frUrl());
    expect(added.type).toBeNull();
    standIn.down = false;
    const result = await backfillSources({ daysBack: 29, now });
    await expectWholeWindowRead(added.id, result);
  });
});
