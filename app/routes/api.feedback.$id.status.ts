import type { ActionFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/http/api.server";
import { operations } from "~/admin/operations.server";
import { allowOnly } from "~/http/responses.server";

export const action = ({ request, params }: ActionFunctionArgs) => apiOperation(request, "PATCH", operations.setFeedbackStatus, { id: params.id });

export const loader = allowOnly("PATCH");
