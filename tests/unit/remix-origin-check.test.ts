// The cross-site document post Remix refuses before any action runs is recognised by Remix's own rule on the
// request (app/http/csrf.server.ts), not by its error's wording: the rule must agree with Remix's check itself.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { crossSiteRefusal, failsRemixOriginCheck } from "~/http/csrf.server";

const require = createRequire(import.meta.url);
const { throwIfPotentialCSRFAttack } = require("@remix-run/server-runtime/dist/actions.js") as {
  throwIfPotentialCSRFAttack: (headers: Headers) => void;
};

function remixRefuses(headers: Headers) {
  try {
    throwIfPotentialCSRFAttack(headers);
    return false;
  } catch {
    return true;
  }
}

const cases: Record<string, string>[] = [
  { host: "site.test" },
  { host: "site.test", origin: "http://site.test" },
  { host: "site.test:3000", origin: "http://site.test:3000" },
  { host: "site.test", origin: "http://evil.example" },
  { host: "site.test", origin: "http://site.test:8080" },
  { host: "site.test", origin: "null" },
  { origin: "http://site.test" },
  { host: "internal:3000", "x-forwarded-host": "site.test", origin: "https://site.test" },
  { host: "site.test", "x-forwarded-host": "proxy.test, site.test", origin: "https://site.test" },
  { host: "site.test", "x-forwarded-host": " site.test , other", origin: "https://site.test" },
];

describe("the Remix origin check", () => {
  it.each(cases)("agrees with Remix's own check for a POST with %o", (given) => {
    const headers = new Headers(given);
    const request = new Request("http://site.test/feedback", { method: "POST", headers });
    expect(request.headers.get("host")).toBe(given.host ?? null);
    expect(failsRemixOriginCheck(request)).toBe(remixRefuses(headers));
  });

  it("answers Remix's refusal as a 403 and leaves other errors and safe methods alone", () => {
    const crossSite = new Request("http://site.test/feedback", { method: "POST", headers: { host: "site.test", origin: "http://evil.example" } });
    expect(crossSiteRefusal(new Error("any wording"), crossSite)).toMatchObject({ status: 403, message: "Cross-site request refused." });
    const sameSite = new Request("http://site.test/feedback", { method: "POST", headers: { host: "site.test", origin: "http://site.test" } });
    expect(crossSiteRefusal(new Error("host header does not match `origin` header"), sameSite)).toBeUndefined();
    const read = new Request("http://site.test/", { headers: { host: "site.test", origin: "http://evil.example" } });
    expect(crossSiteRefusal(new Error("boom"), read)).toBeUndefined();
  });
});
