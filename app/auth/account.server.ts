// A signed-in user's own account: email, password and personal API tokens.
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { db, t } from "../db.server";
import { requiredText } from "../http/fields";
import { jsonError } from "../http/responses.server";
import { hashPassword, verifyPassword } from "./password.server";
import { endUserSessions, type SessionUser } from "./session.server";
import { generateToken, hashToken } from "./tokens.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

export const ACCOUNT_PASSWORD_MIN = 6;

export const updateEmailSchema = z.object({
  /** Sent by the spec's client; when present it must be the caller's own email. */
  currentEmail: z.string().optional(),
  newEmail: z.string({ error: "Please enter the new email address." }).trim().min(1, "Please enter the new email address.").pipe(z.email()),
});

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

export const apiTokenSchema = z.object({
  name: requiredText("Please name the token.", 100),
});

function assertOwnEmail(user: SessionUser, claimed: string | undefined) {
  if (claimed !== undefined && normalizeEmail(claimed) !== user.email)
    throw jsonError(403, "You can only change your own account.");
}

export function updateEmail(user: SessionUser, input: z.output<typeof updateEmailSchema>) {
  assertOwnEmail(user, input.currentEmail);
  const newEmail = normalizeEmail(input.newEmail);
  if (newEmail === user.email) throw jsonError(400, "That is already your email address.");
  if (findUserByEmail(newEmail)) throw jsonError(409, "Another account already uses this email address.");
  db().update(t.users).set({ email: newEmail, updatedAt: new Date() }).where(eq(t.users.id, user.id)).run();
  return { email: newEmail };
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function updatePassword(user: SessionUser, input: z.output<typeof updatePasswordSchema>) {
  assertOwnEmail(user, input.email);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw jsonError(400, "Current password is incorrect");
  const passwordHash = await hashPassword(input.newPassword);
  db().update(t.users).set({ passwordHash, updatedAt: new Date() }).where(eq(t.users.id, user.id)).run();
  return { endedSessions: endUserSessions(user.id, user.sessionId) };
}

export type ApiTokenJson = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

export function listApiTokens(userId: number): ApiTokenJson[] {
  return db()
    .select()
    .from(t.apiTokens)
    .where(and(eq(t.apiTokens.userId, userId), isNull(t.apiTokens.revokedAt)))
    .orderBy(desc(t.apiTokens.id))
    .all()
    .map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    }));
}

/** A new personal API token; the secret is returned here only, never stored or shown again. */
export function createApiToken(userId: number, name: string) {
  const token = generateToken();
  const row = db().insert(t.apiTokens).values({ userId, name, tokenHash: hashToken(token) }).returning().get();
  return { id: row.id, name: row.name, token };
}

export function revokeApiToken(userId: number, tokenId: number) {
  const revoked = db()
    .update(t.apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(t.apiTokens.id, tokenId), eq(t.apiTokens.userId, userId), isNull(t.apiTokens.revokedAt)))
    .run().changes;
  if (!revoked) throw jsonError(404, "Token not found");
}
