// Accounts in the database: users, sessions, personal API tokens, invitations and password resets. Secrets are
// stored only as hashes (app/auth/tokens.server.ts): every function here takes the hash, never the secret.
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, ne, or } from "drizzle-orm";
import { all, db, execute, first, t, transaction, type Transaction } from "../db.server";
import { normalizeEmail } from "../email/address";

export type User = typeof t.users.$inferSelect;
export type ApiToken = typeof t.apiTokens.$inferSelect;
/** Why an admin may not take an account away: it does not exist, or it is the last active admin. */
export type TakeAwayRefusal = "not-found" | "last-admin";
/** The account an admin takes away, or why not. */
export type TakeAway = { user: User } | { refused: TakeAwayRefusal };

// Users

export async function findUserByEmail(email: string) {
  return first(
    db()
      .select()
      .from(t.users)
      .where(eq(t.users.email, normalizeEmail(email))),
  );
}

export async function insertUser(values: { email: string; passwordHash: string; role: User["role"] }): Promise<User> {
  return (await first(db().insert(t.users).values(values).returning()))!;
}

export async function setUserPasswordHash(userId: number, passwordHash: string) {
  await execute(db().update(t.users).set({ passwordHash, updatedAt: new Date() }).where(eq(t.users.id, userId)));
}

export async function setUserEmail(userId: number, email: string) {
  await execute(db().update(t.users).set({ email, updatedAt: new Date() }).where(eq(t.users.id, userId)));
}

export async function setUserRole(userId: number, role: User["role"]) {
  await execute(db().update(t.users).set({ role, updatedAt: new Date() }).where(eq(t.users.id, userId)));
}

export async function countUsers() {
  return (await first(db().select({ n: count() }).from(t.users)))?.n ?? 0;
}

export async function usersByEmail() {
  return all(db().select().from(t.users).orderBy(asc(t.users.email)));
}

/** Enables an account; undefined when there is none with that id. */
export async function enableUser(id: number) {
  return first(db().update(t.users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(t.users.id, id)).returning());
}

/** The user, unless the id names nobody or taking the user away would leave no active admin. */
function* userToTakeAway(tx: Transaction, id: number) {
  const user = yield* tx.first(tx.db.select().from(t.users).where(eq(t.users.id, id)));
  if (!user) return { refused: "not-found" as TakeAwayRefusal };
  if (user.role === "admin" && user.disabledAt === null) {
    const otherAdmins = (yield* tx.first(
      tx.db
        .select({ n: count() })
        .from(t.users)
        .where(and(eq(t.users.role, "admin"), isNull(t.users.disabledAt), ne(t.users.id, id))),
    ))!.n;
    if (otherAdmins === 0) return { refused: "last-admin" as TakeAwayRefusal };
  }
  return { user };
}

/** Disables an account (an already disabled one stays as it is), refusing the last active admin. */
export async function disableUserKeepingAnAdmin(id: number): Promise<TakeAway> {
  return transaction(function* (tx) {
    const found = yield* userToTakeAway(tx, id);
    if ("refused" in found || found.user.disabledAt) return found;
    const user = yield* tx.first(tx.db.update(t.users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(t.users.id, id)).returning());
    return { user: user! };
  });
}

/** Deletes an account for good, refusing the last active admin; its sessions, tokens and reset links go with it (foreign keys cascade). */
export async function deleteUserKeepingAnAdmin(id: number): Promise<TakeAway> {
  return transaction(function* (tx) {
    const found = yield* userToTakeAway(tx, id);
    if ("refused" in found) return found;
    yield* tx.execute(tx.db.delete(t.users).where(eq(t.users.id, id)));
    return found;
  });
}

// Sessions

export async function insertSession(idHash: string, userId: number, expiresAt: Date) {
  await execute(db().insert(t.sessions).values({ id: idHash, userId, expiresAt }));
}

/** The user of a session that exists and has not expired, of an enabled account. */
export async function sessionUser(idHash: string, now = new Date()) {
  return first(
    db()
      .select({ user: t.users, sessionId: t.sessions.id })
      .from(t.sessions)
      .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
      .where(and(eq(t.sessions.id, idHash), gt(t.sessions.expiresAt, now), isNull(t.users.disabledAt))),
  );
}

export async function deleteSession(idHash: string) {
  await execute(db().delete(t.sessions).where(eq(t.sessions.id, idHash)));
}

/** Ends every session of the user, except optionally the one making the request; answers how many ended. */
export async function endUserSessions(userId: number, keepSessionId?: string) {
  const condition = keepSessionId ? and(eq(t.sessions.userId, userId), ne(t.sessions.id, keepSessionId)) : eq(t.sessions.userId, userId);
  return execute(db().delete(t.sessions).where(condition));
}

// Personal API tokens

/** The user of a token that is not revoked or expired, of an enabled account; the token's last use is noted. */
export async function apiTokenUser(tokenHash: string, now = new Date()): Promise<User | undefined> {
  const row = await first(
    db()
      .select({ user: t.users, tokenId: t.apiTokens.id })
      .from(t.apiTokens)
      .innerJoin(t.users, eq(t.users.id, t.apiTokens.userId))
      .where(
        and(
          eq(t.apiTokens.tokenHash, tokenHash),
          isNull(t.apiTokens.revokedAt),
          or(isNull(t.apiTokens.expiresAt), gt(t.apiTokens.expiresAt, now)),
          isNull(t.users.disabledAt),
        ),
      ),
  );
  if (!row) return undefined;
  await execute(db().update(t.apiTokens).set({ lastUsedAt: now }).where(eq(t.apiTokens.id, row.tokenId)));
  return row.user;
}

/** The user's tokens that are not revoked, newest first. */
export async function activeApiTokens(userId: number) {
  return all(
    db()
      .select()
      .from(t.apiTokens)
      .where(and(eq(t.apiTokens.userId, userId), isNull(t.apiTokens.revokedAt)))
      .orderBy(desc(t.apiTokens.id)),
  );
}

export async function insertApiToken(values: { userId: number; name: string; tokenHash: string; expiresAt: Date | null }): Promise<ApiToken> {
  return (await first(db().insert(t.apiTokens).values(values).returning()))!;
}

/** Revokes one of the user's tokens; false when the user has no such token that is not revoked yet. */
export async function revokeUserApiToken(userId: number, tokenId: number) {
  const revoked = await execute(
    db()
      .update(t.apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(t.apiTokens.id, tokenId), eq(t.apiTokens.userId, userId), isNull(t.apiTokens.revokedAt))),
  );
  return revoked > 0;
}

/** Revokes every token of the user; answers how many were still valid. */
export async function revokeAllApiTokens(userId: number) {
  return execute(
    db()
      .update(t.apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(t.apiTokens.userId, userId), isNull(t.apiTokens.revokedAt))),
  );
}

// Invitations

export async function insertInvitation(values: { email: string; role: User["role"]; invitedBy: number; tokenHash: string; expiresAt: Date }) {
  await execute(db().insert(t.invitations).values(values));
}

function openInvitationCondition(tokenHash: string, now: Date) {
  return and(eq(t.invitations.tokenHash, tokenHash), isNull(t.invitations.acceptedAt), gt(t.invitations.expiresAt, now));
}

/** The invitation of a token hash, if it exists, has not expired and was not used. */
export async function openInvitation(tokenHash: string, now = new Date()) {
  return first(db().select().from(t.invitations).where(openInvitationCondition(tokenHash, now)));
}

/**
 * Uses the invitation (once) and creates the invited account with the invited role; or changes nothing and says
 * why: the invitation is not open (any more), or its email already has an account.
 */
export async function acceptInvitationCreatingUser(tokenHash: string, passwordHash: string): Promise<{ user: User } | { refused: "not-open" | "email-taken" }> {
  const now = new Date();
  // Immediate: the body reads the invitation and the account, then writes on what it read.
  return transaction(
    function* (tx) {
      const invitation = yield* tx.first(tx.db.select().from(t.invitations).where(openInvitationCondition(tokenHash, now)));
      if (!invitation) return { refused: "not-open" } as const;
      const existing = yield* tx.first(tx.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, invitation.email)));
      if (existing) return { refused: "email-taken" } as const;
      // Claimed with a conditional update, so two simultaneous accepts cannot both succeed.
      const claimed = yield* tx.execute(tx.db.update(t.invitations).set({ acceptedAt: now }).where(openInvitationCondition(tokenHash, now)));
      if (!claimed) return { refused: "not-open" } as const;
      const user = yield* tx.first(tx.db.insert(t.users).values({ email: invitation.email, passwordHash, role: invitation.role }).returning());
      return { user: user! };
    },
    { behavior: "immediate" },
  );
}

// Password resets

export async function insertPasswordReset(values: { userId: number; tokenHash: string; expiresAt: Date }) {
  await execute(db().insert(t.passwordResets).values(values));
}

function openResetCondition(tokenHash: string, now: Date) {
  return and(eq(t.passwordResets.tokenHash, tokenHash), isNull(t.passwordResets.usedAt), gt(t.passwordResets.expiresAt, now));
}

/** True when the reset link of this hash exists, has not expired and was not used. */
export async function isResetOpen(tokenHash: string, now = new Date()) {
  return (await first(db().select({ id: t.passwordResets.id }).from(t.passwordResets).where(openResetCondition(tokenHash, now)))) !== undefined;
}

/**
 * Uses the reset link (once), sets the account's new password hash and marks every other open reset link of the
 * account used; answers the account's id, or undefined (and nothing changes) when the link is not open.
 */
export async function useResetSettingPassword(tokenHash: string, passwordHash: string, now = new Date()) {
  return transaction(function* (tx) {
    const reset = yield* tx.first(tx.db.update(t.passwordResets).set({ usedAt: now }).where(openResetCondition(tokenHash, now)).returning());
    if (!reset) return undefined;
    yield* tx.execute(tx.db.update(t.users).set({ passwordHash, updatedAt: now }).where(eq(t.users.id, reset.userId)));
    yield* tx.execute(
      tx.db
        .update(t.passwordResets)
        .set({ usedAt: now })
        .where(and(eq(t.passwordResets.userId, reset.userId), isNull(t.passwordResets.usedAt))),
    );
    return reset.userId;
  });
}

// Expired and spent rows (the daily maintenance job): each answers how many rows it deleted.

export async function purgeExpiredSessions(now: Date) {
  return execute(db().delete(t.sessions).where(lt(t.sessions.expiresAt, now)));
}

export async function purgeSpentInvitations(now: Date) {
  return execute(
    db()
      .delete(t.invitations)
      .where(or(lt(t.invitations.expiresAt, now), isNotNull(t.invitations.acceptedAt))),
  );
}

export async function purgeSpentPasswordResets(now: Date) {
  return execute(
    db()
      .delete(t.passwordResets)
      .where(or(lt(t.passwordResets.expiresAt, now), isNotNull(t.passwordResets.usedAt))),
  );
}
