// The email templates (app/email/templates/): every email has an HTML and a text part, the HTML escapes every
// piece of dynamic text, and every link of the HTML part is written out in the text part.
import { describe, expect, it } from "vitest";
import { emailChangedEmail, invitationEmail, passwordResetEmail } from "~/email/templates/accounts";
import { alertEmail } from "~/email/templates/alert";
import { alertConfirmationEmail, alreadySubscribedEmail, newsletterConfirmationEmail } from "~/email/templates/confirmations";
import { newsletterEmail } from "~/email/templates/newsletter";
import type { EmailContent } from "~/email/templates/render";

const HOSTILE = `<script>alert("x")</script> & 'quotes'`;
const LINK = "https://tracker.example/path?token=a&b=1";

const emails: [name: string, email: EmailContent][] = [
  ["newsletter confirmation", newsletterConfirmationEmail({ link: LINK, hours: 48 })],
  ["already subscribed", alreadySubscribedEmail({ siteUrl: LINK })],
  ["alert confirmation", alertConfirmationEmail({ schedule: "every day at 08:00 (UTC)", view: HOSTILE, link: LINK, hours: 48 })],
  [
    "alert",
    alertEmail({
      viewTitle: HOSTILE,
      viewUrl: LINK,
      articles: [{ title: HOSTILE, url: LINK, sourceName: HOSTILE, day: "2027-01-04" }],
      manageUrl: LINK,
      unsubscribeUrl: LINK,
    }),
  ],
  ["invitation", invitationEmail({ invitedBy: HOSTILE, role: "editor", link: LINK })],
  ["password reset", passwordResetEmail({ link: LINK })],
  ["email change", emailChangedEmail({ oldEmail: "old@example.com", newEmail: HOSTILE, resetUrl: LINK })],
  [
    "newsletter",
    newsletterEmail({
      subject: "Weekly",
      dateLabel: "Jan 4, 2027",
      heading: "This week's most important articles",
      groups: [{ label: HOSTILE, articles: [{ title: HOSTILE, url: LINK, priority: "High", sourceName: HOSTILE, date: "Jan 4, 2027", summary: HOSTILE }] }],
      deadlines: [{ title: HOSTILE, url: LINK, closes: "Jan 5, 2027 (1 day left)", dockets: [{ id: HOSTILE, url: LINK }] }],
      commentPeriodsUrl: LINK,
      insights: [HOSTILE],
      ledger: {
        week: { count: 3, url: `${LINK}?designation=deregulatory&time=week` },
        fiscalYear: 2027,
        deregulatory: { count: 12, url: `${LINK}?designation=deregulatory&fy=2027` },
        regulatory: { count: 1, url: `${LINK}?designation=regulatory&fy=2027` },
        ledgerUrl: `${LINK}/ledger?fy=2027`,
      },
      feedUrl: LINK,
      unsubscribeUrl: LINK,
    }),
  ],
];

describe.each(emails)("the %s email", (_name, email) => {
  it("is a whole HTML document with a subject and a text part", () => {
    expect(email.subject).not.toBe("");
    expect(email.html).toMatch(/^<!doctype html><html lang="en"><body[^>]*>[\s\S]+<\/body><\/html>$/);
    expect(email.text).not.toMatch(/<\/?(?:p|a|ul|li|br|div)\b/);
  });

  it("escapes dynamic text in the HTML part", () => {
    expect(email.html).not.toContain("<script>");
    if (email.text.includes(HOSTILE)) expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;quotes&#x27;");
  });

  it("writes out in the text part every link of the HTML part", () => {
    const links = [...email.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replaceAll("&amp;", "&"));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(email.text).toContain(link);
  });
});
