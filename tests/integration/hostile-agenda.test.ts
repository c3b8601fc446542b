// A hostile Unified Agenda source (an editor's mistake, or a compromised upstream) served from a loopback server
// and scraped through the real fetcher, parser and store: a file dripping a byte now and then is stopped by the
// total deadline, deep nesting is refused at the depth cap, a piece too long to hold is refused as it arrives, a
// field is cut at the field cap, and an edition or a public inspection desk past its entry cap is read only so
// far, the cut recorded in the scrape's result and the source's health.
import type http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { PUBLIC_INSPECTION_MAX_DOCUMENTS } from "~/ingest/public-inspection";
import { scrapeSources } from "~/ingest/scrape.server";
import { AGENDA_FIELD_MAX_CHARS, AGENDA_MAX_DEPTH, AGENDA_MAX_ENTRIES, AGENDA_MAX_PIECE_CHARS } from "~/ingest/unified-agenda.server";
import { clearArticles } from "../support/articles";
import { startServer, type TestServer } from "../support/http-server";
import { addServedSource } from "../support/sources";

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<REGINFO_RIN_DATA>\n`;
const TAIL = "</REGINFO_RIN_DATA>\n";
const entry = (rin: string, title: string, agency = "Office of Generated Rules") =>
  `<RIN_INFO><RIN>${rin}</RIN><PUBLICATION><PUBLICATION_ID>202504</PUBLICATION_ID></PUBLICATION>` +
  `<AGENCY><NAME>${agency}</NAME></AGENCY><RULE_TITLE>${title}</RULE_TITLE></RIN_INFO>\n`;

/** Bytes each hostile route wrote before the reader hung up or the route ended, and whether it ended. */
const written = new Map<string, { bytes: number; finished: boolean }>();

/** Writes the pieces one after another, each once the reader took the last (backpressure), until the reader hangs up. */
function serve(name: string, pieces: Iterable<string>, contentType = "application/xml") {
  return async (_request: http.IncomingMessage, response: http.ServerResponse) => {
    const record = { bytes: 0, finished: false };
    written.set(name, record);
    response.writeHead(200, { "content-type": contentType });
    for (const piece of pieces) {
      if (response.destroyed) return;
      record.bytes += Buffer.byteLength(piece);
      if (!response.write(piece)) await new Promise((resolve) => response.once("drain", resolve).once("close", resolve));
    }
    record.finished = true;
    response.end();
  };
}

function* repeated(piece: string, times: number) {
  for (let n = 0; n < times; n++) yield piece;
}

let server: TestServer;
const DRIP_BYTES = 40;

beforeAll(async () => {
  server = await startServer({
    // A valid edition that sends one space every 250 ms: each wait is short, the whole never ends in time.
    "/drip.xml": async (_request, response) => {
      response.writeHead(200, { "content-type": "application/xml" });
      response.write(HEAD + entry("1111-AA11", "Dripped rule"));
      for (let n = 0; n < DRIP_BYTES && !response.destroyed; n++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        response.write(" ");
      }
      response.end(TAIL);
    },
    // 100,000 elements deep.
    "/deep.xml": serve("deep", [HEAD, "<RIN_INFO>", ...repeated("<A>".repeat(10_000), 10), ...repeated("</A>".repeat(10_000), 10), "</RIN_INFO>", TAIL]),
    // A 20 MB title, sent 64 KB at a time: refused once one piece passes the bound, the rest never read.
    "/huge-title.xml": serve("huge-title", [
      HEAD,
      "<RIN_INFO><RIN>2222-AA22</RIN><RULE_TITLE>",
      ...repeated("T".repeat(65_536), 320),
      "</RULE_TITLE></RIN_INFO>",
      TAIL,
    ]),
    // An agency name of 400,000 characters in pieces parted by comments: each piece short, the field long.
    "/long-field.xml": serve("long-field", [
      HEAD,
      entry("3333-AA33", "Long agency rule", [...repeated(`${"Agency ".repeat(5_000)}<!---->`, 10)].join("")),
      TAIL,
    ]),
    // One usable entry, AGENDA_MAX_ENTRIES - 1 without a RIN, then one usable entry past the cap.
    "/many.xml": serve("many", [
      HEAD,
      entry("4444-AA44", "First rule"),
      ...repeated("<RIN_INFO><RIN>none</RIN></RIN_INFO>\n", AGENDA_MAX_ENTRIES - 1),
      entry("5555-AA55", "Rule past the cap"),
      TAIL,
    ]),
    "/api/v1/public-inspection-documents/current.json": serve(
      "desk",
      [
        JSON.stringify({
          count: PUBLIC_INSPECTION_MAX_DOCUMENTS + 1,
          regular_filings_updated_at: "2025-09-12T08:45:00.000-04:00",
          results: [
            deskDocument("2025-00001"),
            ...Array.from({ length: PUBLIC_INSPECTION_MAX_DOCUMENTS - 1 }, (_, n) => ({ ...deskDocument(`2025-1${n}`), html_url: null })),
            deskDocument("2025-99999"),
          ],
        }),
      ],
      "application/json",
    ),
  });
});
afterAll(() => server.close());

function deskDocument(number: string) {
  return {
    document_number: number,
    title: `Filing ${number}`,
    type: "Notice",
    filing_type: "regular",
    filed_at: "2025-09-12T08:45:00.000-04:00",
    publication_date: "2025-09-15",
    html_url: `https://www.federalregister.gov/public-inspection/${number}/filing`,
  };
}

const deadline = config().FETCH_STREAM_DEADLINE_MS;
beforeEach(async () => {
  await clearArticles();
  await execute(db().delete(t.sources));
  await execute(db().delete(t.agendaEntries));
});
afterEach(() => {
  Object.assign(config(), { FETCH_STREAM_DEADLINE_MS: deadline });
});

async function scrapeAgenda(pathname: string) {
  const source = await addServedSource(server.origin, pathname, { type: "unified-agenda" });
  const result = await scrapeSources({ sourceId: source.id });
  const row = (await first(db().select().from(t.sources).where(eq(t.sources.id, source.id))))!;
  return { summary: result.sources[0], row };
}

const storedRins = async () => (await all(db().select({ rin: t.agendaEntries.rin }).from(t.agendaEntries))).map((row) => row.rin).sort();

describe("a hostile Unified Agenda source", () => {
  it("is stopped by the total deadline, however often a byte arrives", async () => {
    Object.assign(config(), { FETCH_STREAM_DEADLINE_MS: 2_000 });
    const { summary, row } = await scrapeAgenda("/drip.xml");
    expect(summary.error).toBe("Took longer than 2 s in all");
    expect(row.errorMessage).toBe("Took longer than 2 s in all");
    expect(await storedRins()).toEqual([]);
  });

  it(`refuses elements nested more than ${AGENDA_MAX_DEPTH} deep, without reading the whole nesting`, async () => {
    const { summary } = await scrapeAgenda("/deep.xml");
    expect(summary.error).toBe(`Not a Unified Agenda file: its elements nest more than ${AGENDA_MAX_DEPTH} deep`);
  });

  it("refuses a piece too long to hold as it arrives, and stops reading", async () => {
    const { summary } = await scrapeAgenda("/huge-title.xml");
    expect(summary.error).toBe(`Not a Unified Agenda file: one piece of it runs past ${AGENDA_MAX_PIECE_CHARS.toLocaleString("en-US")} characters`);
    const served = written.get("huge-title")!;
    expect(served.finished).toBe(false);
    // What was sent before the reader hung up: the bound, and what the sockets' buffers held.
    expect(served.bytes).toBeLessThan(8 * 1024 * 1024);
  });

  it("cuts a field at the field cap", async () => {
    const { summary } = await scrapeAgenda("/long-field.xml");
    expect(summary.error).toBeNull();
    const stored = (await first(db().select().from(t.agendaEntries).where(eq(t.agendaEntries.rin, "3333-AA33"))))!;
    expect(stored.agency!.length).toBeLessThanOrEqual(AGENDA_FIELD_MAX_CHARS);
    expect(stored.agency).toMatch(/^Agency Agency/);
  });

  it(`reads at most ${AGENDA_MAX_ENTRIES.toLocaleString("en-US")} entries of an edition, and says so`, async () => {
    const { summary, row } = await scrapeAgenda("/many.xml");
    expect(summary.error).toBeNull();
    expect(summary.agenda).toMatchObject({ read: AGENDA_MAX_ENTRIES, stored: 1, invalid: AGENDA_MAX_ENTRIES - 1, cut: true });
    expect(await storedRins()).toEqual(["4444-AA44"]);
    expect(row.status).toBe("warning");
    expect(row.errorMessage).toBe(`The edition holds more than 20,000 entries; only the first 20,000 were read`);
  });
});

describe("a hostile public inspection desk", () => {
  it(`reads at most ${PUBLIC_INSPECTION_MAX_DOCUMENTS.toLocaleString("en-US")} documents of an answer, and says so`, async () => {
    const source = await addServedSource(server.origin, "/api/v1/public-inspection-documents/current.json", { type: "federal-register-public-inspection" });
    const result = await scrapeSources({ sourceId: source.id });
    expect(result.sources[0]).toMatchObject({ error: null, new: 1, overLimit: 1, invalid: PUBLIC_INSPECTION_MAX_DOCUMENTS - 1 });
    expect((await all(db().select({ number: t.articles.documentNumber }).from(t.articles))).map((row) => row.number)).toEqual(["2025-00001"]);
    const row = (await first(db().select().from(t.sources).where(eq(t.sources.id, source.id))))!;
    expect(row.errorMessage).toBe("The desk lists 5,001 documents; only the first 5,000 were read");
  });
});
