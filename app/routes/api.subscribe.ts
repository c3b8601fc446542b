// POST /api/subscribe {email, source}: answers { message } (SPEC.md section 7).
import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonOrForm } from "~/http/input.server";
import { assertSameOrigin } from "~/http/csrf.server";
import { visitorRateKey } from "~/http/rate-limit.server";
import { jsonError, secureJson } from "~/http/responses.server";
import { subscribe } from "~/newsletter/subscribers.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method.toUpperCase() !== "POST") return jsonError(405, "Use POST to subscribe.", { Allow: "POST" });
  assertSameOrigin(request);
  const body = await readJsonOrForm(request);
  const outcome = subscribe(body.email, body.source, await visitorRateKey(request));
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined;
    return jsonError(outcome.status, outcome.message, headers);
  }
  return secureJson({ message: outcome.message });
}

export function loader() {
  return jsonError(405, "Use POST to subscribe.", { Allow: "POST" });
}
