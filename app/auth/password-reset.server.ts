// Forgotten passwords: a reset link by email (token hashed, 1 hour, single use). The request always gets
// the same answer, so nobody can learn which emails have accounts.
import { z } from "zod";
import { sendEmailLater, siteUrl } from "../email/mailer.server";
import { passwordResetEmail } from "../email/templates/accounts";
import { AppError } from "../errors";
import { hashPassword } from "./password.server";
import { RESET_NO_TOKEN, RESET_PASSWORD_MIN } from "./rules";
import { signOutEverywhere } from "./session.server";
import { findUserByEmail, insertPasswordReset, isResetOpen, useResetSettingPassword } from "./store.server";
import { generateToken, hashToken } from "./tokens.server";

const RESET_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE = "If an account exists for that email, we have sent a link to reset its password. It expires in 1 hour.";
export const RESET_INVALID_TOKEN = "This reset link is invalid or has expired. Please request a new one.";
export const RESET_DONE = "Your password has been reset. You can now log in.";

export const forgotPasswordSchema = z.object({
  email: z.string({ error: "Please enter your email address." }).trim().min(1, "Please enter your email address.").pipe(z.email()),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().optional().default(""),
    newPassword: z.string().optional().default(""),
    /** Only the form has a confirmation field. */
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.token) ctx.addIssue({ code: "custom", message: RESET_NO_TOKEN });
    else if (!value.newPassword) ctx.addIssue({ code: "custom", message: "Please enter a new password." });
    else if (value.confirmPassword !== undefined && value.newPassword !== value.confirmPassword)
      ctx.addIssue({ code: "custom", message: "Passwords do not match" });
    else if (value.newPassword.length < RESET_PASSWORD_MIN)
      ctx.addIssue({ code: "custom", message: `Password must be at least ${RESET_PASSWORD_MIN} characters long` });
  });

function resetLink(token: string) {
  return `/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Creates a reset link when the address has an account and emails it after the current request has been
 * answered; does nothing visible otherwise.
 */
export async function requestPasswordReset(email: string) {
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = generateToken();
  await insertPasswordReset({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  sendEmailLater({ to: user.email, ...passwordResetEmail({ link: await siteUrl(resetLink(token)) }) }, "the password reset link");
}

/**
 * Sets the new password (the token works once), invalidates every other reset link of the account, ends
 * every session and revokes every API token: whoever held the old password or a link keeps nothing.
 */
export async function resetPassword(token: string, newPassword: string) {
  // A wrong token is refused before the costly hash, so guessing tokens costs the server little.
  if (!(await isResetOpen(hashToken(token)))) throw new AppError("invalid", RESET_INVALID_TOKEN);
  const passwordHash = await hashPassword(newPassword);
  const userId = await useResetSettingPassword(hashToken(token), passwordHash);
  if (userId === undefined) throw new AppError("invalid", RESET_INVALID_TOKEN);
  await signOutEverywhere(userId);
}
