import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/admin/api.server";
import { operations } from "~/admin/operations.server";
import { methodNotAllowed } from "~/http/responses.server";

export const loader = ({ request }: LoaderFunctionArgs) => apiOperation(request, "GET", operations.listUsers);

export const action = methodNotAllowed;
