// Rows the hardening files aim at: real tokens (invitation, password reset, unsubscribe, API) and signed-in
// admins, written straight into this file's test database before the production build serves it.
import { createApiToken } from "~/auth/account.server";
import { generateToken, hashToken } from "~/auth/tokens.server";
import { db, t } from "~/db.server";
import { unsubscribeToken } from "~/newsletter/subscribers.server";
import { makeUser, type TestUser } from "../support/auth";

const HOUR = 3_600_000;

/** An open invitation; returns the token of its /invite/{token} link. */
export function insertInvitation(email: string, role = "editor") {
  const token = generateToken();
  db()
    .insert(t.invitations)
    .values({ email, role, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + HOUR) })
    .run();
  return token;
}

/** An unused password reset for the user; returns the token of its /reset-password?token= link. */
export function insertPasswordReset(userId: number) {
  const token = generateToken();
  db()
    .insert(t.passwordResets)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + HOUR) })
    .run();
  return token;
}

/** An active subscriber; returns its id and the token of its /unsubscribe?token= link. */
export function insertSubscriber(email: string, source = "homepage") {
  const subscriber = db().insert(t.subscribers).values({ email, source }).returning().get();
  return { id: subscriber.id, token: unsubscribeToken(subscriber) };
}

export type SignedInAdmin = TestUser & { apiToken: string };

/** An admin with a session cookie (for pages) and an API token (for /api calls). */
export async function signedInAdmin(): Promise<SignedInAdmin> {
  const admin = await makeUser("admin");
  return { ...admin, apiToken: (await createApiToken(admin.id, "hardening")).token };
}

/** Each request its own client address (TRUST_PROXY is on in tests), so per-client rate limits do not stop the run early. */
let clientNumber = 0;
export function nextClientAddress() {
  clientNumber += 1;
  return `198.18.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}
