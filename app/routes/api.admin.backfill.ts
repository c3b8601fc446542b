import type { ActionFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/admin/api.server";
import { jobStarts } from "~/admin/operations.server";

export const action = ({ request }: ActionFunctionArgs) => apiOperation(request, "POST", jobStarts.backfill);
