import type { ReactNode } from "react";
import { isDeregulatory, OFFICIALLY_DEREGULATORY_LABEL } from "~/agenda/edition";
import type { ArticleJson } from "~/feed/queries.server";
import { CARD_SUMMARY_LIMIT, CARD_TAG_LIMIT, categoryLabel, priorityInfo } from "~/articles/vocabulary";
import { isHttpUrl } from "~/articles/canonical-url";
import { commentDaysLeft, commentsCloseLabel } from "~/articles/article-page";
import { publicInspectionDayPassed, publicInspectionLabel } from "~/articles/public-inspection";
import { rulemakingLinkLabel, rulemakingPath } from "~/rulemakings/keys";
import { formatDate } from "~/time";
import { truncateAtWord } from "~/text/truncate";
import { CardBadge } from "./CardBadge";
import { CommentsLine } from "./CommentsLine";
import { Highlight } from "./Highlight";
import { RuleTextLines, type CardRuleText } from "./RuleTextLines";
import { IconCalendar, IconExternal, IconEye, IconSource } from "./icons";

/** What the card shows of an article (the feed's loader sends no more). */
export type CardArticle = Omit<ArticleJson, "createdAt" | "sourceId" | "ruleText"> & { ruleText: CardRuleText | null };

type Props = {
  article: CardArticle;
  timeZone: string;
  search?: string;
  /** Where "Read Original" points (a counting redirect on the public feed). */
  readHref?: string;
  /** Called when "Read Original" is opened (the feed counts the view with JavaScript). */
  onReadOriginal?: () => void;
  /** Controls added by later features: bookmark toggle, AI summary, related articles, admin editors. */
  headerAction?: ReactNode;
  children?: ReactNode;
  highlighted?: boolean;
  /** The article's own page: the title links there. */
  detailsHref?: string;
  /**
   * Today (YYYY-MM-DD, the product's time zone), from the loader: an open comment period shows its days left, and a
   * public inspection badge whose day has passed says so.
   */
  today?: string;
  /** The title's heading level: h3 among the feed's cards, h2 on the article's own page. */
  titleAs?: "h2" | "h3";
};

export function articleAnchorId(id: number) {
  return `article-${id}`;
}

/**
 * A summary cut at a word (`truncateAtWord`), its text written once: the first part with an ellipsis, then the
 * rest behind a native <details> ("Read more" / "Show less", so it works without JavaScript). Opened, the
 * ellipsis hides and the rest flows on from the first part (app.css). Plain paragraphs styled as Mantine's
 * small text: up to 48 summaries on a feed page.
 */
export function CardSummary({ text, limit, search, className = "summary-block" }: { text: string; limit: number; search?: string; className?: string }) {
  if (text.length <= limit) {
    return (
      <p className="text-sm">
        <Highlight text={text} search={search} />
      </p>
    );
  }
  // The cut without its ellipsis is always the start of the text (punctuation before the cut is left for the rest).
  const head = truncateAtWord(text, limit).slice(0, -1);
  return (
    <div className={className}>
      <p className="text-sm summary-short">
        <Highlight text={head} search={search} />
        <span className="summary-cut">…</span>
      </p>
      <details>
        <summary>
          <span className="when-closed">Read more</span>
          <span className="when-open">Show less</span>
        </summary>
        <p className="text-sm">
          <Highlight text={text.slice(head.length)} search={search} />
        </p>
      </details>
    </div>
  );
}

/** A stored reason, or what to say for rows stored before reasons existed (the jobs fill them in). */
export function reasonText(reason: string | null) {
  return reason ?? "not recorded yet";
}

/**
 * A badge whose tooltip says why: the native `title` for pointer users, and the same words as visually hidden
 * text beside it for screen readers, which do not read `title` on a plain span reliably.
 */
function ReasonBadge({ reason, label, children, ...badge }: Parameters<typeof CardBadge>[0] & { reason: string | null; label: string }) {
  const why = `${label}: ${reasonText(reason)}`;
  return (
    <>
      <CardBadge {...badge} title={why}>
        {children}
      </CardBadge>
      <span className="visually-hidden">{`(${why})`}</span>
    </>
  );
}

/**
 * A Federal Register document's type, agencies and number: many notices share a title ("Sunshine Act Meetings"),
 * and this line is what tells their cards apart.
 */
function RegisterLine({ article }: { article: Pick<ArticleJson, "documentNumber" | "documentType" | "agencies"> }) {
  if (!article.documentNumber) return null;
  const parts = [article.documentType, article.agencies.join("; "), `Document ${article.documentNumber}`].filter(Boolean);
  return <p className="card-dimmed is-xs card-register">{parts.join(" · ")}</p>;
}

/**
 * OIRA designated the document's rulemaking Deregulatory under EO 14192 (the Unified Agenda, joined by RIN): the
 * badge, and the edition that says so beside it (also its tooltip). Other designations are data for the article's page.
 */
function OfficialDesignationLine({ official }: { official: ArticleJson["officialDesignation"] }) {
  if (!official || !isDeregulatory(official.designation)) return null;
  const source = `Unified Agenda, ${official.edition}`;
  return (
    <p className="card-row is-tight card-official">
      <CardBadge variant="filled" color="teal" small keepCase title={`${source} (RIN ${official.rin})`}>
        {OFFICIALLY_DEREGULATORY_LABEL}
      </CardBadge>
      <span className="card-dimmed is-xs">{source}</span>
    </p>
  );
}

/**
 * A document read from the public inspection desk and not read published: when it publishes (or, once that day has
 * passed, that it was due then), and whether it was a special filing. Gone once the published document has been
 * read (the same article then holds it).
 */
function PublicInspectionLine({ inspection, timeZone, today }: { inspection: ArticleJson["publicInspection"]; timeZone: string; today: string | undefined }) {
  if (!inspection) return null;
  const passed = publicInspectionDayPassed(inspection.publishesOn, today);
  return (
    <p className="card-row is-tight card-inspection">
      <CardBadge
        variant="light"
        color={passed ? "gray" : "orange"}
        small
        keepCase
        title={
          passed
            ? "Its day has passed and the published document has not been read: it may have been withdrawn or published late"
            : "Filed with the Federal Register and open to the public before it is published"
        }
      >
        <time dateTime={inspection.publishesOn}>{publicInspectionLabel(inspection.publishesOn, today, timeZone)}</time>
      </CardBadge>
      {inspection.specialFiling ? (
        <CardBadge variant="light" color="red" small keepCase title="Filed outside the regular schedule, usually because it is urgent">
          Special filing
        </CardBadge>
      ) : null}
    </p>
  );
}

/** "Part of a rulemaking: 5 documents since 2024", linking to the rulemaking's page (two documents or more). */
function RulemakingLine({ rulemaking }: { rulemaking: ArticleJson["rulemaking"] }) {
  if (!rulemaking) return null;
  return (
    <p className="card-dimmed is-xs card-rulemaking">
      <a href={rulemakingPath(rulemaking.key)} className="anchor is-sm">
        {rulemakingLinkLabel(rulemaking)}
      </a>
    </p>
  );
}

/** "Comments close in 5 days" while a Federal Register document's comment period is open. */
function CommentsCloseLine({ commentsCloseOn, today }: { commentsCloseOn: string | null; today: string | undefined }) {
  const days = commentDaysLeft(commentsCloseOn, today);
  if (days === undefined) return null;
  return (
    <p className={`card-comments-close is-xs${days <= 7 ? " is-soon" : ""}`}>
      <time dateTime={commentsCloseOn!}>{commentsCloseLabel(days)}</time>
    </p>
  );
}

// The card is plain elements styled in app.css to look like Mantine's Card, Badge and Text: a feed page renders
// 12 of them, and Mantine's components cost several times more to render on the server and to hydrate.
export function ArticleCard({ article, timeZone, search, readHref, onReadOriginal, headerAction, children, highlighted, detailsHref, today, titleAs }: Props) {
  const Title = titleAs ?? "h3";
  const priority = priorityInfo(article.priority);
  const extraTags = article.tags.length - CARD_TAG_LIMIT;
  return (
    <article
      id={articleAnchorId(article.id)}
      className={`article-card${highlighted ? " is-highlighted" : ""}`}
      aria-labelledby={`${articleAnchorId(article.id)}-title`}
      tabIndex={-1}
    >
      <div className="card-top">
        <div className="card-row">
          <ReasonBadge variant="light" color="indigo" label="Why this category" reason={article.categoryReason}>
            {categoryLabel(article.category)}
          </ReasonBadge>
          <span className="card-dimmed is-xs inline-icon">
            <IconCalendar size={12} /> <time dateTime={article.publishDate}>{formatDate(article.publishDate, timeZone)}</time>
          </span>
        </div>
        {headerAction}
      </div>
      <Title className="card-title" id={`${articleAnchorId(article.id)}-title`}>
        {detailsHref ? (
          <a href={detailsHref} className="card-title-link">
            <Highlight text={article.title} search={search} />
          </a>
        ) : (
          <Highlight text={article.title} search={search} />
        )}
      </Title>
      <RegisterLine article={article} />
      <PublicInspectionLine inspection={article.publicInspection} timeZone={timeZone} today={today} />
      <OfficialDesignationLine official={article.officialDesignation} />
      <RuleTextLines ruleText={article.ruleText} restrictions={article.restrictions} />
      <RulemakingLine rulemaking={article.rulemaking} />
      <CommentsCloseLine commentsCloseOn={article.commentsCloseOn} today={today} />
      <CommentsLine comments={article.comments} timeZone={timeZone} />
      {article.summary ? <CardSummary text={article.summary} limit={CARD_SUMMARY_LIMIT} search={search} /> : null}
      <div className="card-row is-tight">
        <ReasonBadge variant="filled" color={priority.color} small label="Why this priority" reason={article.priorityReason}>
          {`${priority.label} priority`}
        </ReasonBadge>
        {article.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
          // One class for the card badge's small, outlined gray, lower-case form (app.css): up to four a card.
          <span key={tag} className="tag-badge">
            {tag}
          </span>
        ))}
        {extraTags > 0 ? (
          <span className="card-dimmed is-xs" title={article.tags.slice(CARD_TAG_LIMIT).join(", ")}>
            {`+${extraTags} more`}
          </span>
        ) : null}
        {article.manuallyTagged ? (
          <CardBadge variant="light" color="grape" small>
            Manual
          </CardBadge>
        ) : null}
      </div>
      <div className="card-row is-spread">
        <div className="card-row is-wide">
          <span className="card-dimmed inline-icon">
            <IconSource size={14} />
            {` ${article.sourceName}`}
          </span>
          {/* The words, not an aria-label: a span has no role, and screen readers ignore a label on it. */}
          <span className="card-dimmed inline-icon">
            <IconEye size={14} />
            {` ${article.views}`}
            <span className="visually-hidden"> views</span>
          </span>
        </div>
        {isHttpUrl(article.originalUrl) ? (
          <a href={readHref ?? article.originalUrl} onClick={onReadOriginal} target="_blank" rel="noopener noreferrer" className="inline-icon read-original">
            Read Original <IconExternal size={14} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
      {children}
    </article>
  );
}
