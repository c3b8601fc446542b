// What the admin dashboard shows, read from the database for the signed-in user's role.
import { parseFeedParams } from "../feed/filters";
import { feedPage } from "../feed/queries.server";
import { articleTotal } from "../articles/store/reads.server";
import { ADMIN_PAGE_SIZE } from "../articles/vocabulary";
import { suggestTags } from "../ai/suggest-tags.server";
import { listApiTokens } from "../auth/account.server";
import { hasRole } from "../auth/guard.server";
import { listUsers } from "../auth/user-admin.server";
import type { SessionUser } from "../auth/session.server";
import { config } from "../config.server";
import { listFeedbackForAdmin } from "../feedback/triage.server";
import { runnerHealth, toJobJson } from "../jobs/start.server";
import { latestJobPerKind } from "../jobs/store.server";
import { listSources, sourceHealthCounts } from "../sources/store.server";
import { listSubscribers } from "../newsletter/subscriber-list.server";
import { alertStats } from "../alerts/alerts.server";

export async function dashboardData(user: SessionUser, url: URL) {
  const { filters, page: requestedPage } = parseFeedParams(url.searchParams);
  const articlePage = await feedPage({ ...filters, saved: false }, requestedPage, ADMIN_PAGE_SIZE);
  const sources = await listSources();
  const feedbackFilter: "all" | "active" = url.searchParams.get("feedback") === "active" ? "active" : "all";
  // Without JavaScript the tag editor opens as ?dialog=tags-<id>: its suggestions come with the page.
  const editing = /^tags-(\d+)$/.exec(url.searchParams.get("dialog") ?? "");
  const editingId = editing ? Number(editing[1]) : undefined;
  return {
    user: { id: user.id, email: user.email, role: user.role },
    can: { edit: hasRole(user, "editor"), admin: hasRole(user, "admin") },
    timeZone: config().APP_TIMEZONE,
    stats: {
      totalSources: sources.length,
      activeSources: sources.filter((s) => s.isActive).length,
      articles: await articleTotal(),
    },
    health: await sourceHealthCounts(),
    sources,
    filters: { ...filters, saved: false },
    articles: articlePage,
    suggestions:
      editingId && hasRole(user, "editor") && articlePage.articles.some((a) => a.id === editingId)
        ? { articleId: editingId, tags: await suggestTags(editingId) }
        : null,
    feedbackFilter,
    feedback: await listFeedbackForAdmin(feedbackFilter === "active"),
    subscribers: hasRole(user, "admin") ? await listSubscribers() : null,
    alerts: hasRole(user, "admin") ? await alertStats() : null,
    users: hasRole(user, "admin") ? await listUsers() : null,
    jobs: (await latestJobPerKind()).map(toJobJson),
    runner: await runnerHealth(),
    apiTokens: await listApiTokens(user.id),
  };
}
