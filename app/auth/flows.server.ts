// The public account flows, shared by their pages and their /api routes: rate limit, validate, act.
import { addressRateKey, enforceRateLimit, limitFailures, RATE_LIMITS } from "../rate-limit.server";
import { parseInput } from "../validation";
import { acceptInvitation, acceptInvitationSchema } from "./invitations.server";
import { userJson } from "./login.server";
import { FORGOT_PASSWORD_MESSAGE, forgotPasswordSchema, requestPasswordReset, RESET_DONE, resetPassword, resetPasswordSchema } from "./password-reset.server";
import { createSession } from "./session.server";
import { normalizeEmail } from "../email/address";

export async function forgotPasswordFlow(clientAddress: string, body: Record<string, unknown>) {
  const { email } = parseInput(forgotPasswordSchema, body);
  const address = addressRateKey(clientAddress);
  // Per address and email (one inbox is not flooded) and per address (one client cannot walk through emails).
  enforceRateLimit(RATE_LIMITS.forgotPasswordPerAccount, `${address}:${normalizeEmail(email)}`);
  enforceRateLimit(RATE_LIMITS.forgotPasswordPerAddress, address);
  // The email goes out after the answer, so the answer takes as long whether or not the account exists.
  await requestPasswordReset(email);
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPasswordFlow(clientAddress: string, body: Record<string, unknown>) {
  const input = parseInput(resetPasswordSchema, body);
  const limits = [{ rule: RATE_LIMITS.resetPasswordFailures, key: addressRateKey(clientAddress) }];
  await limitFailures(limits, () => resetPassword(input.token, input.newPassword));
  return { message: RESET_DONE };
}

/** Accepts the invitation and signs the new user in; returns the user and the session cookie. */
export async function acceptInvitationFlow(clientAddress: string, token: string, body: Record<string, unknown>) {
  const input = parseInput(acceptInvitationSchema, body);
  const limits = [{ rule: RATE_LIMITS.acceptInvitationFailures, key: addressRateKey(clientAddress) }];
  const user = await limitFailures(limits, () => acceptInvitation(token, input));
  return { user: userJson(user), setCookie: await createSession(user.id) };
}
