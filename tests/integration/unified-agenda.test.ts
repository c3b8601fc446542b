// The Unified Agenda's EO 14192 designations: an edition's XML served from a loopback server, streamed through the
// real fetcher and parser into agenda_entries; a newer edition replacing an older one; Federal Register documents
// joined by RIN (a Deregulatory designation deciding the category, whichever arrives first, never over an editor's
// choice); the API's officialDesignation; and the badge on the production server's feed and article pages.
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { editionLabel, timetableDateLabel } from "~/agenda/edition";
import { updateArticleCategory } from "~/admin/article-edits.server";
import { classifyArticle } from "~/classify/classifier";
import { EDITOR_REASON } from "~/articles/vocabulary";
import { recategorizeArticles } from "~/classify/reclassify.server";
import { feedRevision } from "~/feed/shared-feed.server";
import { classifyInputOf } from "~/classify/inputs.server";
import { all, db, execute, first, t } from "~/db.server";
import { fetchStream } from "~/fetcher/http-client.server";
import { detectSourceType } from "~/ingest/detect.server";
import { federalRegisterArticle, type FederalRegisterDocument } from "~/ingest/federal-register";
import { scrapeSources, type SourceSummary } from "~/ingest/scrape.server";
import { readUnifiedAgenda } from "~/ingest/unified-agenda.server";
import { describeJob } from "~/jobs/outcome";
import { loader as articleLoader } from "~/routes/api.articles.$id";
import { loader as articlesLoader } from "~/routes/api.articles";
import { createSource, sourceSchema } from "~/sources/manage.server";
import { parseInput } from "~/validation";
import { addArticle, clearArticles } from "../support/articles";
import { federalRegisterRoute } from "../support/federal-register-api";
import { startServer, type TestServer } from "../support/http-server";
import { callRoute } from "../support/load-context";
import { freePort } from "../support/ports";
import { startProductionServer, type ProductionServer } from "../support/prod-server";
import { addServedSource } from "../support/sources";

const SPRING_2025 = fs.readFileSync(path.resolve("tests/fixtures/unified-agenda/REGINFO_RIN_DATA_202504.xml"), "utf8");
/** The next edition: Fall 2025, where OIRA now designates the USCIS registration rule Deregulatory. */
const FALL_2025 = SPRING_2025.replaceAll("<PUBLICATION_ID>202504</PUBLICATION_ID>", "<PUBLICATION_ID>202510</PUBLICATION_ID>").replace(
  /(<RIN>1615-AC96<\/RIN>[\s\S]*?<EO_13771_DESIGNATION>)Regulatory(<\/EO_13771_DESIGNATION>)/,
  "$1Deregulatory$2",
);
/** An older edition (Spring 2024) that called the endangerment-finding rulemaking Regulatory: it must change nothing. */
const SPRING_2024 = SPRING_2025.replaceAll("<PUBLICATION_ID>202504</PUBLICATION_ID>", "<PUBLICATION_ID>202404</PUBLICATION_ID>").replace(
  /(<RIN>2060-AW48<\/RIN>[\s\S]*?<EO_13771_DESIGNATION>)Deregulatory(<\/EO_13771_DESIGNATION>)/,
  "$1Regulatory$2",
);

const HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<REGINFO_RIN_DATA xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n`;
const TAIL = "</REGINFO_RIN_DATA>\n";
/** A generated RIN_INFO in the edition's shape, about 900 bytes. */
function generatedEntry(n: number) {
  const rin = `9${String(Math.floor(n / 1000)).padStart(3, "0")}-A${String(n % 1000).padStart(3, "0")}`;
  return `  <RIN_INFO>
    <RIN>${rin}</RIN>
    <PUBLICATION><PUBLICATION_ID>202504</PUBLICATION_ID><PUBLICATION_TITLE>Unified Agenda of Federal Regulatory and Deregulatory Actions</PUBLICATION_TITLE></PUBLICATION>
    <AGENCY><CODE>9000</CODE><NAME>Office of Generated Rules</NAME><ACRONYM>OGR</ACRONYM></AGENCY>
    <RULE_TITLE>Generated rulemaking number ${n} on reporting requirements</RULE_TITLE>
    <ABSTRACT><![CDATA[<p>${"This rulemaking would revise reporting requirements for regulated entities. ".repeat(6)}</p>]]></ABSTRACT>
    <PRIORITY_CATEGORY>Substantive, Nonsignificant</PRIORITY_CATEGORY>
    <RULE_STAGE>Proposed Rule Stage</RULE_STAGE>
    <MAJOR>No</MAJOR>
    <TIMETABLE_LIST><TIMETABLE><TTBL_ACTION>NPRM</TTBL_ACTION><TTBL_DATE>09/00/2025</TTBL_DATE></TIMETABLE></TIMETABLE_LIST>
    <EO_13771_DESIGNATION>${n % 3 === 0 ? "Deregulatory" : "Not significant"}</EO_13771_DESIGNATION>
  </RIN_INFO>
`;
}
const LARGE_ENTRIES = 15_000;
const LARGE_XML = HEAD + Array.from({ length: LARGE_ENTRIES }, (_, n) => generatedEntry(n)).join("") + TAIL;

/** Writes `text` in 64 KB chunks, waiting for the client to take each (backpressure), then ends. */
async function writeChunked(response: http.ServerResponse, text: string) {
  const bytes = Buffer.from(text, "utf8");
  for (let at = 0; at < bytes.length; at += 65_536) {
    if (!response.write(bytes.subarray(at, at + 65_536))) await new Promise((resolve) => response.once("drain", resolve));
  }
  response.end();
}

const xmlRoute = (body: () => string) => (_request: http.IncomingMessage, response: http.ServerResponse) => {
  response.writeHead(200, { "content-type": "application/xml; charset=utf-8" });
  return writeChunked(response, body());
};

/** The gated file: its first entries, then nothing until the test opens the gate. */
let openGate: () => void = () => {};
let gatedFinished = false;
let frDocs: FederalRegisterDocument[] = [];
let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    "/agenda/spring-2025.xml": xmlRoute(() => SPRING_2025),
    "/agenda/fall-2025.xml": xmlRoute(() => FALL_2025),
    "/agenda/spring-2024.xml": xmlRoute(() => SPRING_2024),
    "/agenda/large.xml": xmlRoute(() => LARGE_XML),
    "/agenda/not-an-agenda.xml": xmlRoute(() => `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title></channel></rss>`),
    "/agenda/gated.xml": async (_request, response) => {
      gatedFinished = false;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      response.writeHead(200, { "content-type": "application/xml" });
      response.write(HEAD + Array.from({ length: 10 }, (_, n) => generatedEntry(n)).join(""));
      await gate;
      await writeChunked(response, Array.from({ length: 2_000 }, (_, n) => generatedEntry(10 + n)).join("") + TAIL);
      gatedFinished = true;
    },
    "/api/v1/documents.json": (request, response, origin) => federalRegisterRoute(frDocs)(request, response, origin),
  });
});
afterAll(() => server.close());

beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
  await execute(db().delete(t.agendaEntries));
  frDocs = [];
});

const addAgendaSource = (pathname: string, type: string, name = pathname) => addServedSource(server.origin, pathname, { type, name });

async function scrape(sourceId: number): Promise<SourceSummary> {
  const result = await scrapeSources({ sourceId });
  expect(result.sources[0].error).toBeNull();
  return result.sources[0];
}

const entry = async (rin: string) => first(db().select().from(t.agendaEntries).where(eq(t.agendaEntries.rin, rin)));
const articleRow = async (id: number) => (await first(db().select().from(t.articles).where(eq(t.articles.id, id))))!;

/** A proposed rule of the endangerment-finding rulemaking whose words alone do not say rollback. */
const ENDANGERMENT_DOC: FederalRegisterDocument = {
  document_number: "2025-14572",
  title: "Reconsideration of 2009 Endangerment Finding",
  abstract:
    "The Environmental Protection Agency (EPA) is reconsidering the 2009 finding under section 202(a) of the Clean Air Act. EPA requests comment on its analysis.",
  html_url: "https://www.federalregister.gov/documents/2025/08/01/2025-14572/reconsideration-of-2009-endangerment-finding",
  publication_date: "2025-08-01",
  type: "Proposed Rule",
  action: "Proposed rule.",
  agencies: [{ name: "Environmental Protection Agency" }],
  regulation_id_numbers: ["2060-AW48"],
};
/** An interim final rule of a rulemaking OIRA designated Regulatory (Deregulatory in the fall edition). */
const REGISTRATION_DOC: FederalRegisterDocument = {
  document_number: "2025-04296",
  title: "Alien Registration Form and Evidence of Registration",
  abstract: "This interim final rule designates a new registration form for aliens who have not registered and are required to do so.",
  html_url: "https://www.federalregister.gov/documents/2025/03/12/2025-04296/alien-registration-form-and-evidence-of-registration",
  publication_date: "2025-03-12",
  type: "Rule",
  action: "Interim final rule.",
  agencies: [{ name: "Homeland Security Department" }, { name: "U.S. Citizenship and Immigration Services" }],
  regulation_id_numbers: ["1615-AC96"],
};

async function ingestDocuments(docs: FederalRegisterDocument[]) {
  frDocs = docs;
  const source = await addAgendaSource("/api/v1/documents.json", "federal-register-api", "Federal Register");
  const summary = await scrape(source.id);
  expect(summary.new).toBe(docs.length);
  const ids = new Map(
    (await all(db().select({ id: t.articles.id, documentNumber: t.articles.documentNumber }).from(t.articles))).map((row) => [row.documentNumber!, row.id]),
  );
  return docs.map((doc) => ids.get(doc.document_number)!);
}

const OFFICIAL_REASON = "rollback: officially deregulatory (EO 14192), Unified Agenda Spring 2025";

describe("reading an edition", () => {
  it("stores each RIN's designation, stage, priority, timetable, title, agency and edition, and no articles", async () => {
    const source = await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda", "Unified Agenda Spring 2025");
    const summary = await scrape(source.id);
    expect(summary.agenda).toEqual({ read: 5, stored: 5, unchanged: 0, older: 0, invalid: 0, rejudged: 0 });
    expect(summary).toMatchObject({ fetched: 0, new: 0 });
    expect(await all(db().select().from(t.articles))).toEqual([]);
    expect(await entry("2060-AW48")).toMatchObject({
      publicationId: "202504",
      designation: "Deregulatory",
      stage: "Proposed Rule Stage",
      priority: "Economically Significant",
      major: true,
      title: "Reconsideration of 2009 Endangerment Finding and Greenhouse Gas Vehicle Standards",
      agency: "Office of Air and Radiation",
      parentAgency: "Environmental Protection Agency",
      timetable: [
        { action: "NPRM", date: "07/00/2025" },
        { action: "Final Rule", date: "12/00/2025" },
      ],
    });
    expect(await entry("1018-BI09")).toMatchObject({
      title: 'Endangered and Threatened Wildlife and Plants; Rescinding the Definition of "Harm" Under the Endangered Species Act',
      stage: "Final Rule Stage",
      major: false,
      timetable: [
        { action: "NPRM", date: "04/17/2025" },
        { action: "NPRM Comment Period End", date: "05/19/2025" },
        { action: "Final Rule", date: "11/00/2025" },
      ],
    });
    expect((await entry("1615-AC96"))?.designation).toBe("Regulatory");
    expect(await entry("2120-AL82")).toMatchObject({
      designation: "Not significant",
      stage: "Long-Term Actions",
      timetable: [{ action: "NPRM", date: "To Be Determined" }],
    });
    expect((await entry("1904-AF80"))?.designation).toBe("Fully or Partially Exempt");

    // The job's outcome says what was read; reading the same file again stores nothing.
    const again = await scrapeSources({ sourceId: source.id });
    expect(again.sources[0].agenda).toMatchObject({ read: 5, stored: 0, unchanged: 5 });
    expect(describeJob({ status: "succeeded", result: again, progress: null, error: null })).toContain("Unified Agenda: 5 RINs read, 0 stored.");
  });

  it("lets a newer edition replace an entry and never an older one", async () => {
    await scrape((await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda")).id);
    const fall = await scrape((await addAgendaSource("/agenda/fall-2025.xml", "unified-agenda")).id);
    expect(fall.agenda).toMatchObject({ read: 5, stored: 5, older: 0 });
    expect(await entry("1615-AC96")).toMatchObject({ publicationId: "202510", designation: "Deregulatory" });
    expect(await entry("2060-AW48")).toMatchObject({ publicationId: "202510", designation: "Deregulatory" });

    const older = await scrape((await addAgendaSource("/agenda/spring-2024.xml", "unified-agenda")).id);
    expect(older.agenda).toMatchObject({ read: 5, stored: 0, older: 5 });
    expect(await entry("2060-AW48")).toMatchObject({ publicationId: "202510", designation: "Deregulatory" });
  });

  it("refuses a file whose root is not REGINFO_RIN_DATA, with a message for the health monitor", async () => {
    const source = await addAgendaSource("/agenda/not-an-agenda.xml", "unified-agenda");
    const result = await scrapeSources({ sourceId: source.id });
    expect(result.sources[0].error).toBe("Not a Unified Agenda file: its root element is <rss>, not <REGINFO_RIN_DATA>");
    expect((await first(db().select().from(t.sources).where(eq(t.sources.id, source.id))))?.status).toBe("warning");
  });

  it("reads a file larger than the fetcher's 10 MB buffer, thousands of entries, as a stream", async () => {
    expect(Buffer.byteLength(LARGE_XML)).toBeGreaterThan(10 * 1024 * 1024);
    const summary = await scrape((await addAgendaSource("/agenda/large.xml", "unified-agenda")).id);
    expect(summary.agenda).toMatchObject({ read: LARGE_ENTRIES, stored: LARGE_ENTRIES, invalid: 0 });
    expect((await first<{ n: number }>(sql`SELECT count(*) AS n FROM agenda_entries`))?.n).toBe(LARGE_ENTRIES);
  });

  it("yields the first entries while the rest of the file has not been sent", async () => {
    const response = await fetchStream(`${server.origin}/agenda/gated.xml`);
    const records = readUnifiedAgenda(response.body);
    const first = await records.next();
    // Parsed from the first chunk alone: the server is still holding back the rest of the file.
    expect(first.value).toMatchObject({ entry: { rin: "9000-A000", designation: "Deregulatory", timetable: [{ action: "NPRM", date: "09/00/2025" }] } });
    expect(gatedFinished).toBe(false);
    openGate();
    let count = 1;
    for await (const record of records) if ("entry" in record) count++;
    expect(count).toBe(2_010);
    expect(gatedFinished).toBe(true);
  });

  it("is detected on reginfo.gov by its root element, and can be picked by an editor", async () => {
    const url = "https://www.reginfo.gov/public/do/XMLViewFileAction?f=REGINFO_RIN_DATA_202504.xml";
    expect(detectSourceType({ url, text: () => SPRING_2025 })).toBe("unified-agenda");
    expect(detectSourceType({ url: "https://example.gov/REGINFO_RIN_DATA_202504.xml", text: () => SPRING_2025 })).toBeUndefined();
    const probe = {
      addressRefusal: async () => undefined,
      detectType: async (): Promise<undefined> => {
        throw new Error("an editor's pick is not detected");
      },
    };
    const picked = await createSource(
      parseInput(sourceSchema, { name: "Unified Agenda", url: `${server.origin}/agenda/spring-2025.xml`, category: "government", type: "unified-agenda" }),
      probe,
    );
    expect(picked.type).toBe("unified-agenda");
    expect(() => parseInput(sourceSchema, { name: "x", url: "https://example.gov/x", category: "government", type: "xml" })).toThrow(/'type' must be one of/);
  });

  it("names editions and timetable dates as people read them", () => {
    expect(editionLabel("202504")).toBe("Spring 2025");
    expect(editionLabel("202510")).toBe("Fall 2025");
    expect(timetableDateLabel("07/00/2025")).toBe("July 2025");
    expect(timetableDateLabel("04/17/2025")).toBe("April 17, 2025");
    expect(timetableDateLabel("To Be Determined")).toBe("To Be Determined");
  });
});

describe("the designation of a Federal Register document's rulemaking", () => {
  it("is not what the document's words alone would say", () => {
    const alone = classifyArticle(classifyInputOf(federalRegisterArticle(ENDANGERMENT_DOC, { id: null, name: "Federal Register" }), "government"));
    expect(alone.category).not.toBe("regulatory-rollbacks");
  });

  it("files the document as a rollback when the agenda was read first", async () => {
    await scrape((await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda")).id);
    const [id] = await ingestDocuments([ENDANGERMENT_DOC]);
    expect(await articleRow(id)).toMatchObject({ category: "regulatory-rollbacks", categoryReason: OFFICIAL_REASON });
  });

  it("judges the document again when the agenda arrives after it, and when a newer edition changes the designation", async () => {
    const [endangerment, registration] = await ingestDocuments([ENDANGERMENT_DOC, REGISTRATION_DOC]);
    const before = await articleRow(endangerment);
    expect(before.category).not.toBe("regulatory-rollbacks");
    const registrationBefore = await articleRow(registration);
    const revision = await feedRevision();

    const spring = await scrape((await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda")).id);
    expect(spring.agenda?.rejudged).toBe(1);
    const after = await articleRow(endangerment);
    expect(after).toMatchObject({ category: "regulatory-rollbacks", categoryReason: OFFICIAL_REASON });
    expect(after.priorityReason).not.toBe(before.priorityReason);
    // Regulatory does not decide: the words still do.
    expect(await articleRow(registration)).toMatchObject({ category: registrationBefore.category, categoryReason: registrationBefore.categoryReason });
    // The cards changed, so the shared pages' revision moved.
    expect(await feedRevision()).not.toBe(revision);

    await scrape((await addAgendaSource("/agenda/fall-2025.xml", "unified-agenda")).id);
    expect(await articleRow(registration)).toMatchObject({
      category: "regulatory-rollbacks",
      categoryReason: "rollback: officially deregulatory (EO 14192), Unified Agenda Fall 2025",
    });
    expect((await articleRow(endangerment)).categoryReason).toBe("rollback: officially deregulatory (EO 14192), Unified Agenda Fall 2025");

    // The recategorize job reads the same designations: it changes nothing.
    expect((await recategorizeArticles()).updated).toBe(0);
  });

  it("never overwrites a category an editor set", async () => {
    const [id] = await ingestDocuments([ENDANGERMENT_DOC]);
    await updateArticleCategory(id, "policy-analysis");
    const summary = await scrape((await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda")).id);
    expect(summary.agenda?.rejudged).toBe(0);
    expect(await articleRow(id)).toMatchObject({ category: "policy-analysis", categoryReason: EDITOR_REASON, manuallyTagged: true });
  });

  it("is returned by /api/articles and /api/articles/{id} as officialDesignation", async () => {
    await scrape((await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda")).id);
    const [endangerment, registration] = await ingestDocuments([ENDANGERMENT_DOC, REGISTRATION_DOC]);
    const plain = await addArticle({
      title: "A press release",
      summary: "",
      sourceName: "Press",
      originalUrl: "https://example.gov/p",
      publishDate: new Date(),
    });
    const list = (await (await callRoute(articlesLoader, "/api/articles")).json()) as { id: number; officialDesignation: unknown }[];
    const byId = new Map(list.map((article) => [article.id, article.officialDesignation]));
    expect(byId.get(endangerment)).toEqual({
      designation: "Deregulatory",
      edition: "Spring 2025",
      publicationId: "202504",
      rin: "2060-AW48",
      stage: "Proposed Rule Stage",
      priority: "Economically Significant",
      major: true,
    });
    expect(byId.get(registration)).toMatchObject({ designation: "Regulatory", rin: "1615-AC96", stage: "Completed Actions", major: false });
    expect(byId.get(plain)).toBeNull();
    const one = await (await callRoute(articleLoader, `/api/articles/${endangerment}`, {}, { id: String(endangerment) })).json();
    expect(one.officialDesignation).toEqual(byId.get(endangerment));
  });
});

describe("the pages", () => {
  let web: ProductionServer;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    web = await startProductionServer({ port, databaseFile: process.env.DATABASE_URL! });
  }, 300_000);
  afterAll(() => web?.stop());

  const html = async (pathname: string) => {
    const response = await fetch(`${base}${pathname}`, { headers: { Accept: "text/html" } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("show the badge with its edition on the feed card and the agenda's facts on the article page, once the edition is read", async () => {
    const [id] = await ingestDocuments([ENDANGERMENT_DOC]);
    // Rendered (and shared) before the edition was read: no badge yet.
    expect(await html("/")).not.toContain("Officially deregulatory (EO 14192)");

    await scrape((await addAgendaSource("/agenda/spring-2025.xml", "unified-agenda")).id);
    const feed = await html("/");
    expect(feed).toContain("Officially deregulatory (EO 14192)");
    expect(feed).toContain("Unified Agenda, Spring 2025");

    const canonical = (await fetch(`${base}/articles/${id}`, { redirect: "manual" })).headers.get("location")!;
    const page = await html(new URL(canonical, base).pathname);
    expect(page).toContain("Officially deregulatory (EO 14192)");
    expect(page).toContain("Unified Agenda, Spring 2025");
    expect(page).toContain("Proposed Rule Stage");
    expect(page).toContain("Economically Significant, major rule");
    expect(page).toContain("NPRM: July 2025");
    expect(page).toContain("Final Rule: December 2025");
    expect(page).toContain(OFFICIAL_REASON);
    expect(web.alarmingLines).toEqual([]);
  });
});
