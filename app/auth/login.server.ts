// Logging in: remix-auth's form strategy for the login form, and the same credential check for
// POST /api/auth/login (both fields required; one message for a wrong email or a wrong password). The caller then
// starts a server-side session.
import { FormStrategy } from "remix-auth-form";
import { AppError } from "../errors";
import { addressRateKey, limitFailures, RATE_LIMITS } from "../rate-limit.server";
import { needsRehash, unmatchableHash, verifyPassword } from "./password.server";
import { normalizeEmail } from "../email/address";
import { findUserByEmail, type User } from "./store.server";
import { setPassword } from "./users.server";

const LOGIN_MISSING_FIELDS = "Please enter both email and password";
const LOGIN_INVALID = "Invalid credentials";
export const ACCOUNT_DISABLED = "This account has been disabled. Ask an admin to enable it.";

/** What an unknown email's password is checked against, so that it costs the same hash as a wrong password. */
const UNKNOWN_USER_HASH = unmatchableHash();

/**
 * The user with these credentials; otherwise throws an AppError: invalid (a field missing), unauthorized (wrong
 * email or password), forbidden (account disabled, said only to someone who knows the password) or rate-limited
 * (too many failures from this address, or too many passwords being checked at once on the whole site). Only
 * failures count towards the limits, per address and account and per address, so a correct password from an
 * address that is not guessing always gets in while the site is not overloaded. Unknown emails cost the same
 * hash as wrong passwords, so the answer does not reveal which accounts exist.
 */
export async function verifyLogin(clientAddress: string, email: unknown, password: unknown): Promise<User> {
  if (typeof email !== "string" || typeof password !== "string" || !email.trim() || !password) throw new AppError("invalid", LOGIN_MISSING_FIELDS);
  const address = addressRateKey(clientAddress);
  const limits = [
    { rule: RATE_LIMITS.loginFailuresPerAccount, key: `${address}:${normalizeEmail(email)}` },
    { rule: RATE_LIMITS.loginFailuresPerAddress, key: address },
  ];
  return limitFailures(limits, async () => {
    const user = await findUserByEmail(email);
    if (!user) {
      await verifyPassword(password, UNKNOWN_USER_HASH);
      throw new AppError("unauthorized", LOGIN_INVALID);
    }
    if (!(await verifyPassword(password, user.passwordHash))) throw new AppError("unauthorized", LOGIN_INVALID);
    if (user.disabledAt) throw new AppError("forbidden", ACCOUNT_DISABLED);
    // The password is at hand only now: a hash made at an older cost is replaced by one at today's.
    if (needsRehash(user.passwordHash)) await setPassword(user.id, password);
    return user;
  });
}

/**
 * The login form's credentials checked by remix-auth's form strategy, limited per caller address. The strategy
 * is made per request because remix-auth hands it only a copy of the request, and the address is not in it.
 */
export function authenticateLoginForm(request: Request, clientAddress: string): Promise<User> {
  const strategy = new FormStrategy(({ form }) => verifyLogin(clientAddress, form.get("email"), form.get("password")));
  return strategy.authenticate(request);
}

/** Public fields of a user, as the API answers them. */
export function userJson(user: { id: number; email: string; role: string }) {
  return { id: user.id, email: user.email, role: user.role };
}
