// The public account flows, shared by their pages and their /api routes: rate limit, validate, act.
import { parseInput } from "../http/input.server";
import { addressRateKey } from "../http/client-address.server";
import { enforceRateLimit, RATE_LIMITS } from "../http/rate-limit.server";
import { acceptInvitation, acceptInvitationSchema } from "./invitations.server";
import { userJson } from "./login.server";
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordSchema,
  requestPasswordReset,
  RESET_DONE,
  resetPassword,
  resetPasswordSchema,
} from "./password-reset.server";
import { createSession } from "./session.server";

export async function forgotPasswordFlow(clientAddress: string, body: Record<string, unknown>) {
  const { email } = parseInput(forgotPasswordSchema, body);
  enforceRateLimit(RATE_LIMITS.forgotPassword, `${addressRateKey(clientAddress)}:${email}`);
  try {
    await requestPasswordReset(email);
  } catch (error) {
    // Same answer either way: a failure here must not reveal that the account exists.
    console.error("[forgot-password] could not send the reset email:", error);
  }
  return { message: FORGOT_PASSWORD_MESSAGE };
}

export async function resetPasswordFlow(clientAddress: string, body: Record<string, unknown>) {
  enforceRateLimit(RATE_LIMITS.resetPassword, addressRateKey(clientAddress));
  const input = parseInput(resetPasswordSchema, body);
  await resetPassword(input.token, input.newPassword);
  return { message: RESET_DONE };
}

/** Accepts the invitation and signs the new user in; returns the user and the session cookie. */
export async function acceptInvitationFlow(clientAddress: string, token: string, body: Record<string, unknown>) {
  enforceRateLimit(RATE_LIMITS.acceptInvitation, addressRateKey(clientAddress));
  const input = parseInput(acceptInvitationSchema, body);
  const user = await acceptInvitation(token, input);
  return { user: userJson(user), setCookie: await createSession(user.id) };
}
