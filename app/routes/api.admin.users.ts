import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiOperation } from "~/http/api.server";
import { operations } from "~/admin/operations.server";
import { allowOnly } from "~/http/responses.server";

export const loader = ({ request }: LoaderFunctionArgs) => apiOperation(request, "GET", operations.listUsers);

export const action = allowOnly("GET, HEAD");
