// User accounts: creation, roles and passwords (stored by app/auth/store.server.ts).
import { normalizeEmail } from "../email/address";
import { hashPassword } from "./password.server";
import { insertUser, setUserPasswordHash } from "./store.server";

export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export async function createUser(email: string, password: string, role: Role) {
  const passwordHash = await hashPassword(password);
  return insertUser({ email: normalizeEmail(email), passwordHash, role });
}

export async function setPassword(userId: number, password: string) {
  const passwordHash = await hashPassword(password);
  await setUserPasswordHash(userId, passwordHash);
}
