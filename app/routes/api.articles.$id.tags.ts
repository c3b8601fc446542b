import type { ActionFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/admin/api.server";
import { operations } from "~/admin/operations.server";

export const action = ({ request, params }: ActionFunctionArgs) => apiOperation(request, "PATCH", operations.updateArticleTags, { id: params.id });
