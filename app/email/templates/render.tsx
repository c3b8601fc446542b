// What every email template shares: the HTML document around its body, rendered once to static markup (React
// escapes every piece of dynamic text and every attribute), and the text part, one line per entry.
// Why plain react-dom/server: docs/decisions/026-email-templates.md.
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** A rendered email, before its recipient and headers are added. */
export type EmailContent = { subject: string; text: string; html: string };

const BODY_STYLE = { fontFamily: "Arial,Helvetica,sans-serif", color: "#1a1b1e", maxWidth: 640, margin: "0 auto", padding: 16 };

/** The HTML part: a whole document whose body is `body`. */
export function emailHtml(body: ReactNode) {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <body style={BODY_STYLE}>{body}</body>
    </html>,
  )}`;
}

/** The text part: one line per entry, links written out. */
export function emailText(lines: string[]) {
  return lines.join("\n");
}

type LinkEmail = { subject: string; intro: string; linkLabel: string; link: string; closing: string };

/** The email of one link to follow: what happened, the link (named in the HTML, written out in the text), and what to know. */
export function linkEmail({ subject, intro, linkLabel, link, closing }: LinkEmail): EmailContent {
  return {
    subject,
    text: emailText([intro, "", `${linkLabel}: ${link}`, "", closing]),
    html: emailHtml(
      <>
        <p>{intro}</p>
        <p>
          <a href={link}>{linkLabel}</a>
        </p>
        <p>{closing}</p>
      </>,
    ),
  };
}
