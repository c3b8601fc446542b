// The dashboard's POST actions: each form carries an `intent` naming an operation. Without JavaScript a
// success redirects back with a toast (or renders a result to show); with JavaScript (`respond=json`) the
// fetcher gets JSON. Failures come back with the typed values, so nothing a person typed is lost.
import { json } from "@remix-run/node";
import type { DashboardActionData } from "../admin/dashboard-action";
import { jobStarts, operations, runOperation, type AnyOperation } from "../admin/operations.server";
import { requireUser } from "../auth/guard.server";
import { JOB_BUTTONS, REFRESH_AFTER_MS } from "../jobs/start.server";
import type { JobKind } from "../jobs/queue.server";
import { refusalOf } from "./app-error.server";
import { redirectWithToast } from "./flash.server";
import { formToObject } from "./input.server";
import { secureRedirect } from "./responses.server";

export const DASHBOARD_INTENTS = {
  "create-source": operations.createSource,
  "update-source": operations.updateSource,
  "delete-source": operations.deleteSource,
  "toggle-source": operations.toggleSource,
  "update-tags": operations.updateArticleTags,
  "update-category": operations.updateArticleCategory,
  "delete-article": operations.deleteArticle,
  "extract-article": operations.extractArticle,
  "add-article": operations.addArticle,
  "feedback-status": operations.setFeedbackStatus,
  "archive-feedback": operations.archiveOldFeedback,
  "subscriber-status": operations.setSubscriberStatus,
  "send-test-newsletter": operations.sendTestNewsletter,
  invite: operations.invite,
  "user-status": operations.setUserStatus,
  "delete-user": operations.deleteUser,
  "update-email": operations.updateEmail,
  "update-password": operations.updatePassword,
  "create-token": operations.createApiToken,
  "revoke-token": operations.revokeApiToken,
} satisfies Record<string, AnyOperation>;

/** Query parameters that open a dialog or editor: a redirect after success closes it. */
const TRANSIENT_PARAMS = ["dialog", "refresh"];

/** An element id a form names as the place to return to (`at`): the redirect opens the page there. */
const ANCHOR = /^[a-z][a-z0-9-]{0,80}$/;

function backTo(request: Request, at: unknown, extra: Record<string, string> = {}) {
  const url = new URL(request.url);
  for (const name of [...TRANSIENT_PARAMS, "index", "_data"]) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  const hash = typeof at === "string" && ANCHOR.test(at) ? `#${at}` : "";
  return `${url.pathname}${url.search}${hash}`;
}

function withoutSecrets(values: Record<string, unknown>) {
  const copy = { ...values };
  for (const key of Object.keys(copy)) if (/password/i.test(key)) delete copy[key];
  delete copy.respond;
  delete copy.at;
  return copy;
}

function operationFor(intent: string, values: Record<string, unknown>): AnyOperation | undefined {
  if (intent === "start-job") return jobStarts[values.kind as keyof typeof jobStarts];
  return DASHBOARD_INTENTS[intent as keyof typeof DASHBOARD_INTENTS];
}

export async function runDashboardIntent(request: Request, form: FormData) {
  const values = formToObject(form);
  const intent = String(values.intent ?? "");
  const wantsJson = values.respond === "json";
  const op = operationFor(intent, values);
  if (!op) {
    const message = intent === "start-job" ? `'kind' must be one of: ${JOB_BUTTONS.map((b) => b.kind).join(", ")}` : `Unknown action '${intent}'.`;
    return json<DashboardActionData>({ intent, ok: false, toast: { title: "Error", message, variant: "destructive" } }, { status: 400 });
  }
  try {
    const user = await requireUser(request, op.role);
    const result = await runOperation(op, values, user);
    const toast = op.success(result);
    if (!wantsJson && !op.showsResult) {
      const refreshMs = intent === "start-job" ? REFRESH_AFTER_MS[values.kind as JobKind] : undefined;
      return redirectWithToast(backTo(request, values.at, refreshMs ? { refresh: String(refreshMs / 1000) } : {}), toast);
    }
    return json<DashboardActionData>({ intent, ok: true, toast, result, values: withoutSecrets(values) });
  } catch (error) {
    const failure = await refusalOf(error);
    if (!failure) throw error;
    if (failure.status === 401 && !wantsJson) return secureRedirect("/admin");
    return json<DashboardActionData>(
      {
        intent,
        ok: false,
        toast: { title: op.failure, message: failure.message, variant: "destructive" },
        values: withoutSecrets(values),
      },
      { status: failure.status },
    );
  }
}
