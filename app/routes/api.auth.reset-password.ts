import type { ActionFunctionArgs } from "@remix-run/node";
import { apiJson, publicApiPost } from "~/admin/api.server";
import { RESET_DONE, resetPassword, resetPasswordSchema } from "~/auth/password-reset.server";
import { parseInput } from "~/http/input.server";
import { clientKey, enforceRateLimit, RATE_LIMITS } from "~/http/rate-limit.server";

export async function resetPasswordFrom(request: Request, body: Record<string, unknown>) {
  enforceRateLimit(RATE_LIMITS.resetPassword, clientKey(request));
  const input = parseInput(resetPasswordSchema, body);
  await resetPassword(input.token, input.newPassword);
  return { message: RESET_DONE };
}

export const action = ({ request }: ActionFunctionArgs) =>
  publicApiPost(request, async (body) => apiJson(await resetPasswordFrom(request, body)));
