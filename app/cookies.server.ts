// The product's cookies (session, flash, visitor): signed with the server secret, HTTP-only, same-site lax, and
// secure when the site is served over HTTPS. Each is made on first use, once the configuration is read.
import { createCookie, type Cookie } from "@remix-run/node";
import { config, cookiesAreSecure } from "./config.server";

const cookies = new Map<string, Cookie>();

export function signedCookie(name: string, maxAgeSeconds: number): Cookie {
  let cookie = cookies.get(name);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: cookiesAreSecure(),
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [config().SESSION_SECRET],
    });
    cookies.set(name, cookie);
  }
  return cookie;
}
