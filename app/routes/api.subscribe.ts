// POST /api/subscribe {email, source}: answers { message }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonOrForm } from "~/http/input.server";
import { assertSameOrigin } from "~/http/csrf.server";
import { addressRateKey, clientAddress } from "~/http/client-address.server";
import { jsonError, secureJson } from "~/http/responses.server";
import { subscribe } from "~/newsletter/subscribers.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "POST") return jsonError(405, "Use POST to subscribe.", { Allow: "POST" });
  assertSameOrigin(request);
  const body = await readJsonOrForm(request);
  const outcome = subscribe(body.email, body.source, addressRateKey(clientAddress(context)));
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
    return jsonError(outcome.status, outcome.message, headers);
  }
  return secureJson({ message: outcome.message });
}

export function loader() {
  return jsonError(405, "Use POST to subscribe.", { Allow: "POST" });
}
