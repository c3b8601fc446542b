// POST /api/feedback: public feedback (honeypot, rate limit). GET /api/feedback: the list, for signed-in users.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { listFeedbackForAdmin } from "~/feedback/triage.server";
import { FEEDBACK_TOASTS } from "~/feedback/feedback";
import { submitFeedback } from "~/feedback/feedback.server";
import { readJsonOrForm } from "~/http/input.server";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { withAppErrors } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";
import { jsonWithEtag, methodNotAllowed, secureJson } from "~/http/responses.server";

export const loader = withAppErrors(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "viewer");
  return jsonWithEtag(request, await listFeedbackForAdmin(false));
});

export const action = withAppErrors(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method.toUpperCase() !== "POST") return methodNotAllowed("GET, HEAD, POST", "Use POST to send feedback.");
  assertSameOrigin(request);
  const { id } = await submitFeedback(await readJsonOrForm(request), addressRateKey(clientAddress(context)));
  return secureJson({ message: FEEDBACK_TOASTS.submitted.message, id }, { status: 201 });
});
