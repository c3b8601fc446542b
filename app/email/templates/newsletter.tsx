// The weekly newsletter (app/newsletter/newsletter.server.ts): the week's articles grouped by category, the
// comment periods closing this week, the latest trends insights, and the recipient's unsubscribe link.
import { formatCount } from "../../text/count";
import { Fragment } from "react";
import { emailHtml, emailText, type EmailContent } from "./render";

type NewsletterArticle = { title: string; url: string; priority: string; sourceName: string; date: string; summary: string };
type Deadline = { title: string; url: string; closes: string; dockets: { id: string; url: string }[] };
/** The ledger's lines (app/ledger/ledger.server.ts weeklyLedger): official designations only, each with its view. */
export type LedgerLines = {
  week: { count: number; url: string };
  fiscalYear: number;
  deregulatory: { count: number; url: string };
  regulatory: { count: number; url: string };
  ledgerUrl: string;
};

export type NewsletterProps = {
  subject: string;
  dateLabel: string;
  heading: string;
  groups: { label: string; articles: NewsletterArticle[] }[];
  deadlines: Deadline[];
  commentPeriodsUrl: string;
  insights: string[];
  ledger: LedgerLines;
  feedUrl: string;
  unsubscribeUrl: string;
};

const H2 = { fontSize: 18 };
const MUTED = { fontSize: 13, color: "#555" };
const DEADLINES_HEADING = "Comment deadlines this week";
const LEDGER_HEADING = "The deregulation ledger";

const actions = (n: number, kind: string) => `${formatCount(n)} ${kind} final action${n === 1 ? "" : "s"}`;

/** The two ledger lines as text: the week's official deregulatory actions, and the fiscal year's tally. */
export function ledgerLineTexts(ledger: LedgerLines) {
  return {
    week: `This week: ${actions(ledger.week.count, "deregulatory")}, as the documents or the Unified Agenda designate them.`,
    year: `FY${ledger.fiscalYear} so far: ${actions(ledger.deregulatory.count, "deregulatory")} and ${actions(ledger.regulatory.count, "regulatory")}.`,
  };
}

function newsletterText(props: NewsletterProps) {
  const { subject, heading, groups, deadlines, insights } = props;
  return emailText([
    subject,
    "",
    heading,
    "",
    ...(groups.length ? [] : ["No articles yet.", ""]),
    ...groups.flatMap((group) => [
      group.label.toUpperCase(),
      ...group.articles.flatMap((a) => [
        `- [${a.priority}] ${a.title}`,
        `  ${a.sourceName}, ${a.date}`,
        ...(a.summary ? [`  ${a.summary}`] : []),
        `  ${a.url}`,
        "",
      ]),
    ]),
    ...(deadlines.length
      ? [
          DEADLINES_HEADING.toUpperCase(),
          ...deadlines.flatMap((d) => [
            `- ${d.title}`,
            `  Comments close ${d.closes}`,
            ...d.dockets.map((docket) => `  docket ${docket.id}: ${docket.url}`),
            `  ${d.url}`,
          ]),
          `All open comment periods: ${props.commentPeriodsUrl}`,
          "",
        ]
      : []),
    LEDGER_HEADING.toUpperCase(),
    `- ${ledgerLineTexts(props.ledger).week} ${props.ledger.week.url}`,
    `- ${ledgerLineTexts(props.ledger).year} ${props.ledger.ledgerUrl}`,
    "",
    ...(insights.length ? ["TRENDS INSIGHTS", ...insights.map((i) => `- ${i}`), ""] : []),
    `Read more: ${props.feedUrl}`,
    "",
    `Unsubscribe: ${props.unsubscribeUrl}`,
  ]);
}

function NewsletterBody(props: NewsletterProps) {
  const { groups, deadlines, insights } = props;
  return (
    <>
      <h1 style={{ fontSize: 22 }}>Federal Deregulation Tracker</h1>
      <p style={{ color: "#555" }}>Weekly briefing, {props.dateLabel}</p>
      <h2 style={H2}>{props.heading}</h2>
      {groups.length ? null : <p>No articles yet.</p>}
      {groups.map((group, index) => (
        <Fragment key={index}>
          <h3 style={{ fontSize: 16, borderBottom: "1px solid #ddd" }}>{group.label}</h3>
          {group.articles.map((a, index) => (
            <div key={index} style={{ margin: "12px 0" }}>
              <a href={a.url} style={{ fontWeight: "bold" }}>
                {a.title}
              </a>
              <div style={MUTED}>
                {a.priority} priority · {a.sourceName} · {a.date}
              </div>
              {a.summary ? <div style={{ fontSize: 14 }}>{a.summary}</div> : null}
            </div>
          ))}
        </Fragment>
      ))}
      {deadlines.length ? (
        <>
          <h2 style={H2}>{DEADLINES_HEADING}</h2>
          <ul>
            {deadlines.map((d, index) => (
              <li key={index} style={{ margin: "6px 0" }}>
                <a href={d.url}>{d.title}</a>
                <br />
                <span style={MUTED}>
                  Comments close {d.closes}
                  {d.dockets.map((docket, index) => (
                    <Fragment key={index}>
                      {" · "}
                      <a href={docket.url}>docket {docket.id}</a>
                    </Fragment>
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <p>
            <a href={props.commentPeriodsUrl}>All open comment periods</a>
          </p>
        </>
      ) : null}
      <h2 style={H2}>{LEDGER_HEADING}</h2>
      <ul>
        <li>
          <a href={props.ledger.week.url}>{ledgerLineTexts(props.ledger).week}</a>
        </li>
        <li>
          <a href={props.ledger.ledgerUrl}>{ledgerLineTexts(props.ledger).year}</a>
        </li>
      </ul>
      {insights.length ? (
        <>
          <h2 style={H2}>Trends insights</h2>
          <ul>
            {insights.map((insight, index) => (
              <li key={index}>{insight}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <a href={props.feedUrl}>Read more on the dashboard</a>
      </p>
      <p style={{ fontSize: 12, color: "#777" }}>
        You receive this because you subscribed to the weekly newsletter. <a href={props.unsubscribeUrl}>Unsubscribe</a>
      </p>
    </>
  );
}

export function newsletterEmail(props: NewsletterProps): EmailContent {
  return { subject: props.subject, text: newsletterText(props), html: emailHtml(<NewsletterBody {...props} />) };
}
