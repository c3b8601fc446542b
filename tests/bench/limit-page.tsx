// The limit page (docs/benchmarks.md, "The limit in the bench"): the least a React server can do to show a
// feed page, beside which the bench's `limit` step measures the product. A plain `renderToString` page of the same 12
// cards with 3 related articles each, read by the product's own queries (feedPage, storedRelatedArticles: what the
// feed's loader in app/routes/_index.tsx reads for its cards) from the same database, its data embedded as JSON for
// hydration, gzipped and served on bare `node:http`. No framework, no component library, no other part of the page.
//
// Bundled and started by tests/bench/steps/limit.ts with the web process's environment (DATABASE_URL, PORT, HOST) and
// Node arguments; answers `/` with the feed's parameters (`page`, `q` and the filters, app/feed/filters.ts).
import http from "node:http";
import zlib from "node:zlib";
import { renderToString } from "react-dom/server";
import { PAGE_SIZE } from "~/articles/vocabulary";
import { config } from "~/config.server";
import { closeDatabase } from "~/db.server";
import { parseFeedParams } from "~/feed/filters";
import { feedPage, type ArticleJson } from "~/feed/queries.server";
import { storedRelatedArticles, type RelatedArticle } from "~/related/pages.server";
import { formatDate } from "~/time";

type Card = Pick<
  ArticleJson,
  | "id"
  | "title"
  | "summary"
  | "category"
  | "priority"
  | "tags"
  | "sourceName"
  | "originalUrl"
  | "documentNumber"
  | "documentType"
  | "agencies"
  | "publishDate"
  | "views"
>;
type Related = Omit<RelatedArticle, "originalUrl" | "score">;
type PageData = { articles: Card[]; related: Record<number, Related[]>; total: number; page: number; pageCount: number; search?: string };

const timeZone = config().APP_TIMEZONE;

async function pageData(url: URL): Promise<PageData> {
  const { filters, page: requestedPage } = parseFeedParams(url.searchParams);
  const { articles, total, page, pageCount } = await feedPage(filters, requestedPage, PAGE_SIZE);
  const related = await storedRelatedArticles(articles.map((article) => article.id));
  return {
    articles: articles.map((a) => ({
      id: a.id,
      title: a.title,
      summary: a.summary,
      category: a.category,
      priority: a.priority,
      tags: a.tags,
      sourceName: a.sourceName,
      originalUrl: a.originalUrl,
      documentNumber: a.documentNumber,
      documentType: a.documentType,
      agencies: a.agencies,
      publishDate: a.publishDate,
      views: a.views,
    })),
    related: Object.fromEntries(Object.entries(related).map(([id, list]) => [id, list.map(({ originalUrl: _url, score: _score, ...shown }) => shown)])),
    total,
    page,
    pageCount,
    search: filters.search,
  };
}

function ArticleCard({ article, related }: { article: Card; related: Related[] | undefined }) {
  return (
    <article id={`article-${article.id}`} className="card">
      <p className="card-meta">
        <span className="badge">{article.category}</span> <time dateTime={article.publishDate}>{formatDate(article.publishDate, timeZone)}</time>
      </p>
      <h2>
        <a href={`/articles/${article.id}`}>{article.title}</a>
      </h2>
      {article.documentNumber ? (
        <p className="card-document">{[article.documentType, article.agencies.join("; "), `Document ${article.documentNumber}`].filter(Boolean).join(" · ")}</p>
      ) : null}
      {article.summary ? <p className="card-summary">{article.summary}</p> : null}
      <p className="card-tags">
        <span className="badge">{article.priority}</span>
        {article.tags.slice(0, 4).map((tag) => (
          <span key={tag} className="tag">
            {tag}
          </span>
        ))}
      </p>
      <p className="card-footer">
        {article.sourceName} · {article.views} views ·{" "}
        <a href={article.originalUrl} rel="noopener noreferrer">
          Read original
        </a>
      </p>
      {related?.length ? (
        <section className="related" aria-label="Related articles">
          <h3>Related</h3>
          <ul>
            {related.map((item) => (
              <li key={item.id}>
                <a href={`/articles/${item.id}`}>{item.title}</a> <span>{item.sourceName}</span>{" "}
                <time dateTime={item.publishDate}>{formatDate(item.publishDate, timeZone)}</time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

function Page({ data }: { data: PageData }) {
  const first = (data.page - 1) * PAGE_SIZE + 1;
  // `<` escaped so no text inside the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Federal Deregulation Tracker</title>
      </head>
      <body>
        <main>
          <h1>Federal Deregulation Tracker</h1>
          <p>
            Showing {first}-{first + data.articles.length - 1} of {data.total.toLocaleString("en-US")}
          </p>
          {data.articles.map((article) => (
            <ArticleCard key={article.id} article={article} related={data.related[article.id]} />
          ))}
          <nav aria-label="Pages">
            {data.page > 1 ? <a href={`/?page=${data.page - 1}`}>Previous</a> : null} Page {data.page} of {data.pageCount}{" "}
            {data.page < data.pageCount ? <a href={`/?page=${data.page + 1}`}>Next</a> : null}
          </nav>
        </main>
        <script id="page-data" type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
      </body>
    </html>
  );
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://limit.invalid");
  if (request.method !== "GET" || url.pathname !== "/") {
    response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    return;
  }
  const html = `<!DOCTYPE html>${renderToString(<Page data={await pageData(url)} />)}`;
  const headers: http.OutgoingHttpHeaders = { "Content-Type": "text/html; charset=utf-8", Vary: "Accept-Encoding" };
  if (!/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) {
    response.writeHead(200, headers).end(html);
    return;
  }
  // Off the main thread, as the product's compression middleware does it.
  zlib.gzip(html, (error, body) => {
    if (error) return void response.destroy(error);
    response.writeHead(200, { ...headers, "Content-Encoding": "gzip", "Content-Length": body.length }).end(body);
  });
}

const server = http.createServer((request, response) => {
  answer(request, response).catch((error) => {
    console.error("limit page failed:", error);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
});
// As the product's web process (server.ts): load generators keep their connections.
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");

process.on("SIGTERM", () => {
  server.close(() => void closeDatabase().finally(() => process.exit(0)));
  server.closeIdleConnections();
});
