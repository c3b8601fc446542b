// The weekly newsletter's "Comment deadlines this week": the periods closing in the coming 7 days (APP_TIMEZONE),
// in the text and the HTML part, and no section at all when none closes.
import { beforeEach, describe, expect, it } from "vitest";
import { articlePath } from "~/articles/article-page";
import { addDays, todayInZone } from "~/rulemakings/comment-periods.server";
import { renderNewsletter } from "~/newsletter/newsletter.server";
import { addArticle, clearArticles } from "../support/articles";

const NOW = new Date("2026-06-15T14:00:00Z"); // a Monday, 10:00 in New York
const today = todayInZone(NOW);

beforeEach(() => clearArticles());

describe("comment deadlines in the newsletter", () => {
  it("lists the periods closing within 7 days, soonest first, with docket and page links", async () => {
    const soon = await addArticle({ title: "Rule closing in two days", commentsCloseOn: addDays(today, 2), docketIds: ["DOT-OST-2026-0042"] });
    await addArticle({ title: "Rule closing today", commentsCloseOn: today, publishDate: new Date(NOW.getTime() - 86_400_000) });
    await addArticle({ title: "Rule closing in six days", commentsCloseOn: addDays(today, 6) });
    await addArticle({ title: "Rule closing in a week", commentsCloseOn: addDays(today, 7) });
    await addArticle({ title: "Rule that closed yesterday", commentsCloseOn: addDays(today, -1) });

    const { text, html } = await renderNewsletter(NOW);
    const section = text.slice(text.indexOf("COMMENT DEADLINES THIS WEEK"));
    expect(text).toContain("COMMENT DEADLINES THIS WEEK");
    const order = ["Rule closing today", "Rule closing in two days", "Rule closing in six days"].map((title) => section.indexOf(`- ${title}`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(section).not.toContain("Rule closing in a week");
    expect(section).not.toContain("closed yesterday");
    expect(section).toContain("(closes today)");
    expect(section).toContain("(2 days left)");
    expect(section).toContain("docket DOT-OST-2026-0042: https://www.regulations.gov/docket/DOT-OST-2026-0042");
    expect(section).toContain(articlePath({ id: soon, title: "Rule closing in two days" }));

    expect(html).toContain('<h2 style="font-size:18px">Comment deadlines this week</h2>');
    expect(html).toContain('href="https://www.regulations.gov/docket/DOT-OST-2026-0042"');
    expect(html).toMatch(new RegExp(`href="http[^"]+${articlePath({ id: soon, title: "Rule closing in two days" })}"`));
  });

  it("has no section when no period closes within the week", async () => {
    await addArticle({ title: "Rule closing next month", commentsCloseOn: addDays(today, 30) });
    await addArticle({ title: "An ordinary notice", publishDate: new Date(NOW.getTime() - 86_400_000) });
    const { text, html } = await renderNewsletter(NOW);
    expect(text).not.toMatch(/comment deadlines/i);
    expect(html).not.toMatch(/comment deadlines/i);
    expect(text).toContain("An ordinary notice");
  });

  it("escapes titles in the HTML part", async () => {
    await addArticle({ title: "Rule <b>bold</b> & more", commentsCloseOn: addDays(today, 1) });
    const { html } = await renderNewsletter(NOW);
    expect(html).toContain("Rule &lt;b&gt;bold&lt;/b&gt; &amp; more");
    expect(html).not.toContain("<b>bold</b>");
  });
});
