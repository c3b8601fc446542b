import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson } from "~/admin/api.server";
import { requireUser } from "~/auth/guard.server";
import { listSubscribers } from "~/newsletter/admin.server";
import { methodNotAllowed } from "~/http/responses.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, "admin");
  return apiJson(listSubscribers());
}

export const action = methodNotAllowed;
