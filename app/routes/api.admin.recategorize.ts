import type { ActionFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/http/api.server";
import { operations } from "~/admin/operations.server";
import { allowOnly } from "~/http/responses.server";

export const action = ({ request }: ActionFunctionArgs) => apiOperation(request, "POST", operations.recategorize);

export const loader = allowOnly("POST");
