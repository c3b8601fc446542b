// Editing a source through PATCH /api/admin/sources/{id}: the same row (health history kept), the same
// rules as adding one, and JSON errors like the rest of the admin /api.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, first, t } from "~/db.server";
import * as sources from "~/routes/api.admin.sources";
import * as sourceById from "~/routes/api.admin.sources.$id";
import { call, makeUser, type TestUser } from "../support/auth";
import { addSource } from "../support/sources";

let editor: TestUser;
let viewer: TestUser;
let unique = 0;

/** A source that has been checked before: failures, validators and a detected type on record. */
async function checkedSource() {
  const n = ++unique;
  return addSource({
    name: `Checked feed ${n}`,
    url: `https://edit.example.gov/feed-${n}.xml`,
    type: "rss",
    category: "government",
    keywords: ["epa"],
    status: "warning",
    consecutiveFailures: 3,
    errorMessage: "HTTP 503 from edit.example.gov",
    lastSuccessfulScrape: new Date("2026-01-02T03:04:05Z"),
    etag: '"abc"',
    lastModified: "Fri, 02 Jan 2026 03:04:05 GMT",
    nextCheckAt: new Date("2030-01-01T00:00:00Z"),
  });
}

const patch = (id: number | string, body: unknown, user: TestUser = editor) =>
  call(sourceById, `/api/admin/sources/${id}`, { method: "PATCH", user, params: { id: String(id) }, body });

const row = async (id: number) => (await first(db().select().from(t.sources).where(eq(t.sources.id, id))))!;

beforeAll(async () => {
  editor = await makeUser("editor");
  viewer = await makeUser("viewer");
});

describe("PATCH /api/admin/sources/{id}", () => {
  it("edits name, category and keywords in place, keeping the health history", async () => {
    const source = await checkedSource();
    const response = await patch(source.id, { name: "  Renamed feed ", category: "legal", keywords: " rule , epa, rule" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: source.id,
      name: "Renamed feed",
      url: source.url,
      category: "legal",
      keywords: ["rule", "epa"],
      status: "warning",
      consecutiveFailures: 3,
      errorMessage: "HTTP 503 from edit.example.gov",
      lastSuccessfulScrape: "2026-01-02T03:04:05.000Z",
    });
    // Same URL, same feed: its type and conditional-GET validators stay.
    expect(await row(source.id)).toMatchObject({ type: "rss", etag: '"abc"' });
  });

  it("treats a new URL as a new feed: type detected again, checked at the next update", async () => {
    const source = await checkedSource();
    const url = `https://edit.example.gov/moved-${unique}.xml`;
    const response = await patch(source.id, { url });
    expect(response.status).toBe(200);
    expect(await row(source.id)).toMatchObject({ url, type: null, etag: null, lastModified: null, nextCheckAt: null, consecutiveFailures: 3 });
  });

  it.each([
    [{ url: "ftp://edit.example.gov/feed" }, "'url' must be an http(s) URL"],
    [{ url: "not a url" }, "must not contain spaces"],
    [{ name: "   " }, "Please fill all required fields"],
    [{ category: "blog" }, "'category' must be one of"],
  ])("refuses %j with 400 and changes nothing", async (body, message) => {
    const source = await checkedSource();
    const response = await patch(source.id, body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain(message);
    expect(await row(source.id)).toMatchObject({ name: source.name, url: source.url, category: source.category });
  });

  it("refuses another source's URL with 409, as adding does", async () => {
    const taken = await checkedSource();
    const source = await checkedSource();
    const response = await patch(source.id, { url: taken.url });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe("A source with this URL already exists.");
    expect((await row(source.id)).url).toBe(source.url);
    const added = await call(sources, "/api/admin/sources", { method: "POST", user: editor, body: { name: "x", url: taken.url, category: "news" } });
    expect((await added.json()).message).toBe("A source with this URL already exists.");
  });

  it("answers 404 for an unknown id", async () => {
    const response = await patch(999_999, { name: "Nobody" });
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe("Source not found");
  });

  it("is for editors: 401 without a session, 403 to a viewer", async () => {
    const source = await checkedSource();
    const anonymous = await call(sourceById, `/api/admin/sources/${source.id}`, { method: "PATCH", params: { id: String(source.id) }, body: { name: "x" } });
    expect(anonymous.status).toBe(401);
    expect((await patch(source.id, { name: "x" }, viewer)).status).toBe(403);
    expect((await row(source.id)).name).toBe(source.name);
  });

  it("names both methods in its 405", async () => {
    const response = await call(sourceById, "/api/admin/sources/1", { method: "POST", user: editor, params: { id: "1" }, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("PATCH, DELETE");
  });
});
