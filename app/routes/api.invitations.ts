import type { ActionFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/admin/api.server";
import { operations } from "~/admin/operations.server";

export const action = ({ request }: ActionFunctionArgs) => apiOperation(request, "POST", operations.invite);
