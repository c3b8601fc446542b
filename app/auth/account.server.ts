// A signed-in user's own account: email, password and personal API tokens.
import { z } from "zod";
import { isoDateTime, requiredText, wholeNumber } from "../validation";
import { sendEmailLater, siteUrl } from "../email/mailer.server";
import { emailChangedEmail } from "../email/templates/accounts";
import { limitFailures, RATE_LIMITS } from "../rate-limit.server";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./password.server";
import { signOutEverywhere, type SessionUser } from "./session.server";
import { activeApiTokens, endUserSessions, findUserByEmail, insertApiToken, revokeUserApiToken, setUserEmail, setUserPasswordHash } from "./store.server";
import { generateToken, hashToken } from "./tokens.server";
import { normalizeEmail } from "../email/address";

const ACCOUNT_PASSWORD_MIN = 6;

export const updateEmailSchema = z.object({
  /** Sent by the spec's client; when present it must be the caller's own email. */
  currentEmail: z.string().optional(),
  newEmail: z.string({ error: "Please enter the new email address." }).trim().min(1, "Please enter the new email address.").pipe(z.email()),
  /** A stolen session alone must not be enough to take the account over. */
  currentPassword: z.string({ error: "Please enter your current password." }).min(1, "Please enter your current password."),
});

const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
/** The longest an API token may live, in days. */
const API_TOKEN_MAX_DAYS = 3650;

export const updatePasswordSchema = z
  .object({
    email: z.string().optional(),
    currentPassword: z.string().optional().default(""),
    newPassword: z.string().optional().default(""),
    /** Only the form has a confirmation field. */
    confirmPassword: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.currentPassword || !value.newPassword || value.confirmPassword === "")
      ctx.addIssue({ code: "custom", message: "Please fill in all password fields" });
    else if (value.confirmPassword !== undefined && value.confirmPassword !== value.newPassword)
      ctx.addIssue({ code: "custom", message: "Passwords don't match" });
    else if (value.newPassword.length < ACCOUNT_PASSWORD_MIN) ctx.addIssue({ code: "custom", message: "Password too short" });
  });

export const apiTokenSchema = z
  .object({
    name: requiredText("Please name the token.", 100),
    /** Optional: either a number of days (the form's choice; empty = never) or an absolute time. */
    expiresInDays: z.preprocess((days) => (days === "" ? undefined : days), wholeNumber(1, API_TOKEN_MAX_DAYS).optional()),
    expiresAt: isoDateTime().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.expiresInDays !== undefined && value.expiresAt !== undefined)
      ctx.addIssue({ code: "custom", message: "Give either 'expiresInDays' or 'expiresAt', not both." });
    else if (value.expiresAt && value.expiresAt.getTime() <= Date.now())
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: "'expiresAt' must be in the future" });
    else if (value.expiresAt && value.expiresAt.getTime() > Date.now() + API_TOKEN_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: `'expiresAt' must be within ${API_TOKEN_MAX_DAYS} days` });
  })
  .transform(({ name, expiresInDays, expiresAt }) => ({
    name,
    expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : (expiresAt ?? null),
  }));

function assertOwnEmail(user: SessionUser, claimed: string | undefined) {
  if (claimed !== undefined && normalizeEmail(claimed) !== user.email) throw new AppError("forbidden", "You can only change your own account.");
}

/** Checks the current password; wrong guesses are limited per account, so a stolen session cannot search for it. */
async function assertCurrentPassword(user: SessionUser, password: string) {
  await limitFailures([{ rule: RATE_LIMITS.currentPasswordFailures, key: `user:${user.id}` }], async () => {
    if (!(await verifyPassword(password, user.passwordHash))) throw new AppError("invalid", CURRENT_PASSWORD_INCORRECT);
  });
}

/**
 * Changes the sign-in email after checking the current password, tells the old address (so an owner whose
 * session was stolen learns of it), and ends the user's other sessions.
 */
export async function updateEmail(user: SessionUser, input: z.output<typeof updateEmailSchema>) {
  assertOwnEmail(user, input.currentEmail);
  const newEmail = normalizeEmail(input.newEmail);
  if (newEmail === user.email) throw new AppError("invalid", "That is already your email address.");
  await assertCurrentPassword(user, input.currentPassword);
  if (await findUserByEmail(newEmail)) throw new AppError("conflict", "Another account already uses this email address.");
  await setUserEmail(user.id, newEmail);
  const endedSessions = await endUserSessions(user.id, user.sessionId);
  sendEmailLater(
    { to: user.email, ...emailChangedEmail({ oldEmail: user.email, newEmail, resetUrl: await siteUrl("/forgot-password") }) },
    "the email change notice",
  );
  return { email: newEmail, endedSessions };
}

/** Changes the password after checking the current one; every other session and every API token of the user ends. */
export async function updatePassword(user: SessionUser, input: z.output<typeof updatePasswordSchema>) {
  assertOwnEmail(user, input.email);
  await assertCurrentPassword(user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await setUserPasswordHash(user.id, passwordHash);
  return signOutEverywhere(user.id, user.sessionId);
}

export type ApiTokenJson = { id: number; name: string; createdAt: string; lastUsedAt: string | null; expiresAt: string | null };

export async function listApiTokens(userId: number): Promise<ApiTokenJson[]> {
  return (await activeApiTokens(userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  }));
}

export const TOKEN_CANNOT_CREATE_TOKENS = "API tokens cannot create tokens. Sign in to create one.";

/** Only a person signed in with a session may create a token: a leaked token must not mint longer-lived ones. */
export function assertNotApiToken(user: Pick<SessionUser, "via">) {
  if (user.via === "token") throw new AppError("forbidden", TOKEN_CANNOT_CREATE_TOKENS);
}

/** A new personal API token; the secret is returned here only, never stored or shown again. */
export async function createApiToken(userId: number, name: string, expiresAt: Date | null = null) {
  const token = generateToken();
  const row = await insertApiToken({ userId, name, tokenHash: hashToken(token), expiresAt });
  return { id: row.id, name: row.name, token, expiresAt: row.expiresAt?.toISOString() ?? null };
}

export async function revokeApiToken(userId: number, tokenId: number) {
  if (!(await revokeUserApiToken(userId, tokenId))) throw new AppError("not-found", "Token not found");
}
