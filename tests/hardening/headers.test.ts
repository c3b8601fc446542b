// Security headers on every page and API answer (success, client error, not found, data requests),
// and a nonce CSP on every document whose nonce is fresh per response and carried by every script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductionServer } from "../support/prod-server";
import { addArticle } from "../support/articles";
import { serveTestDatabase } from "./harness";

type Target = { method: string; path: string; kind: "document" | "json"; status: number };

/**
 * Every route the product answers, one representative request each (and error answers too).
 * Routes built elsewhere are added here: /login, /admin/*, /api/admin/*, /api/articles/{id}/bookmark ...
 */
export const HEADER_TARGETS: Target[] = [
  { method: "GET", path: "/", kind: "document", status: 200 },
  { method: "GET", path: "/?category=regulatory-rollbacks&priority=high&time=week&q=epa&page=2", kind: "document", status: 200 },
  { method: "GET", path: "/about", kind: "document", status: 200 },
  { method: "GET", path: "/no-such-page", kind: "document", status: 404 },
  { method: "GET", path: "/?_data=routes%2F_index", kind: "json", status: 200 },
  { method: "GET", path: "/?_data=root", kind: "json", status: 200 },
  { method: "GET", path: "/api/articles", kind: "json", status: 200 },
  { method: "GET", path: "/api/articles?limit=12&category=all&timeframe=week&search=rule", kind: "json", status: 200 },
  { method: "GET", path: "/api/articles?limit=nope", kind: "json", status: 400 },
  { method: "GET", path: "/api/sources", kind: "json", status: 200 },
  { method: "GET", path: "/api/trends", kind: "json", status: 404 },
  { method: "POST", path: "/api/articles", kind: "json", status: 405 },
  { method: "DELETE", path: "/api/sources", kind: "json", status: 405 },
  { method: "POST", path: "/", kind: "document", status: 405 },
  { method: "POST", path: "/about", kind: "document", status: 405 },
];

const EVERY_RESPONSE = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
};

let server: ProductionServer;

beforeAll(async () => {
  for (let i = 0; i < 15; i++) addArticle({ title: `EPA rule rescission ${i}`, publishDate: new Date(Date.now() - i * 3_600_000) });
  server = await serveTestDatabase("headers");
});

afterAll(() => server?.stop());

function nonceOf(csp: string | null) {
  return csp?.match(/script-src 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
}

describe("security headers", () => {
  it.each(HEADER_TARGETS)("$method $path carries them", async ({ path, method, kind, status }) => {
    const response = await fetch(server.url + path, { method, redirect: "manual" });
    expect(response.status).toBe(status);
    for (const [name, value] of Object.entries(EVERY_RESPONSE)) expect(response.headers.get(name), name).toBe(value);
    const csp = response.headers.get("content-security-policy");
    expect(csp).toContain("frame-ancestors 'none'");
    if (kind === "document") {
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // Every script element in the page carries this response's nonce; nothing else could run.
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(csp)}"`);
    } else {
      // Answers that are not documents may not run anything at all.
      expect(csp).toContain("default-src 'none'");
    }
  });

  it("uses a fresh nonce for every document", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 5; i++) {
      const response = await fetch(server.url + "/");
      await response.arrayBuffer();
      nonces.add(nonceOf(response.headers.get("content-security-policy")));
    }
    expect(nonces.size).toBe(5);
    expect(nonces.has(undefined)).toBe(false);
  });
});
