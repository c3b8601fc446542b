// Who may do what (viewer < editor < admin), decided on the server for every admin screen, action and /api route.
import { assertSameOrigin } from "./same-origin.server";
import { AppError } from "../errors";
import { userFromBearer, userFromSession, type SessionUser } from "./session.server";
import type { Role } from "./users.server";

const ROLE_RANK: Record<Role, number> = { viewer: 1, editor: 2, admin: 3 };

export function hasRole(user: { role: string }, minimum: Role) {
  return (ROLE_RANK[user.role as Role] ?? 0) >= ROLE_RANK[minimum];
}

/** The signed-in user of a request (Bearer token first, then the session cookie). */
export async function currentUser(request: Request): Promise<SessionUser | undefined> {
  return (await userFromBearer(request)) ?? (await userFromSession(request));
}

/**
 * For /api routes and form actions: the caller, if signed in with at least `minimum`;
 * otherwise throws an AppError: unauthorized (no valid session or token) or forbidden (role too low, or a
 * cross-site request).
 */
export async function requireUser(request: Request, minimum: Role): Promise<SessionUser> {
  const user = await currentUser(request);
  if (!user) throw new AppError("unauthorized", "Authentication required. Please log in.");
  if (user.via === "session") assertSameOrigin(request);
  if (!hasRole(user, minimum)) throw new AppError("forbidden", `Your role (${user.role}) is not allowed to do this.`);
  return user;
}
