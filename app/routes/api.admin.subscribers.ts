import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson } from "~/http/api.server";
import { requireUser } from "~/auth/guard.server";
import { listSubscribers } from "~/newsletter/admin.server";
import { withAppErrors } from "~/http/app-error.server";
import { allowOnly } from "~/http/responses.server";

export const loader = withAppErrors(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "admin");
  return apiJson(listSubscribers());
});

export const action = allowOnly("GET, HEAD");
