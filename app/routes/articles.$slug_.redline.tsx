// /articles/{id}-{slug}/redline?part={title}-{part}: the full redline of one CFR part a rule amends, a page at a time
// (the article page shows only its first sections: a 40 CFR 63 redline would be megabytes). `from` and `paragraph`
// say where a page starts. The trailing underscore keeps it out of the article page's layout.
import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { articlePath, parseArticleAddress } from "~/articles/article-page";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { PartRedline } from "~/components/Redline";
import { SiteFooter } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { articleRedline, parsePartParam } from "~/feed/article-page.server";
import { getArticle } from "~/feed/queries.server";
import { pageRouteRefusal, secureRedirect } from "~/http/responses.server";
import { cfrPartLabel, RESTRICTION_WORDS_NOTE, redlinePath } from "~/rule-text/labels";
import ruleTextStyles from "~/styles/rule-text.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: ruleTextStyles }];

/** A page position from the query: a whole number, 0 when absent or not one. */
function position(value: string | null) {
  const n = Number(value ?? 0);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const address = parseArticleAddress(params.slug);
  const article = address && (await getArticle(address.id));
  if (!article) throw pageRouteRefusal(request, 404, "Article not found.");
  const url = new URL(request.url);
  const path = articlePath(article);
  if (url.pathname !== `${path}/redline`) throw secureRedirect(`${path}/redline${url.search}`, 301);
  const asked = url.searchParams.get("part");
  const part = parsePartParam(asked);
  if (asked !== null && !part) throw pageRouteRefusal(request, 404, "No such CFR part.");
  const found = await articleRedline(article.id, part, {
    section: position(url.searchParams.get("from")),
    paragraph: position(url.searchParams.get("paragraph")),
  });
  if (!found) throw pageRouteRefusal(request, 404, "This article has no redline of that part.");
  return json({
    article: { id: article.id, title: article.title, path, documentNumber: article.documentNumber },
    part: found.part,
    parts: found.parts,
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Redline not found: Federal Deregulation Tracker" }];
  return [
    { title: `Redline of ${data.part.label}: ${data.article.title}: Federal Deregulation Tracker` },
    { name: "description", content: `What ${data.article.title} changes in ${data.part.label}, removed text struck through and added text marked.` },
  ];
};

export default function RedlinePage() {
  const { article, part, parts } = useLoaderData<typeof loader>();
  const shownFrom = part.start.section + 1;
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <p className="text-sm">
          <Link to={article.path} className="anchor is-sm">
            ← Back to the article
          </Link>
        </p>
        <div className="section-head">
          <h2 className="title-h2">
            What {article.documentNumber ? `document ${article.documentNumber}` : "the rule"} changes in {part.label}
          </h2>
        </div>
        <p className="text-md">
          <Link to={article.path} className="anchor">
            {article.title}
          </Link>
        </p>
        {parts.length > 1 ? (
          <nav aria-label="Parts the rule amends" className="text-sm">
            Parts:{" "}
            {parts.map((one, i) => {
              const label = cfrPartLabel(one.title, one.part);
              const current = one.title === part.title && one.part === part.part;
              return (
                <span key={label}>
                  {i ? " · " : null}
                  {current ? (
                    <strong aria-current="page">{label}</strong>
                  ) : (
                    <Link to={redlinePath(article.path, one)} className="anchor is-sm">
                      {label}
                    </Link>
                  )}
                </span>
              );
            })}
          </nav>
        ) : null}
        <section className="panel redline-page" aria-label={`Redline of ${part.label}`}>
          {part.status === "compared" && part.sections.length && (part.start.section > 0 || part.next) ? (
            <p className="text-sm dimmed">
              Changed sections {shownFrom} to {part.start.section + part.sections.length} of {part.changedSections}.
            </p>
          ) : null}
          <PartRedline part={part} heading="h3" fullHref={(from) => redlinePath(article.path, part, from)} />
          {part.status === "compared" ? <p className="text-sm dimmed">{RESTRICTION_WORDS_NOTE}</p> : null}
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
