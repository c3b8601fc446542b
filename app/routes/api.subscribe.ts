// POST /api/subscribe {email, source}: answers { message }.
import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonOrForm } from "~/http/input.server";
import { assertSameOrigin } from "~/auth/same-origin.server";
import { withAppErrors } from "~/http/app-error.server";
import { clientAddress } from "~/http/client-address.server";
import { addressRateKey } from "~/rate-limit.server";
import { allowOnly, methodNotAllowed, secureJson } from "~/http/responses.server";
import { subscribe } from "~/newsletter/subscribers.server";

const ALLOW = "POST";
const USE_POST = "Use POST to subscribe.";

export const action = withAppErrors(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method.toUpperCase() !== "POST") return methodNotAllowed(ALLOW, USE_POST);
  assertSameOrigin(request);
  const body = await readJsonOrForm(request);
  const { message } = await subscribe(body.email, body.source, addressRateKey(clientAddress(context)));
  return secureJson({ message });
});

export const loader = allowOnly(ALLOW, USE_POST);
