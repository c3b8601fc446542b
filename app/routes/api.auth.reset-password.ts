import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/http/api.server";
import { resetPasswordFlow } from "~/auth/flows.server";
import { allowOnly } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

export const action = ({ request, context }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => apiJson(await resetPasswordFlow(clientAddress(context), body)));

export const loader = allowOnly("POST");
