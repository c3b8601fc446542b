// The admin login form through remix-auth's form strategy: remix-auth copies the request before the strategy
// sees it, and the caller's address (for the per-address limit) must still reach the credential check.
import { describe, expect, it } from "vitest";
import * as admin from "~/routes/admin";
import { authenticateLoginForm } from "~/auth/login.server";
import { AppError } from "~/errors";
import { makeUser } from "../support/auth";

function loginRequest(email: string, password: string) {
  return new Request("http://localhost/admin", {
    method: "POST",
    headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }).toString(),
  });
}

describe("login form", () => {
  it("signs in with the right password and refuses a wrong one with 401, not a server error", async () => {
    const user = await makeUser("admin");
    const signedIn = await authenticateLoginForm(loginRequest(user.email, user.password), "198.51.100.20");
    expect(signedIn.id).toBe(user.id);
    const refused = await authenticateLoginForm(loginRequest(user.email, "wrong-password"), "198.51.100.20").catch((error: unknown) => error);
    // Answered as a 401 by the page's action (next test) and by POST /api/auth/login.
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: "unauthorized", message: "Invalid credentials" });
  });

  it("answers the page's wrong-password outcome through the admin action", async () => {
    const response = (await admin.action({
      request: loginRequest("nobody@example.com", "wrong-password"),
      params: {},
      context: { clientAddress: "198.51.100.21" },
    } as never)) as Response;
    expect(response.status).toBe(401);
  });
});
