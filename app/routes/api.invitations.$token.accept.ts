import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/admin/api.server";
import { acceptInvitation, acceptInvitationSchema } from "~/auth/invitations.server";
import { userJson } from "~/auth/login.server";
import { createSession } from "~/auth/session.server";
import { parseInput } from "~/http/input.server";
import { clientKey, enforceRateLimit, RATE_LIMITS } from "~/http/rate-limit.server";

/** Accepts the invitation and signs the new user in; returns the user and the session cookie. */
export async function acceptInvitationFrom(request: Request, token: string, body: Record<string, unknown>) {
  enforceRateLimit(RATE_LIMITS.acceptInvitation, clientKey(request));
  const input = parseInput(acceptInvitationSchema, body);
  const user = await acceptInvitation(token, input);
  return { user: userJson(user), setCookie: await createSession(user.id) };
}

export const action = ({ request, params }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => {
    const { user, setCookie } = await acceptInvitationFrom(request, params.token ?? "", body);
    return apiJson(user, 201, { "Set-Cookie": setCookie });
  });
