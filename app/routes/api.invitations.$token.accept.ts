import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/http/api.server";
import { acceptInvitationFlow } from "~/auth/flows.server";
import { allowOnly } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => {
    const { user, setCookie } = await acceptInvitationFlow(clientAddress(context), params.token ?? "", body);
    return apiJson(user, 201, { "Set-Cookie": setCookie });
  });

export const loader = allowOnly("POST");
