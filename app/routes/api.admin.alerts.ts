// GET /api/admin/alerts: how many saved-search alerts run, wait for confirmation or were stopped, and the latest
// delivery failures (admin only).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { alertStats } from "~/alerts/alerts.server";
import { requireUser } from "~/auth/guard.server";
import { apiJson } from "~/http/api.server";
import { withAppErrors } from "~/http/app-error.server";
import { allowOnly } from "~/http/responses.server";

export const loader = withAppErrors(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "admin");
  return apiJson(alertStats());
});

export const action = allowOnly("GET, HEAD");
