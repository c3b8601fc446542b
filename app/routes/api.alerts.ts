// POST /api/alerts {email, view | the feed's filter fields, frequency: "daily" | "weekly", hour: 0-23}: starts a
// saved-search alert by email (confirmed by a link); answers { message } the same way for every valid request.
import type { ActionFunctionArgs } from "@remix-run/node";
import { requestAlert } from "~/alerts/alerts.server";
import { FILTER_PARAMS } from "~/feed/filters";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { withAppErrors } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { readJsonOrForm } from "~/http/input.server";
import { allowOnly, methodNotAllowed, secureJson } from "~/http/responses.server";
import { addressRateKey } from "~/rate-limit.server";

const ALLOW = "POST";
const USE_POST = "Use POST to start an alert.";

/** The view as a query string: `view` as given, or the feed's own filter fields (requestAlert normalises either). */
function viewOf(body: Record<string, unknown>) {
  if (typeof body.view === "string") return body.view;
  const params = new URLSearchParams();
  for (const field of FILTER_PARAMS) if (typeof body[field] === "string" || typeof body[field] === "number") params.set(field, String(body[field]));
  return params.toString();
}

export const action = withAppErrors(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method.toUpperCase() !== "POST") return methodNotAllowed(ALLOW, USE_POST);
  assertSameOrigin(request);
  const body = await readJsonOrForm(request);
  const { message } = await requestAlert({ ...body, view: viewOf(body) }, addressRateKey(clientAddress(context)));
  return secureJson({ message }, { status: 202 });
});

export const loader = allowOnly(ALLOW, USE_POST);
