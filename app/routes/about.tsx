import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FeedbackButton } from "~/components/FeedbackDialog";
import { PanelSection } from "~/components/PanelSection";
import { SiteFooter, SUPPORT_EMAIL } from "~/components/SiteFooter";
import { SiteHeader } from "~/components/SiteHeader";
import { SourcesFaq } from "~/components/SourcesFaq";
import { sourceCount, sourceLinks } from "~/sources/links";
import { listPublicSources } from "~/sources/store.server";

export const meta: MetaFunction = () => [{ title: "About: Federal Deregulation Tracker" }];

export async function loader() {
  return { sources: sourceLinks(await listPublicSources()) };
}

// Static text in plain elements styled in app.css (panels, headings, lists), like the feed's static parts.
export default function About() {
  const { sources } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteHeader actions={<FeedbackButton />} />
      <main id="main" className="page-container page-main">
        <h2 className="title-h2">About the Federal Deregulation Tracker</h2>
        <PanelSection id="mission" title="Our mission">
          <p className="text-md">
            Policy analysts, lawyers, journalists and compliance teams need to know what changes in federal regulation the day it changes. This dashboard
            gathers regulatory and deregulatory news from {sourceCount(sources)} public sources (21+ across government, courts, Congress, think tanks and the
            press), classifies every item and makes it searchable in one place.
          </p>
        </PanelSection>
        <PanelSection id="features" title="Features">
          <ul className="list">
            <li>A live feed, checked every 6 hours, filterable by category, priority and time, with full-text search.</li>
            <li>Automatic categories (new regulations, rollbacks, analysis, legal decisions, legislative action), priorities and tags.</li>
            <li>A 30-day policy trends analysis, generated daily at 9 AM.</li>
            <li>
              Feeds (Atom, JSON Feed), CSV exports and email alerts of any view, and an HTTP API described at <a href="/api/docs">/api/docs</a>.
            </li>
            <li>Summaries on demand, related articles, bookmarks, and a weekly email newsletter on Mondays.</li>
          </ul>
        </PanelSection>
        <SourcesFaq sources={sources} />
        <PanelSection id="contact" title="Contact">
          <p className="text-md">
            Questions, corrections or a source we should track? Write to{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="anchor">
              {SUPPORT_EMAIL}
            </a>
            .
          </p>
        </PanelSection>
        <PanelSection id="disclaimer" title="Disclaimer">
          <p className="text-sm">
            This service summarises public information for convenience. It is not legal advice and may contain errors or omissions; classifications and
            summaries are produced automatically. Always consult the original document (linked on every article) before relying on it.
          </p>
        </PanelSection>
      </main>
      <SiteFooter />
    </>
  );
}
