// Server-side sessions: the cookie holds a signed random id; the sessions row decides.
// Logging out or changing a password deletes rows, which ends those sessions everywhere at once.
import { and, eq, gt, isNull, ne, or } from "drizzle-orm";
import { signedCookie } from "../cookies.server";
import { db, t } from "../db.server";
import { generateToken, hashToken } from "./tokens.server";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function cookie() {
  return signedCookie("__session", SESSION_TTL_MS / 1000);
}

export type SessionUser = typeof t.users.$inferSelect & { sessionId?: string; via: "session" | "token" };

/** Starts a session for the user; returns the Set-Cookie header value. */
export async function createSession(userId: number) {
  const id = generateToken();
  db()
    .insert(t.sessions)
    .values({ id: hashToken(id), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
    .run();
  return cookie().serialize(id);
}

async function sessionIdFrom(request: Request): Promise<string | undefined> {
  const value = await cookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 20 ? value : undefined;
}

/** The user of the request's session cookie, if the session exists, has not expired and the account is enabled. */
export async function userFromSession(request: Request): Promise<SessionUser | undefined> {
  const id = await sessionIdFrom(request);
  if (!id) return undefined;
  const row = db()
    .select({ user: t.users, sessionId: t.sessions.id })
    .from(t.sessions)
    .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
    .where(and(eq(t.sessions.id, hashToken(id)), gt(t.sessions.expiresAt, new Date()), isNull(t.users.disabledAt)))
    .get();
  return row ? { ...row.user, sessionId: row.sessionId, via: "session" } : undefined;
}

/** The user of an `Authorization: Bearer <token>` personal API token that is not revoked or expired, of an enabled account. */
export function userFromBearer(request: Request): SessionUser | undefined {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return undefined;
  const row = db()
    .select({ user: t.users, tokenId: t.apiTokens.id })
    .from(t.apiTokens)
    .innerJoin(t.users, eq(t.users.id, t.apiTokens.userId))
    .where(
      and(
        eq(t.apiTokens.tokenHash, hashToken(match[1])),
        isNull(t.apiTokens.revokedAt),
        or(isNull(t.apiTokens.expiresAt), gt(t.apiTokens.expiresAt, new Date())),
        isNull(t.users.disabledAt),
      ),
    )
    .get();
  if (!row) return undefined;
  db().update(t.apiTokens).set({ lastUsedAt: new Date() }).where(eq(t.apiTokens.id, row.tokenId)).run();
  return { ...row.user, via: "token" };
}

/** Ends the request's session; returns the Set-Cookie header value that clears the cookie. */
export async function destroySession(request: Request) {
  const id = await sessionIdFrom(request);
  if (id)
    db()
      .delete(t.sessions)
      .where(eq(t.sessions.id, hashToken(id)))
      .run();
  return cookie().serialize("", { maxAge: 0 });
}

/**
 * Ends every session of the user (except optionally the one making the request) and revokes every API
 * token: after a password change or reset, or when the account is disabled, nothing a thief may hold
 * keeps working.
 */
export function signOutEverywhere(userId: number, keepSessionId?: string) {
  const endedSessions = endUserSessions(userId, keepSessionId);
  const revokedTokens = db()
    .update(t.apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(t.apiTokens.userId, userId), isNull(t.apiTokens.revokedAt)))
    .run().changes;
  return { endedSessions, revokedTokens };
}

/** Ends every session of the user, except optionally the one making the request. */
export function endUserSessions(userId: number, keepSessionId?: string) {
  const condition = keepSessionId ? and(eq(t.sessions.userId, userId), ne(t.sessions.id, keepSessionId)) : eq(t.sessions.userId, userId);
  return db().delete(t.sessions).where(condition).run().changes;
}
