import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/admin/api.server";
import { userJson, verifyLogin } from "~/auth/login.server";
import { createSession } from "~/auth/session.server";
import { allowOnly } from "~/http/responses.server";

export const action = ({ request }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => {
    const user = await verifyLogin(request, body.email, body.password);
    return apiJson(userJson(user), 200, { "Set-Cookie": await createSession(user.id) });
  });

export const loader = allowOnly("POST");
