import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/admin/api.server";
import { forgotPasswordFlow } from "~/auth/flows.server";
import { allowOnly } from "~/http/responses.server";

export const action = ({ request }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => apiJson(await forgotPasswordFlow(request, body)));

export const loader = allowOnly("POST");
