// Admins manage other people's accounts: list, disable, enable, delete. The site always keeps at least
// one active admin, so nobody can lock everyone out of the admin area (themselves included).
import { z } from "zod";
import { booleanField } from "../validation";
import { AppError } from "../errors";
import { signOutEverywhere } from "./session.server";
import { deleteUserKeepingAnAdmin, disableUserKeepingAnAdmin, enableUser, usersByEmail, type TakeAwayRefusal, type User } from "./store.server";

export const userStatusSchema = z.object({ disabled: booleanField });

export const LAST_ADMIN_MESSAGE = "This is the last active admin: make another user an admin first, so someone can still manage the site.";

export type UserJson = { id: number; email: string; role: string; disabled: boolean; createdAt: string; disabledAt: string | null };

function toUserJson(row: User): UserJson {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

export async function listUsers(): Promise<UserJson[]> {
  return (await usersByEmail()).map(toUserJson);
}

/** The AppError for an account an admin may not take away. */
function refusal(refused: TakeAwayRefusal) {
  return refused === "not-found" ? new AppError("not-found", "User not found") : new AppError("conflict", LAST_ADMIN_MESSAGE);
}

/** Disables (sessions end and API tokens are revoked at once; login is refused) or enables an account. */
export async function setUserDisabled(id: number, disabled: boolean): Promise<UserJson> {
  if (!disabled) {
    const enabled = await enableUser(id);
    if (!enabled) throw refusal("not-found");
    return toUserJson(enabled);
  }
  const found = await disableUserKeepingAnAdmin(id);
  if ("refused" in found) throw refusal(found.refused);
  await signOutEverywhere(id);
  return toUserJson(found.user);
}

/** Deletes an account for good; its sessions, tokens and reset links go with it (foreign keys cascade). */
export async function deleteUser(id: number) {
  const found = await deleteUserKeepingAnAdmin(id);
  if ("refused" in found) throw refusal(found.refused);
  return { id: found.user.id, email: found.user.email };
}
