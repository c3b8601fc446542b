// Logging in (SPEC.md sections 5 and 8): remix-auth's form strategy for the login form, and the same
// credential check for POST /api/auth/login. The caller then starts a server-side session.
import { AsyncLocalStorage } from "node:async_hooks";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { jsonError } from "../http/responses.server";
import { addressRateKey } from "../http/client-address.server";
import { enforceRateLimit, RATE_LIMITS } from "../http/rate-limit.server";
import { hashPassword, verifyPassword } from "./password.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

export type AuthenticatedUser = NonNullable<ReturnType<typeof findUserByEmail>>;

export const LOGIN_MISSING_FIELDS = "Please enter both email and password";
export const LOGIN_INVALID = "Invalid credentials";

let unknownUserHash: Promise<string> | undefined;

/**
 * The user with these credentials; otherwise throws 400 (a field missing), 401 (wrong email or password)
 * or 429 (too many attempts from this address). Unknown emails cost the same time as wrong passwords,
 * so the answer does not reveal which accounts exist.
 */
export async function verifyLogin(clientAddress: string, email: unknown, password: unknown): Promise<AuthenticatedUser> {
  if (typeof email !== "string" || typeof password !== "string" || !email.trim() || !password)
    throw jsonError(400, LOGIN_MISSING_FIELDS);
  // Per address and account: guessing one account's password is limited even when many clients share an address.
  enforceRateLimit(RATE_LIMITS.login, `${addressRateKey(clientAddress)}:${normalizeEmail(email)}`);
  const user = findUserByEmail(email);
  if (!user) {
    unknownUserHash ??= hashPassword("no account has this password");
    await verifyPassword(password, await unknownUserHash);
    throw jsonError(401, LOGIN_INVALID);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw jsonError(401, LOGIN_INVALID);
  return user;
}

export const authenticator = new Authenticator<AuthenticatedUser>();

/**
 * remix-auth hands the strategy only the request, and a copy of it at that (`new Request(request.url, request)`
 * in `Authenticator.authenticate`), so the login form's caller address cannot be looked up by the request
 * object: it rides along in the async context of the call instead.
 */
const loginFormAddress = new AsyncLocalStorage<string>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const address = loginFormAddress.getStore();
    if (!address) throw new Error("authenticateLoginForm() must be used to log in with the form");
    return verifyLogin(address, form.get("email"), form.get("password"));
  }),
  "form",
);

/** The login form's credentials checked by remix-auth's form strategy, limited per caller address. */
export function authenticateLoginForm(request: Request, clientAddress: string) {
  return loginFormAddress.run(clientAddress, () => authenticator.authenticate("form", request));
}

/** Public fields of a user, as the API answers them. */
export function userJson(user: { id: number; email: string; role: string }) {
  return { id: user.id, email: user.email, role: user.role };
}
