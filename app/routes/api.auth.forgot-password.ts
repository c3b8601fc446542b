import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/admin/api.server";
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordSchema, requestPasswordReset } from "~/auth/password-reset.server";
import { parseInput } from "~/http/input.server";
import { clientKey, enforceRateLimit, RATE_LIMITS } from "~/http/rate-limit.server";

export async function forgotPassword(request: Request, body: Record<string, unknown>) {
  const { email } = parseInput(forgotPasswordSchema, body);
  enforceRateLimit(RATE_LIMITS.forgotPassword, clientKey(request));
  try {
    await requestPasswordReset(email);
  } catch (error) {
    // Same answer either way: a failure here must not reveal that the account exists.
    console.error("[forgot-password] could not send the reset email:", error);
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export const action = ({ request }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => apiJson(await forgotPassword(request, body)));
