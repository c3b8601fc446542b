// What the public pages import, listed so that it reaches the browser in one chunk. Every page's browser module
// imports this file (patches/@remix-run+dev+2.17.5.patch), so each module below, and all it imports, is shared by
// every page: the bundler puts it in the one chunk every page loads beside React, where it would otherwise split
// the feed's code into a chunk per set of routes sharing a module (35 scripts for `/`). Decision 065.
// A module the feed, an article page, /about or the layout imports belongs here; tests/browser/page-weight.spec.ts
// counts the scripts each of those pages loads.
import "~/articles/article-page";
import "~/articles/canonical-url";
import "~/articles/comment-labels";
import "~/articles/vocabulary";
import "~/components/AgendaFacts";
import "~/components/AiSummary";
import "~/components/AlertForm";
import "~/components/ArticleCard";
import "~/components/BookmarkToggle";
import "~/components/ErrorPage";
import "~/components/FactList";
import "~/components/feed-state";
import "~/components/FeedbackDialog";
import "~/components/FeedEmptyState";
import "~/components/FeedFilters";
import "~/components/FeedPagination";
import "~/components/NewsletterSignup";
import "~/components/PanelSection";
import "~/components/Redline";
import "~/components/RelatedArticles";
import "~/components/RulemakingGroups";
import "~/components/RuleStatements";
import "~/components/RuleTextLines";
import "~/components/SiteFooter";
import "~/components/SiteHeader";
import "~/components/SourcesFaq";
import "~/components/Toasts";
import "~/components/TrendsCard";
import "~/feed/filters";
import "~/feed/grouped-view";
import "~/hooks";
import "~/nonce";
import "~/rule-text/labels";
import "~/rulemakings/keys";
import "~/sources/links";
import "~/text/truncate";
import "~/time";
