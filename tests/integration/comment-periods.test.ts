// Open comment periods: which documents are open (the deadline is today or later in APP_TIMEZONE), their order,
// the days left, the query's index, the calendar files, and the docket ids read from the Federal Register.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { articlePath } from "~/articles/article-page";
import { addDays, articleDeadlineCalendar, commentPeriodsPage, openDeadlinesCalendar, todayInZone } from "~/rulemakings/comment-periods.server";
import { openCommentPeriods } from "~/rulemakings/store/comment-periods.server";
import { getArticleDetail } from "~/feed/article-page.server";
import { insertArticle } from "~/ingest/insert.server";
import { db, engine, execute, t } from "~/db.server";
import { federalRegisterArticle, federalRegisterRequestUrl, usableDocuments } from "~/ingest/federal-register";
import { loader as articleCalendarLoader } from "~/routes/articles.$id[.ics]";
import { loader as allCalendarLoader } from "~/routes/comment-periods[.ics]";
import { loader as pageLoader } from "~/routes/comment-periods";
import { publicUrl } from "~/public-url.server";
import { addArticle, clearArticles, queryPlan } from "../support/articles";
import { callRoute } from "../support/load-context";

const SITE = "https://dereg.example";

/** A calendar's content lines, folded lines joined again (RFC 5545, 3.1). */
function calendarLines(text: string) {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter(Boolean);
}

/** The VEVENTs of a calendar as name -> value maps (property parameters kept in the name). */
function events(text: string) {
  const lines = calendarLines(text);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const found: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT") {
      found.push(current!);
      current = null;
    } else if (current) {
      const colon = line.indexOf(":");
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  expect(lines.filter((l) => l === "BEGIN:VEVENT").length).toBe(found.length);
  return found;
}

const today = todayInZone();
let ids: Record<string, number>;

beforeAll(async () => {
  await clearArticles();
  ids = {
    yesterday: await addArticle({ title: "Closed yesterday", commentsCloseOn: addDays(today, -1) }),
    later: await addArticle({ title: "Closes in ten days", commentsCloseOn: addDays(today, 10), docketIds: ["EPA-HQ-OAR-2025-0001"] }),
    today: await addArticle({ title: "Closes today", commentsCloseOn: today, docketIds: ["FWS-R1-ES-2025-0002", "FWS-R1-ES-2025-0003"] }),
    tomorrow: await addArticle({ title: "Closes tomorrow; with, punctuation", commentsCloseOn: addDays(today, 1), documentNumber: "2099-00001" }),
    malformed: await addArticle({ title: "A deadline that is not a day", commentsCloseOn: "soon" }),
    none: await addArticle({ title: "No comment period" }),
  };
});

describe("open comment periods", () => {
  it("lists only open periods, the soonest deadline first", async () => {
    expect((await openCommentPeriods()).map((p) => p.title)).toEqual(["Closes today", "Closes tomorrow; with, punctuation", "Closes in ten days"]);
    const page = await commentPeriodsPage(1);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1, today });
    expect(page.periods[0].docketIds).toEqual(["FWS-R1-ES-2025-0002", "FWS-R1-ES-2025-0003"]);
  });

  it("counts days in the app's time zone, not UTC", async () => {
    // 03:30 UTC on 10 March is still 9 March in New York (UTC-4/-5): a period closing on the 9th closes today.
    const lateEvening = new Date("2026-03-10T03:30:00Z");
    expect(todayInZone(lateEvening)).toBe("2026-03-09");
    const id = await addArticle({ title: "Zone check", commentsCloseOn: "2026-03-09" });
    try {
      expect((await openCommentPeriods({ today: todayInZone(lateEvening) })).some((p) => p.id === id)).toBe(true);
      expect((await openCommentPeriods({ today: "2026-03-10" })).some((p) => p.id === id)).toBe(false);
    } finally {
      await execute(db().delete(t.articles).where(eq(t.articles.id, id)));
    }
  });

  it("reads the deadline index, not the whole table", async () => {
    // The store's own condition: SQLite's GLOB, PostgreSQL's regular expression.
    const wellFormed =
      engine() === "postgres"
        ? sql`comments_close_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`
        : sql`comments_close_on GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`;
    const details = await queryPlan(sql`SELECT id FROM articles WHERE comments_close_on >= ${today} AND ${wellFormed} ORDER BY comments_close_on, id LIMIT 25`);
    expect(details).toContain("articles_comments_close_idx");
    // Neither a sort of the matches (SQLite's temporary b-tree, PostgreSQL's Sort) nor a scan of the whole table.
    expect(details).not.toMatch(/TEMP B-TREE|SCAN articles(?! USING)|Sort|Seq Scan/);
  });

  it("the page's loader answers the periods with today's date and paginates by redirect for odd pages", async () => {
    const response = await callRoute(pageLoader, "/comment-periods");
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.periods.map((p: { id: number }) => p.id)).toEqual([ids.today, ids.tomorrow, ids.later]);
    expect(data.today).toBe(today);
    const odd = await callRoute(pageLoader, "/comment-periods?page=abc");
    expect(odd.status).toBe(302);
    expect(odd.headers.get("Location")).toBe("/comment-periods");
    const beyond = await callRoute(pageLoader, "/comment-periods?page=9");
    expect(beyond.headers.get("Location")).toBe("/comment-periods");
  });
});

describe("calendar files", () => {
  it("one article's deadline is an all-day event with its title, page and docket", async () => {
    const [event] = events(await articleDeadlineCalendar(ids.today, SITE));
    const compact = today.replaceAll("-", "");
    expect(event["DTSTART;VALUE=DATE"]).toBe(compact);
    expect(event["DTEND;VALUE=DATE"]).toBe(addDays(today, 1).replaceAll("-", ""));
    expect(event.SUMMARY).toBe("Comments due: Closes today");
    expect(event.URL).toBe(`${SITE}${articlePath({ id: ids.today, title: "Closes today" })}`);
    expect(event.DESCRIPTION).toContain("https://www.regulations.gov/docket/FWS-R1-ES-2025-0002");
    expect(event.UID).toBe(`comment-deadline-${ids.today}@dereg.example`);
  });

  it("a title's commas and semicolons are escaped, not read as separators", async () => {
    const [event] = events(await articleDeadlineCalendar(ids.tomorrow, SITE));
    expect(event.SUMMARY).toBe("Comments due: Closes tomorrow\\; with\\, punctuation");
  });

  it("an article without a usable deadline has no calendar", async () => {
    for (const id of [ids.none, ids.malformed]) await expect(articleDeadlineCalendar(id, SITE)).rejects.toThrow("no comment deadline");
    await expect(articleDeadlineCalendar(999_999, SITE)).rejects.toThrow("Article not found");
  });

  it("the calendar of every open period holds one event per open period, in order", async () => {
    const all = events(await openDeadlinesCalendar(SITE));
    expect(all.map((e) => e["DTSTART;VALUE=DATE"])).toEqual([today, addDays(today, 1), addDays(today, 10)].map((d) => d.replaceAll("-", "")));
  });

  it("the routes answer text/calendar downloads, and 404 for an article without a deadline", async () => {
    const one = await callRoute(articleCalendarLoader, `/articles/${ids.later}.ics`, {}, { id: String(ids.later) });
    expect(one.status).toBe(200);
    expect(one.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(one.headers.get("Content-Disposition")).toBe(`attachment; filename="comment-deadline-${ids.later}.ics"`);
    const [event] = events(await one.text());
    expect(event.URL.startsWith(await publicUrl())).toBe(true);
    expect(event.DESCRIPTION).toContain("EPA-HQ-OAR-2025-0001");

    expect((await callRoute(articleCalendarLoader, `/articles/${ids.none}.ics`, {}, { id: String(ids.none) })).status).toBe(404);
    expect((await callRoute(articleCalendarLoader, `/articles/x.ics`, {}, { id: "x" })).status).toBe(404);

    const all = await callRoute(allCalendarLoader, "/comment-periods.ics");
    expect(all.status).toBe(200);
    expect(events(await all.text())).toHaveLength(3);
  });
});

describe("docket ids from the Federal Register", () => {
  it("are asked for, read, and stored", async () => {
    expect(new URL(federalRegisterRequestUrl("https://www.federalregister.gov/api/v1/documents.json")).searchParams.getAll("fields[]")).toContain("docket_ids");
    const { documents } = usableDocuments([
      {
        document_number: "2099-77777",
        title: "Air Plan Approval; Somewhere",
        html_url: "https://www.federalregister.gov/d/2099-77777",
        publication_date: "2099-01-02",
        docket_ids: ["EPA-R09-OAR-2099-0001", 7, " "],
        comments_close_on: "2099-02-03",
      },
    ]);
    const article = federalRegisterArticle(documents[0], { id: null, name: "Federal Register" });
    expect(article.docketIds).toEqual(["EPA-R09-OAR-2099-0001"]);
    const outcome = await insertArticle(article);
    expect(outcome.status).toBe("inserted");
    if (outcome.status === "inserted") expect((await getArticleDetail(outcome.id))?.docketIds).toEqual(["EPA-R09-OAR-2099-0001"]);
  });
});
