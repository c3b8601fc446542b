import type { LoaderFunctionArgs } from "@remix-run/node";
import { withAppErrors } from "~/http/app-error.server";
import { allowOnly, jsonError, jsonWithEtag } from "~/http/responses.server";
import { parseRulemakingKey } from "~/rulemakings/keys";
import { getRulemaking } from "~/rulemakings/page.server";

/** A rulemaking as its page shows it (app/rulemakings/page.server.ts). */
export const loader = withAppErrors(async ({ request, params }: LoaderFunctionArgs) => {
  const key = parseRulemakingKey(params.key);
  const rulemaking = key ? await getRulemaking(key) : null;
  if (!rulemaking) return jsonError(404, "Rulemaking not found");
  return jsonWithEtag(request, rulemaking);
});

export const action = allowOnly("GET, HEAD");
