// A view of the feed as an Atom feed, a JSON Feed and a CSV file: well-formed with hostile titles, the view's
// filters applied, conditional GET, every row exported and spreadsheet-safe, the Saved view refused.
import { parse } from "csv-parse/sync";
import { parseStringPromise } from "xml2js";
import { beforeAll, describe, expect, it } from "vitest";
import { countArticles } from "~/feed/queries.server";
import { loader as csvLoader } from "~/routes/export[.]csv";
import { loader as atomLoader } from "~/routes/feed[.]atom";
import { loader as jsonLoader } from "~/routes/feed[.]json";
import { addArticle } from "../support/articles";
import { callRoute } from "../support/load-context";

const HOSTILE = 'Fees & charges: <script>alert("x")</script> \u0001\u0008 rule';
const FORMULA = '=HYPERLINK("http://evil.example","click")';

beforeAll(async () => {
  const day = (d: number) => new Date(Date.now() - d * 86_400_000);
  await addArticle({
    title: HOSTILE,
    summary: "Summary with <b>markup</b> & ampersands.",
    agencies: ["Department of Labor"],
    documentType: "Rule",
    publishDate: day(1),
  });
  await addArticle({ title: FORMULA, summary: "+1 555 0100 and -minus", publishDate: day(2) });
  await addArticle({ title: "@mention leads the title", summary: "Plain.", publishDate: day(3) });
  for (let i = 0; i < 2_050; i++)
    await addArticle({ title: `Routine notice number ${i}`, summary: "Agency information collection.", publishDate: day(10 + (i % 300)) });
  // More articles of one instant than an export page holds: paging must neither repeat nor skip any of them.
  const sameInstant = day(400);
  for (let i = 0; i < 1_200; i++) await addArticle({ title: `Batch notice number ${i}`, summary: "Published together.", publishDate: sameInstant });
});

describe("/feed.atom", () => {
  it("is a well-formed Atom feed of the view's newest 50, hostile text escaped and control characters dropped", async () => {
    const answer = await callRoute(atomLoader, "/feed.atom");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/atom+xml; charset=utf-8");
    const text = await answer.text();
    expect(text).not.toMatch(/[\u0001\u0008]/);
    expect(text).not.toContain("<script>");
    const { feed } = await parseStringPromise(text);
    expect(feed.$.xmlns).toBe("http://www.w3.org/2005/Atom");
    for (const required of ["id", "title", "updated", "link"]) expect(feed[required], required).toBeDefined();
    expect(feed.entry).toHaveLength(50);
    for (const entry of feed.entry) for (const required of ["id", "title", "updated", "link"]) expect(entry[required], required).toBeDefined();
    expect(feed.entry[0].title[0]).toBe('Fees & charges: <script>alert("x")</script>  rule');
    expect(feed.entry[0].link[0].$.href).toMatch(/^http:\/\/[^/]+\/articles\/\d+-fees-charges/);
  });

  it("applies the view's filters and answers 304 to a reader holding it", async () => {
    const answer = await callRoute(atomLoader, "/feed.atom?agency=Department%20of%20Labor&type=rule");
    const { feed } = await parseStringPromise(await answer.text());
    expect(feed.entry).toHaveLength(1);
    expect(feed.title[0]).toBe("Federal Deregulation Tracker: Rule · Department of Labor");
    const etag = answer.headers.get("ETag")!;
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
    const again = await callRoute(atomLoader, "/feed.atom?agency=Department%20of%20Labor&type=rule", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const since = await callRoute(atomLoader, "/feed.atom?agency=Department%20of%20Labor&type=rule", {
      headers: { "If-Modified-Since": answer.headers.get("Last-Modified")! },
    });
    expect(since.status).toBe(304);
    const other = await callRoute(atomLoader, "/feed.atom?type=rule", { headers: { "If-None-Match": etag } });
    expect(other.status).toBe(200);
  });

  it("refuses the Saved view, which is one visitor's own", async () => {
    const answer = await callRoute(atomLoader, "/feed.atom?saved=1");
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toMatch(/Saved view/);
  });
});

describe("/feed.json", () => {
  it("is a JSON Feed 1.1 whose items carry id, url, title and date", async () => {
    const answer = await callRoute(jsonLoader, "/feed.json?q=fees");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/feed+json; charset=utf-8");
    const feed = await answer.json();
    expect(feed.version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.title).toBe('Federal Deregulation Tracker: "fees"');
    expect(feed.feed_url).toMatch(/\/feed\.json\?q=fees$/);
    expect(feed.items).toHaveLength(1);
    expect(feed.items[0]).toMatchObject({ title: HOSTILE, external_url: expect.stringMatching(/^https:\/\//) });
    for (const item of feed.items) for (const field of ["id", "url", "title", "date_published"]) expect(item[field], field).toBeTruthy();
    const again = await callRoute(jsonLoader, "/feed.json?q=fees", { headers: { "If-None-Match": answer.headers.get("ETag")! } });
    expect(again.status).toBe(304);
  });
});

describe("/export.csv", () => {
  const parseCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false });

  it("streams every matching row with a header, as an attachment, formulas neutralised", async () => {
    const answer = await callRoute(csvLoader, "/export.csv");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="deregulation-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    // A byte order mark first, so spreadsheets read UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
    expect(header[0]).toBe("id");
    expect(header).toContain("original url");
    expect(rows).toHaveLength(await countArticles({ timeframe: "all" }));
    expect(rows.length).toBeGreaterThan(3_000);
    const ids = rows.map((row) => row[header.indexOf("id")]);
    expect(new Set(ids).size).toBe(ids.length);
    const titles = rows.map((row) => row[header.indexOf("title")]);
    expect(titles).toContain(`'${FORMULA}`);
    expect(titles).toContain("'@mention leads the title");
    expect(titles).not.toContain(FORMULA);
    const summaries = rows.map((row) => row[header.indexOf("summary")]);
    expect(summaries).toContain("'+1 555 0100 and -minus");
  });

  it("quotes every text cell, so a spreadsheet that splits on ; tab or | finds no formula in a title", async () => {
    // Most European spreadsheets split a CSV on ";" and may start a cell mid-way through a quoted one:
    // `"Rule;=1+1"` read that way holds a cell `=1+1`. So a formula start after a separator is neutralised too.
    const titles = ['Rule;=HYPERLINK("http://evil.example","x")', "Rule;=1+1;tail", "Rule;@SUM(A1)", "Rule\t-2+3", "Rule|+cmd|' /C calc'!A0", "Rule,=1+1"];
    for (const title of titles) await addArticle({ title, summary: "Semicolons;=tabs\t+and |@pipes|.", publishDate: new Date(Date.now() - 5 * 86_400_000) });
    const text = await (await callRoute(csvLoader, "/export.csv")).text();
    // A reader that splits the raw file on each separator, quotes or not: no piece may start a formula.
    const formulasSplittingOn = (separator: string) =>
      text
        .split(/\r?\n/)
        .flatMap((line) => line.split(separator))
        .filter((piece) => /^"?[=+\-@\t\r]/.test(piece));
    expect(Object.fromEntries([",", ";", "\t", "|"].map((separator) => [separator, formulasSplittingOn(separator)]))).toEqual({
      ",": [],
      ";": [],
      "\t": [],
      "|": [],
    });
    // A reader that understands quoting reads each title back with the neutralising apostrophes.
    const [header, ...rows] = parseCsv(text);
    const exported = rows.map((row) => row[header.indexOf("title")]);
    for (const title of titles) expect(exported).toContain(title.replace(/([,;\t|])(?=[=+\-@])/g, "$1'"));
    expect(rows.map((row) => row[header.indexOf("summary")])).toContain("Semicolons;'=tabs\t'+and |'@pipes|.");
  });

  it("runs two exports per address at once: the third is refused with 429 and Retry-After until a reader hangs up", async () => {
    const readers = [new AbortController(), new AbortController()];
    const exportFrom = (address: string, signal?: AbortSignal) => callRoute(csvLoader, "/export.csv", { signal, headers: { "X-Forwarded-For": address } });
    const running = await Promise.all(readers.map((reader) => exportFrom("203.0.113.7", reader.signal)));
    expect(running.map((answer) => answer.status)).toEqual([200, 200]);
    const refused = await exportFrom("203.0.113.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^[1-9]\d*$/);
    expect((await refused.json()).message).toMatch(/exports downloading/);
    // The other exports are neither read nor ended: only the hang-up (an aborted request, as Remix's own
    // server path signals it) can free a slot.
    readers[0].abort();
    let next = await exportFrom("203.0.113.7");
    while (next.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      next = await exportFrom("203.0.113.7");
    }
    expect(next.status).toBe(200);
    expect(parseCsv(await next.text()).length).toBeGreaterThan(3_000);
    readers[1].abort();
  });

  it("exports only the view's rows, and refuses the Saved view", async () => {
    const text = await (await callRoute(csvLoader, "/export.csv?agency=Department%20of%20Labor")).text();
    expect(parseCsv(text)).toHaveLength(2);
    expect((await callRoute(csvLoader, "/export.csv?saved=1")).status).toBe(400);
  });
});
