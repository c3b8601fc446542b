// One alert's email: the view's new articles, with links to the view, the address's alerts and to stop this one
// (app/alerts/alerts.server.ts adds the one-click unsubscribe headers).
import { emailHtml, emailText, type EmailContent } from "./render";

type AlertArticle = { title: string; url: string; sourceName: string; day: string };
type AlertEmail = { viewTitle: string; viewUrl: string; articles: AlertArticle[]; manageUrl: string; unsubscribeUrl: string };

export function alertEmail({ viewTitle, viewUrl, articles, manageUrl, unsubscribeUrl }: AlertEmail): EmailContent {
  return {
    subject: `${articles.length} new article${articles.length === 1 ? "" : "s"}: ${viewTitle}`,
    text: emailText([
      `New in ${viewTitle}:`,
      "",
      ...articles.flatMap((a) => [`- ${a.title} (${a.sourceName}, ${a.day})`, `  ${a.url}`]),
      "",
      `The whole view: ${viewUrl}`,
      `Your alerts: ${manageUrl}`,
      `Stop this alert: ${unsubscribeUrl}`,
    ]),
    html: emailHtml(
      <>
        <p>
          New in <a href={viewUrl}>{viewTitle}</a>:
        </p>
        <ul>
          {articles.map((a, index) => (
            <li key={index}>
              <a href={a.url}>{a.title}</a>
              <br />
              <small>
                {a.sourceName}, {a.day}
              </small>
            </li>
          ))}
        </ul>
        <p>
          <a href={manageUrl}>Your alerts</a> · <a href={unsubscribeUrl}>Stop this alert</a>
        </p>
      </>,
    ),
  };
}
