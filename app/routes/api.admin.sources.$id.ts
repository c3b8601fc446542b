import type { ActionFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/http/api.server";
import { operations } from "~/admin/operations.server";
import { allowOnly, methodNotAllowed } from "~/http/responses.server";

const ALLOW = "PATCH, DELETE";

export function action({ request, params }: ActionFunctionArgs) {
  const method = request.method.toUpperCase();
  if (method === "PATCH") return apiOperation(request, "PATCH", operations.updateSource, { id: params.id });
  if (method === "DELETE") return apiOperation(request, "DELETE", operations.deleteSource, { id: params.id });
  return methodNotAllowed(ALLOW, "Use PATCH to edit a source or DELETE to delete it.");
}

export const loader = allowOnly(ALLOW);
