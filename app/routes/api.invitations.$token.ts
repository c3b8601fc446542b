import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson } from "~/http/api.server";
import { findOpenInvitation } from "~/auth/invitations.server";
import { INVALID_INVITATION } from "~/auth/rules";
import { jsonError, allowOnly } from "~/http/responses.server";

/** Lets the invitation page check a token with the server before showing the form. */
export async function loader({ params }: LoaderFunctionArgs) {
  const invitation = await findOpenInvitation(params.token ?? "");
  if (!invitation) return jsonError(404, INVALID_INVITATION);
  return apiJson({ email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() });
}

export const action = allowOnly("GET, HEAD");
