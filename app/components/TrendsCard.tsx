import { formatDate } from "~/time";
import type { TrendsJson } from "~/trends/store.server";
import { readTrendsStats } from "~/trends/stats";
import { IconTrend } from "./icons";
import { TrendsChart } from "./TrendsChart";
import { plural } from "~/text/plural";

function Section({ title, text }: { title: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <h3 className="title-h6">{title}</h3>
      <p className="text-sm">{text}</p>
    </div>
  );
}

type Props = {
  trends: TrendsJson | null;
  /** The newest article's date when it is older than the 30 days analysed (app/trends/compute.server.ts). */
  newestArticleBeforeWindow: string | null;
  timeZone: string;
};

export function TrendsCard({ trends, newestArticleBeforeWindow, timeZone }: Props) {
  const stats = trends ? readTrendsStats(trends.stats) : null;
  const staleNote = newestArticleBeforeWindow ? (
    <p className="text-sm medium">
      {`The newest article is from ${formatDate(newestArticleBeforeWindow, timeZone)}, more than 30 days ago, so the last 30 days have no articles to analyse.`}
    </p>
  ) : null;
  return (
    // Plain elements drawn as Mantine's Card, Group, Title, Text and Badge (app.css): it is on every feed page.
    <section className="panel" aria-labelledby="trends-title">
      <div className="card-row mb-sm">
        <IconTrend size={20} />
        <h2 className="title-h4" id="trends-title">
          30-Day Policy Trends Analysis
        </h2>
      </div>
      {trends ? (
        <div className="stack is-sm">
          {staleNote}
          <div className="card-row">
            <span className="card-badge badge-blue-light">{`${plural(trends.articleCount, "article")} analysed`}</span>
            <p className="card-dimmed is-xs">
              {`${trends.provider === "openai" ? `AI analysis · ${trends.model ?? "model"}` : "Automatic analysis · statistical"} · updated ${trends.date}`}
            </p>
          </div>
          <p className="text-sm pre-line">{trends.trendsAnalysis}</p>
          {trends.keyInsights.length ? (
            <>
              <h3 className="title-h6">Key insights</h3>
              <ul className="list is-sm">
                {trends.keyInsights.map((insight) => (
                  <li key={insight}>{insight}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Section title="Significant changes" text={trends.significantChanges} />
          <Section title="Emerging patterns" text={trends.emergingPatterns} />
          {stats?.daily.length ? <TrendsChart daily={stats.daily} /> : null}
        </div>
      ) : (
        (staleNote ?? (
          <p className="text-sm dimmed">No analysis yet. The 30-day trends analysis is generated daily at 9 AM once articles have been collected.</p>
        ))
      )}
    </section>
  );
}
