// Admins manage other people's accounts: list, disable, enable, delete. The site always keeps at least
// one active admin, so nobody can lock everyone out of the admin area (themselves included).
import { and, asc, count, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { db, t } from "../db.server";
import { booleanField } from "../validation";
import { AppError } from "../errors";
import { signOutEverywhere } from "./session.server";

export const userStatusSchema = z.object({ disabled: booleanField });

export const LAST_ADMIN_MESSAGE = "This is the last active admin: make another user an admin first, so someone can still manage the site.";

export type UserJson = { id: number; email: string; role: string; disabled: boolean; createdAt: string; disabledAt: string | null };

function toUserJson(row: typeof t.users.$inferSelect): UserJson {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

export function listUsers(): UserJson[] {
  return db().select().from(t.users).orderBy(asc(t.users.email)).all().map(toUserJson);
}

/** The user, or 404; refuses (409) taking away the last active admin. Called inside the caller's transaction. */
function userToTakeAway(id: number) {
  const user = db().select().from(t.users).where(eq(t.users.id, id)).get();
  if (!user) throw new AppError("not-found", "User not found");
  if (user.role === "admin" && user.disabledAt === null) {
    const otherAdmins = db()
      .select({ n: count() })
      .from(t.users)
      .where(and(eq(t.users.role, "admin"), isNull(t.users.disabledAt), ne(t.users.id, id)))
      .get()!.n;
    if (otherAdmins === 0) throw new AppError("conflict", LAST_ADMIN_MESSAGE);
  }
  return user;
}

/** Disables (sessions end and API tokens are revoked at once; login is refused) or enables an account. */
export function setUserDisabled(id: number, disabled: boolean): UserJson {
  const row = db().transaction(() => {
    if (!disabled) {
      const enabled = db().update(t.users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(t.users.id, id)).returning().get();
      if (!enabled) throw new AppError("not-found", "User not found");
      return enabled;
    }
    const user = userToTakeAway(id);
    if (user.disabledAt) return user;
    return db().update(t.users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(t.users.id, id)).returning().get()!;
  });
  if (disabled) signOutEverywhere(id);
  return toUserJson(row);
}

/** Deletes an account for good; its sessions, tokens and reset links go with it (foreign keys cascade). */
export function deleteUser(id: number) {
  const user = db().transaction(() => {
    const found = userToTakeAway(id);
    db().delete(t.users).where(eq(t.users.id, id)).run();
    return found;
  });
  return { id: user.id, email: user.email };
}
