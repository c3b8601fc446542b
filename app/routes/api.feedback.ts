// POST /api/feedback: public feedback (honeypot, rate limit). GET /api/feedback: the list, for signed-in users.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { listFeedbackForAdmin } from "~/feedback/admin.server";
import { submitFeedback } from "~/feedback/feedback.server";
import { readJsonOrForm } from "~/http/input.server";
import { assertSameOrigin } from "~/http/csrf.server";
import { addressRateKey, clientAddress } from "~/http/client-address.server";
import { jsonError, jsonWithEtag, secureJson } from "~/http/responses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "viewer");
  return jsonWithEtag(request, listFeedbackForAdmin(false));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "POST") return jsonError(405, "Use POST to send feedback.", { Allow: "GET, POST" });
  assertSameOrigin(request);
  const outcome = submitFeedback(await readJsonOrForm(request), addressRateKey(clientAddress(context)));
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
    return jsonError(outcome.status, outcome.toast.message!, headers);
  }
  return secureJson({ message: outcome.toast.message, id: outcome.id }, { status: 201 });
}
