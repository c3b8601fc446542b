// Forgotten passwords: a reset link by email (token hashed, 1 hour, single use). The request always gets
// the same answer, so nobody can learn which emails have accounts.
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { db, t } from "../db.server";
import { sendEmail, siteUrl } from "../email/mailer.server";
import { jsonError } from "../http/responses.server";
import { hashPassword } from "./password.server";
import { RESET_NO_TOKEN, RESET_PASSWORD_MIN } from "./rules";
import { endUserSessions } from "./session.server";
import { generateToken, hashToken } from "./tokens.server";
import { findUserByEmail } from "./users.server";

export const RESET_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email, we have sent a link to reset its password. It expires in 1 hour.";
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

export function resetLink(token: string) {
  return `/reset-password?token=${encodeURIComponent(token)}`;
}

/** Emails a reset link when the address has an account; does nothing visible otherwise. */
export async function requestPasswordReset(email: string) {
  const user = findUserByEmail(email);
  if (!user) return;
  const token = generateToken();
  db()
    .insert(t.passwordResets)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) })
    .run();
  await sendEmail({
    to: user.email,
    subject: "Reset your Federal Deregulation Tracker password",
    text: [
      "Someone (hopefully you) asked to reset the password of this account.",
      "",
      `Choose a new password here: ${siteUrl(resetLink(token))}`,
      "",
      "The link works once and expires in 1 hour. If you did not ask, ignore this email: your password stays the same.",
    ].join("\n"),
  });
}

/** Sets the new password (the token works once) and ends every session of the account. */
export async function resetPassword(token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const userId = db().transaction((tx) => {
    const reset = tx
      .update(t.passwordResets)
      .set({ usedAt: now })
      .where(and(eq(t.passwordResets.tokenHash, hashToken(token)), isNull(t.passwordResets.usedAt), gt(t.passwordResets.expiresAt, now)))
      .returning()
      .get();
    if (!reset) throw jsonError(400, RESET_INVALID_TOKEN);
    tx.update(t.users).set({ passwordHash, updatedAt: now }).where(eq(t.users.id, reset.userId)).run();
    return reset.userId;
  });
  endUserSessions(userId);
}
