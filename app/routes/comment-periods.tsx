// /comment-periods: Federal Register documents still taking comments, the soonest deadline first or (`?order=comments`)
// the most commented first, each with the days left (in APP_TIMEZONE), its comments and how fast they came in this
// week, its docket on regulations.gov, its page here and a calendar file. The orders are links: no script needed.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { articlePath, daysLeftLabel, daysUntil, docketUrl } from "~/articles/article-page";
import { commentPeriodsPage } from "~/rulemakings/comment-periods.server";
import { COMMENT_PERIOD_ORDERS, type CommentPeriodOrder } from "~/rulemakings/comment-period-orders";
import { commentGrowthLabel, commentsLabel } from "~/articles/comment-labels";
import { Pagination } from "~/components/FeedPagination";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { config } from "~/config.server";
import { secureRedirect } from "~/http/responses.server";
import { formatDate } from "~/time";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Open comment periods${data && data.page > 1 ? `, page ${data.page}` : ""}: Federal Deregulation Tracker` },
  { name: "description", content: "Federal Register documents open for public comment, the soonest deadline first, with dockets and calendar files." },
];

const ORDER_LABELS: Record<CommentPeriodOrder, string> = { deadline: "Soonest deadline first", comments: "Most comments first" };

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const rawOrder = url.searchParams.get("order");
  // An order that is none of the page's is refused, named, rather than shown as another order.
  if (rawOrder !== null && !(COMMENT_PERIOD_ORDERS as readonly string[]).includes(rawOrder)) {
    const problem = `order must be one of: ${COMMENT_PERIOD_ORDERS.join(", ")}`;
    const periods: Awaited<ReturnType<typeof commentPeriodsPage>>["periods"] = [];
    return json({ problem, periods, total: 0, page: 1, pageCount: 1, today: "", order: "deadline" as const, timeZone: config().APP_TIMEZONE }, { status: 400 });
  }
  const order = (rawOrder ?? "deadline") as CommentPeriodOrder;
  const raw = url.searchParams.get("page");
  // One address per page: anything but a page number above 1 is the first page.
  if (raw !== null && (!/^\d{1,6}$/.test(raw) || Number(raw) < 2)) throw secureRedirect(pageHref(1, order));
  const result = await commentPeriodsPage(raw === null ? 1 : Number(raw), undefined, order);
  if (raw !== null && result.page !== Number(raw)) throw secureRedirect(pageHref(result.page, order));
  return json({ ...result, problem: null, timeZone: config().APP_TIMEZONE });
}

/** A page's address; the default order is left out, so each page has one address. */
function pageHref(page: number, order: CommentPeriodOrder) {
  const params = new URLSearchParams();
  if (order !== "deadline") params.set("order", order);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/comment-periods?${query}` : "/comment-periods";
}

function closingDay(day: string, timeZone: string) {
  return formatDate(`${day}T12:00:00Z`, timeZone);
}

// Plain elements styled in app.css, like the feed's static parts (docs/decisions/014).
export default function CommentPeriods() {
  const { periods, total, page, pageCount, today, timeZone, order, problem } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <div className="section-head">
          <h2 className="title-h2">Open comment periods</h2>
          <a href="/comment-periods.ics" className="anchor is-sm" download>
            All deadlines as a calendar (.ics)
          </a>
        </div>
        <nav className="text-sm period-orders" aria-label="Order">
          {COMMENT_PERIOD_ORDERS.map((value, i) => (
            <span key={value}>
              {i ? " · " : null}
              {value === order && !problem ? (
                <strong aria-current="page">{ORDER_LABELS[value]}</strong>
              ) : (
                <Link to={pageHref(1, value)} className="anchor is-sm">
                  {ORDER_LABELS[value]}
                </Link>
              )}
            </span>
          ))}
        </nav>
        {problem ? (
          <p className="text-sm" role="alert">
            {`Bad request: ${problem}.`}
          </p>
        ) : (
          <p className="text-sm dimmed" aria-live="polite">
            {total === 0
              ? "No document in the database is taking comments right now."
              : `${total} ${total === 1 ? "document is" : "documents are"} taking comments, ${order === "comments" ? "the most commented first" : "the soonest deadline first"}.`}
          </p>
        )}
        {periods.length ? (
          <ol className="panel period-list" aria-label="Documents taking comments">
            {periods.map((period) => {
              const days = daysUntil(today, period.commentsCloseOn);
              return (
                <li key={period.id} className="period-item" id={`period-${period.id}`}>
                  <p className={`card-comments-close${days <= 7 ? " is-soon" : ""}`}>
                    <time dateTime={period.commentsCloseOn}>Closes {closingDay(period.commentsCloseOn, timeZone)}</time>: {daysLeftLabel(days)}
                  </p>
                  <h3 className="card-title">
                    <Link to={articlePath(period)} className="card-title-link">
                      {period.title}
                    </Link>
                  </h3>
                  {period.comments ? (
                    <p className="text-sm period-comments">
                      <strong>{commentsLabel(period.comments.count)}</strong>
                      {commentGrowthLabel(period.comments.weekGrowth) ? ` · ${commentGrowthLabel(period.comments.weekGrowth)}` : null}
                    </p>
                  ) : null}
                  <p className="card-dimmed is-xs">
                    {[period.documentType, period.agencies.join("; "), period.documentNumber ? `Document ${period.documentNumber}` : null]
                      .filter(Boolean)
                      .join(" · ") || period.sourceName}
                  </p>
                  <p className="text-sm">
                    {period.docketIds.map((id) => (
                      <span key={id}>
                        <a href={docketUrl(id)} className="anchor is-sm" rel="noopener noreferrer" target="_blank">
                          Docket {id}
                          <span className="visually-hidden"> on regulations.gov (opens in a new tab)</span>
                        </a>
                        {" · "}
                      </span>
                    ))}
                    <Link to={articlePath(period)} className="anchor is-sm">
                      Details
                      <span className="visually-hidden"> for {period.title}</span>
                    </Link>
                    {" · "}
                    <a href={`/articles/${period.id}.ics`} className="anchor is-sm" download>
                      Add to calendar (.ics)
                      <span className="visually-hidden"> for {period.title}</span>
                    </a>
                  </p>
                </li>
              );
            })}
          </ol>
        ) : null}
        <Pagination page={page} pageCount={pageCount} hrefFor={(to) => pageHref(to, order)} />
      </main>
      <SiteFooter />
    </>
  );
}
