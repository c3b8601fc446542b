// /rulemakings/{RIN or docket id}: a rulemaking's story in one place. Every Federal Register document we hold of it
// with its action and date, where it stands now, its Unified Agenda entry, its comment deadlines and effective
// dates, and the court decisions and legislation that name it exactly. Server-rendered plain elements styled in
// app.css, like the comment periods page (docs/decisions/014); the same data is /api/rulemakings/{key}.
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { docketUrl } from "~/articles/article-page";
import { followViewHref, rulemakingView } from "~/feed/filters";
import { AgendaFacts } from "~/components/AgendaFacts";
import { CardBadge } from "~/components/CardBadge";
import { Fact } from "~/components/FactList";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { PanelSection } from "~/components/PanelSection";
import { RedlineParts } from "~/components/Redline";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { OverdueBadge } from "~/components/OverdueBadge";
import { StandingBadge } from "~/components/StandingBadge";
import { config } from "~/config.server";
import { pageRouteRefusal, secureRedirect } from "~/http/responses.server";
import { parseRulemakingKey, rulemakingPath } from "~/rulemakings/keys";
import { getRulemaking, rulemakingRedlines, type DocumentRedline, type RulemakingDate } from "~/rulemakings/page.server";
import { calendarDay, redlinePath, restrictionSummary } from "~/rule-text/labels";
import ruleTextStyles from "~/styles/rule-text.css";
import { formatDate } from "~/time";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ruleTextStyles }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = parseRulemakingKey(params.key);
  const rulemaking = key ? await getRulemaking(key) : null;
  if (!key || !rulemaking) throw pageRouteRefusal(request, 404, "Rulemaking not found.");
  // One address per rulemaking: the key as stored (upper-case).
  if (new URL(request.url).pathname !== rulemakingPath(key)) throw secureRedirect(rulemakingPath(key), 301);
  return json({ rulemaking, redlines: await rulemakingRedlines(rulemaking), timeZone: config().APP_TIMEZONE });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Rulemaking not found: Federal Deregulation Tracker" }];
  const { rulemaking } = data;
  return [
    { title: `${rulemaking.title} (${rulemaking.kind === "rin" ? "RIN" : "Docket"} ${rulemaking.key}): Federal Deregulation Tracker` },
    {
      name: "description",
      content: `${rulemaking.standingLabel}. ${rulemaking.documents.length} Federal Register ${rulemaking.documents.length === 1 ? "document" : "documents"}, the agenda entry, deadlines and what names it.`,
    },
  ];
};

function day(value: string, timeZone: string) {
  // Calendar days read at noon UTC stay on that day in every US zone.
  return formatDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value, timeZone);
}

function DateList({ dates, timeZone, label }: { dates: RulemakingDate[]; timeZone: string; label: string }) {
  return (
    <ul className="list is-sm" aria-label={label}>
      {dates.map((entry) => (
        <li key={`${entry.articleId}-${entry.date}`}>
          <time dateTime={entry.date}>{day(entry.date, timeZone)}</time>:{" "}
          <Link to={entry.path} className="anchor is-sm">
            {entry.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Each final rule's redline, folded per document (the newest open): a reader compares the rules one at a time, and
 * without JavaScript <details> still opens them.
 */
function DocumentRedlines({ redlines }: { redlines: DocumentRedline[] }) {
  return redlines.map((document, i) => {
    const compared = document.parts.filter((part) => part.restrictions);
    const total = compared.reduce((sum, part) => ({ removed: sum.removed + part.restrictions!.removed, added: sum.added + part.restrictions!.added }), {
      removed: 0,
      added: 0,
    });
    return (
      <details key={document.articleId} className="redline-document" open={i === 0} data-article={document.articleId}>
        <summary>
          <span className="strong">{document.title}</span>
          <span className="text-sm dimmed">
            {document.effectiveOn ? ` · effective ${calendarDay(document.effectiveOn)}` : ""}
            {compared.length ? ` · ${restrictionSummary(total, document.parts.length === 1 ? document.parts[0].label : "the parts it amends")}` : ""}
          </span>
        </summary>
        <p className="text-sm">
          <Link to={document.path} className="anchor is-sm">
            The document's page<span className="visually-hidden">: {document.title}</span>
          </Link>
        </p>
        <RedlineParts parts={document.parts} fullHref={(part, from) => redlinePath(document.path, part, from)} />
      </details>
    );
  });
}

export default function RulemakingPage() {
  const { rulemaking, redlines, timeZone } = useLoaderData<typeof loader>();
  const { agenda, commentDeadlines, effectiveDates, namedBy } = rulemaking;
  const keyLabel = rulemaking.kind === "rin" ? `RIN ${rulemaking.key}` : `Docket ${rulemaking.key}`;
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <p className="text-sm">
          <Link to="/" className="anchor is-sm">
            ← Back to the feed
          </Link>
        </p>
        <div className="section-head">
          <h2 className="title-h2">{rulemaking.title}</h2>
        </div>
        <p className="card-row is-tight">
          <StandingBadge standing={rulemaking.standing} />
          {rulemaking.overdueSince ? <OverdueBadge since={rulemaking.overdueSince} /> : null}
          <span className="text-sm dimmed">
            {rulemaking.kind === "rin" ? (
              keyLabel
            ) : (
              <a href={docketUrl(rulemaking.key)} className="anchor is-sm" rel="noopener noreferrer" target="_blank">
                {keyLabel}
                <span className="visually-hidden"> on regulations.gov (opens in a new tab)</span>
              </a>
            )}
            {` · ${rulemaking.documents.length} Federal Register ${rulemaking.documents.length === 1 ? "document" : "documents"}`}
          </span>
        </p>
        <p className="text-sm">
          {/* The feed's view of this key, at its alert form and feeds: new documents arrive by email, webhook or feed. */}
          <Link to={followViewHref(rulemakingView(rulemaking.key))} className="anchor is-sm">
            Follow this rulemaking
          </Link>
          <span className="dimmed"> (email alert, Atom or JSON feed of its new documents)</span>
        </p>

        <PanelSection id="timeline-title" title="Timeline">
          {rulemaking.documents.length ? (
            <ol className="period-list" aria-label="Documents of the rulemaking, oldest first">
              {rulemaking.documents.map((document) => (
                <li key={document.articleId} className="period-item" data-action={document.action}>
                  <p className="card-row is-tight">
                    <time dateTime={document.publishDate} className="text-sm">
                      {formatDate(document.publishDate, timeZone)}
                    </time>
                    <CardBadge variant="light" color="indigo" small keepCase>
                      {document.actionLabel}
                    </CardBadge>
                  </p>
                  <h3 className="card-title">
                    <Link to={document.path} className="card-title-link">
                      {document.title}
                    </Link>
                  </h3>
                  <p className="card-dimmed is-xs">
                    {[document.documentType, document.registerAction, document.documentNumber ? `Document ${document.documentNumber}` : null]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-sm dimmed">We hold no Federal Register document of this rulemaking yet.</p>
          )}
        </PanelSection>

        {agenda ? <AgendaFacts entry={agenda} nextAction={rulemaking.nextAction} overdueSince={rulemaking.overdueSince} /> : null}

        {redlines.length ? (
          <PanelSection id="redlines-title" title="What its rules change in the CFR">
            <DocumentRedlines redlines={redlines} />
          </PanelSection>
        ) : null}

        <PanelSection id="dates-title" title="Deadlines and effective dates">
          <dl className="fact-list">
            <Fact label="Open comment periods">
              {commentDeadlines.open.length ? <DateList dates={commentDeadlines.open} timeZone={timeZone} label="Open comment deadlines" /> : "None"}
            </Fact>
            <Fact label="Past comment deadlines">
              {commentDeadlines.past.length ? <DateList dates={commentDeadlines.past} timeZone={timeZone} label="Past comment deadlines" /> : "None"}
            </Fact>
            <Fact label="Effective dates">
              {effectiveDates.length ? <DateList dates={effectiveDates} timeZone={timeZone} label="Effective dates" /> : "None given"}
            </Fact>
          </dl>
        </PanelSection>

        <PanelSection id="named-title" title="Court decisions and legislation naming it">
          {namedBy.length ? (
            <ul className="list is-sm">
              {namedBy.map((article) => (
                <li key={article.articleId}>
                  <CardBadge variant="light" color={article.vacates ? "red" : "gray"} small keepCase>
                    {article.kind === "court-decision" ? (article.vacates ? "Court decision: vacates" : "Court decision") : "Legislation"}
                  </CardBadge>{" "}
                  <Link to={article.path} className="anchor is-sm">
                    {article.title}
                  </Link>{" "}
                  <span className="dimmed">
                    · {article.sourceName} · <time dateTime={article.publishDate}>{formatDate(article.publishDate, timeZone)}</time> · names{" "}
                    {article.names.map((name) => (name.length > 40 ? "its title" : name)).join(", ")}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm dimmed">No court decision or legislation we hold names its RIN, docket or title.</p>
          )}
        </PanelSection>
      </main>
      <SiteFooter />
    </>
  );
}
