// User accounts: creation, roles and passwords.
import { count, eq } from "drizzle-orm";
import { db, t } from "../db.server";
import { normalizeEmail } from "../email/address";
import { hashPassword } from "./password.server";

export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export function findUserByEmail(email: string) {
  return db()
    .select()
    .from(t.users)
    .where(eq(t.users.email, normalizeEmail(email)))
    .get();
}

export async function createUser(email: string, password: string, role: Role) {
  const passwordHash = await hashPassword(password);
  return db()
    .insert(t.users)
    .values({ email: normalizeEmail(email), passwordHash, role })
    .returning()
    .get();
}

export async function setPassword(userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  db().update(t.users).set({ passwordHash, updatedAt: new Date() }).where(eq(t.users.id, userId)).run();
}

export function countUsers() {
  return db().select({ n: count() }).from(t.users).get()?.n ?? 0;
}
