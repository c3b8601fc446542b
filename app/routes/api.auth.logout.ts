import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/http/api.server";
import { destroySession } from "~/auth/session.server";
import { allowOnly } from "~/http/responses.server";

export const action = ({ request }: ActionFunctionArgs) =>
  publicApiPost(request, async () => apiJson({ message: "Logged out" }, 200, { "Set-Cookie": await destroySession(request) }));

export const loader = allowOnly("POST");
