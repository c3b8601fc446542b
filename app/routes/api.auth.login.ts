import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/http/api.server";
import { userJson, verifyLogin } from "~/auth/login.server";
import { createSession } from "~/auth/session.server";
import { allowOnly } from "~/http/responses.server";
import { clientAddress } from "~/http/client-address.server";

export const action = ({ request, context }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => {
    const user = await verifyLogin(clientAddress(context), body.email, body.password);
    return apiJson(userJson(user), 200, { "Set-Cookie": await createSession(user.id) });
  });

export const loader = allowOnly("POST");
