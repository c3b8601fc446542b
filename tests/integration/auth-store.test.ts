// The account writes that must happen whole or not at all (app/auth/store.server.ts): accepting an invitation,
// using a reset link, and taking an account away without leaving the site with no active admin.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  acceptInvitationCreatingUser,
  deleteUserKeepingAnAdmin,
  disableUserKeepingAnAdmin,
  findUserByEmail,
  useResetSettingPassword,
} from "~/auth/store.server";
import { hashToken } from "~/auth/tokens.server";
import { db, execute, first, t } from "~/db.server";
import { makeUser } from "../support/auth";

const inAnHour = () => new Date(Date.now() + 3_600_000);

async function newInvitation(email = `invited-${randomBytes(4).toString("hex")}@example.com`) {
  const tokenHash = hashToken(randomBytes(32).toString("base64url"));
  await execute(db().insert(t.invitations).values({ email, role: "editor", tokenHash, expiresAt: inAnHour() }));
  return { email, tokenHash };
}

const invitation = (tokenHash: string) => first(db().select().from(t.invitations).where(eq(t.invitations.tokenHash, tokenHash)));

describe("accepting an invitation", () => {
  it("claims the invitation and creates the account with the invited role, once", async () => {
    const { email, tokenHash } = await newInvitation();
    const [one, two] = await Promise.all([acceptInvitationCreatingUser(tokenHash, "hash-1"), acceptInvitationCreatingUser(tokenHash, "hash-2")]);
    expect([one, two].filter((outcome) => "user" in outcome)).toHaveLength(1);
    expect([one, two].filter((outcome) => "refused" in outcome)).toEqual([{ refused: "not-open" }]);
    expect(await findUserByEmail(email)).toMatchObject({ email, role: "editor" });
    expect((await invitation(tokenHash))?.acceptedAt).toBeInstanceOf(Date);
  });

  it("changes nothing when the email already has an account: the invitation stays open", async () => {
    const existing = await makeUser("viewer");
    const { tokenHash } = await newInvitation(existing.email);
    expect(await acceptInvitationCreatingUser(tokenHash, "hash")).toEqual({ refused: "email-taken" });
    expect((await invitation(tokenHash))?.acceptedAt).toBeNull();
    expect((await findUserByEmail(existing.email))?.role).toBe("viewer");
  });
});

describe("using a reset link", () => {
  async function newReset(userId: number) {
    const tokenHash = hashToken(randomBytes(32).toString("base64url"));
    await execute(db().insert(t.passwordResets).values({ userId, tokenHash, expiresAt: inAnHour() }));
    return tokenHash;
  }
  const reset = (tokenHash: string) => first(db().select().from(t.passwordResets).where(eq(t.passwordResets.tokenHash, tokenHash)));
  const passwordHashOf = async (userId: number) => (await first(db().select().from(t.users).where(eq(t.users.id, userId))))?.passwordHash;

  it("sets the password and uses up every open link of the account together", async () => {
    const user = await makeUser("editor");
    const [used, other] = [await newReset(user.id), await newReset(user.id)];
    expect(await useResetSettingPassword(used, "new-hash")).toBe(user.id);
    expect(await passwordHashOf(user.id)).toBe("new-hash");
    expect((await reset(used))?.usedAt).toBeInstanceOf(Date);
    expect((await reset(other))?.usedAt).toBeInstanceOf(Date);
    // Used once: the same link changes nothing again.
    expect(await useResetSettingPassword(used, "another-hash")).toBeUndefined();
    expect(await passwordHashOf(user.id)).toBe("new-hash");
  });

  it("changes nothing for a link that has expired", async () => {
    const user = await makeUser("editor");
    const before = await passwordHashOf(user.id);
    const expired = await newReset(user.id);
    await execute(
      db()
        .update(t.passwordResets)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(t.passwordResets.tokenHash, expired)),
    );
    const open = await newReset(user.id);
    expect(await useResetSettingPassword(expired, "new-hash")).toBeUndefined();
    expect(await passwordHashOf(user.id)).toBe(before);
    expect((await reset(open))?.usedAt).toBeNull();
  });
});

describe("taking an account away", () => {
  it("refuses a missing account, and the last active admin, without writing", async () => {
    expect(await disableUserKeepingAnAdmin(999_999)).toEqual({ refused: "not-found" });
    expect(await deleteUserKeepingAnAdmin(999_999)).toEqual({ refused: "not-found" });
    // Every other admin disabled: the one left is the last.
    const admin = await makeUser("admin");
    await execute(db().update(t.users).set({ disabledAt: new Date() }).where(eq(t.users.role, "admin")));
    await execute(db().update(t.users).set({ disabledAt: null }).where(eq(t.users.id, admin.id)));
    try {
      expect(await disableUserKeepingAnAdmin(admin.id)).toEqual({ refused: "last-admin" });
      expect(await deleteUserKeepingAnAdmin(admin.id)).toEqual({ refused: "last-admin" });
      expect(await findUserByEmail(admin.email)).toMatchObject({ id: admin.id, disabledAt: null });
    } finally {
      await execute(db().update(t.users).set({ disabledAt: null }).where(eq(t.users.role, "admin")));
    }
  });

  it("disables or deletes an account while another admin is active", async () => {
    await makeUser("admin");
    const editor = await makeUser("editor");
    const disabled = await disableUserKeepingAnAdmin(editor.id);
    expect("user" in disabled && disabled.user.disabledAt).toBeInstanceOf(Date);
    expect(await deleteUserKeepingAnAdmin(editor.id)).toMatchObject({ user: { id: editor.id } });
    expect(await findUserByEmail(editor.email)).toBeUndefined();
  });
});
