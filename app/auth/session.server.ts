// Server-side sessions: the cookie holds a signed random id; the sessions row decides.
// Logging out or changing a password deletes rows, which ends those sessions everywhere at once.
import { signedCookie } from "../cookies.server";
import { apiTokenUser, deleteSession, endUserSessions, insertSession, revokeAllApiTokens, sessionUser, type User } from "./store.server";
import { generateToken, hashToken } from "./tokens.server";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function cookie() {
  return signedCookie("__session", SESSION_TTL_MS / 1000);
}

export type SessionUser = User & { sessionId?: string; via: "session" | "token" };

/** Starts a session for the user; returns the Set-Cookie header value. */
export async function createSession(userId: number) {
  const id = generateToken();
  await insertSession(hashToken(id), userId, new Date(Date.now() + SESSION_TTL_MS));
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
  const row = await sessionUser(hashToken(id));
  return row ? { ...row.user, sessionId: row.sessionId, via: "session" } : undefined;
}

/** The user of an `Authorization: Bearer <token>` personal API token that is not revoked or expired, of an enabled account. */
export async function userFromBearer(request: Request): Promise<SessionUser | undefined> {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (!match) return undefined;
  const user = await apiTokenUser(hashToken(match[1]));
  return user ? { ...user, via: "token" } : undefined;
}

/** Ends the request's session; returns the Set-Cookie header value that clears the cookie. */
export async function destroySession(request: Request) {
  const id = await sessionIdFrom(request);
  if (id) await deleteSession(hashToken(id));
  return cookie().serialize("", { maxAge: 0 });
}

/**
 * Ends every session of the user (except optionally the one making the request) and revokes every API
 * token: after a password change or reset, or when the account is disabled, nothing a thief may hold
 * keeps working.
 */
export async function signOutEverywhere(userId: number, keepSessionId?: string) {
  const endedSessions = await endUserSessions(userId, keepSessionId);
  const revokedTokens = await revokeAllApiTokens(userId);
  return { endedSessions, revokedTokens };
}
