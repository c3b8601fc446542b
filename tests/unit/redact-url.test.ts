// What the web server's request log may show of a URL: never a token or other credential.
import { describe, expect, it } from "vitest";
import { redactMessage, redactUrl } from "~/http/log.server";

describe("redactUrl", () => {
  it("redacts credential query values", () => {
    expect(redactUrl("/reset-password?token=abc123")).toBe("/reset-password?token=[redacted]");
    expect(redactUrl("/unsubscribe?token=42.c2lnbmF0dXJl")).toBe("/unsubscribe?token=[redacted]");
    expect(redactUrl("/x?a=1&Token=s3cret&b=2")).toBe("/x?a=1&Token=[redacted]&b=2");
    expect(redactUrl("/x?%74oken=s3cret")).toBe("/x?%74oken=[redacted]");
    expect(redactUrl("/x?key=1&secret=2&password=3&code=4&signature=5")).toBe(
      "/x?key=[redacted]&secret=[redacted]&password=[redacted]&code=[redacted]&signature=[redacted]",
    );
  });

  it("redacts invitation tokens in paths", () => {
    expect(redactUrl("/invite/tok3n-value")).toBe("/invite/[redacted]");
    expect(redactUrl("/invite/tok3n-value?_data=routes%2Finvite.%24token")).toBe("/invite/[redacted]?_data=routes%2Finvite.%24token");
    expect(redactUrl("/api/invitations/tok3n-value")).toBe("/api/invitations/[redacted]");
    expect(redactUrl("/api/invitations/tok3n-value/accept")).toBe("/api/invitations/[redacted]/accept");
    // The router matches routes without regard to case, so these open the same pages.
    expect(redactUrl("/INVITE/tok3n-value")).toBe("/INVITE/[redacted]");
    expect(redactUrl("/Api/Invitations/tok3n-value/accept")).toBe("/Api/Invitations/[redacted]/accept");
    expect(redactUrl("//invite//tok3n-value")).toBe("//invite//[redacted]");
  });

  it("leaves URLs without credentials alone", () => {
    expect(redactUrl("/")).toBe("/");
    expect(redactUrl("/?category=all&q=epa")).toBe("/?category=all&q=epa");
    expect(redactUrl("/api/invitations")).toBe("/api/invitations");
    expect(redactUrl("/api/articles/5/ai-summary")).toBe("/api/articles/5/ai-summary");
  });

  it("redacts a token whose value holds another question mark or equals sign", () => {
    const logged = redactUrl("/reset-password?token=a?b=c&next=/");
    expect(logged).not.toContain("a?b");
    expect(logged).toContain("token=[redacted]");
  });
});

describe("redactMessage", () => {
  it("redacts the request's path where an error message quotes it", () => {
    expect(redactMessage("URIError: Failed to decode param '/invite/tok3n%ff'", "/invite/tok3n%ff")).toBe(
      "URIError: Failed to decode param '/invite/[redacted]'",
    );
    expect(redactMessage("Refused a cross-site POST to /invite/tok3n from http://evil.example (403)", "/invite/tok3n?_data=x")).toBe(
      "Refused a cross-site POST to /invite/[redacted] from http://evil.example (403)",
    );
    expect(redactMessage("Refused a cross-site POST to /reset-password from http://evil.example (403)", "/reset-password?token=abc")).toBe(
      "Refused a cross-site POST to /reset-password from http://evil.example (403)",
    );
    expect(redactMessage("something about /reset-password?token=abc", "/reset-password?token=abc")).toBe("something about /reset-password?token=[redacted]");
  });
});
