// Cookies are Secure on an https site, so a browser never sends them over plain http.
import { afterEach, describe, expect, it, vi } from "vitest";

async function freshModules(publicUrl: string) {
  vi.stubEnv("PUBLIC_URL", publicUrl);
  // The configuration and the cookies are built once per module graph: load them again with this URL.
  vi.resetModules();
  return { flash: await import("~/http/flash.server"), session: await import("~/auth/session.server") };
}

afterEach(() => vi.unstubAllEnvs());

describe("Secure cookies", () => {
  it("marks the flash and session cookies Secure when PUBLIC_URL is https", async () => {
    const { flash, session } = await freshModules("https://dashboard.example.gov");
    expect(await flash.toastCookie({ title: "Saved" })).toMatch(/; Secure/);
    expect(await session.destroySession(new Request("https://dashboard.example.gov/"))).toMatch(/; Secure/);
  });

  it("leaves them without Secure on a plain http site (local development)", async () => {
    const { flash, session } = await freshModules("http://localhost:3000");
    expect(await flash.toastCookie({ title: "Saved" })).not.toMatch(/Secure/);
    expect(await session.destroySession(new Request("http://localhost:3000/"))).not.toMatch(/Secure/);
  });
});
