// Feedback and newsletter signup through their routes: each message, duplicates, re-activation,
// rate limits, honeypot, unsubscribe tokens.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { all, db, execute, first, t } from "~/db.server";
import { unsubscribeToken } from "~/newsletter/subscribers.server";
import { addConfirmedSubscriber } from "../support/subscribers";
import { action as feedbackAction, loader as feedbackLoader } from "~/routes/api.feedback";
import { action as subscribeAction } from "~/routes/api.subscribe";
import { action as feedbackPageAction } from "~/routes/feedback";
import { action as subscribePageAction } from "~/routes/subscribe";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { callRoute } from "../support/load-context";

const ORIGIN = "http://localhost";
let client = 0;

const call = callRoute;

/** Each test posts from its own address, so rate limits of one test do not leak into another. */
function postJson(body: unknown, ip = `10.0.0.${++client}`) {
  return { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", Origin: ORIGIN, "X-Forwarded-For": ip } };
}

function postForm(fields: Record<string, string>, ip = `10.0.1.${++client}`) {
  return {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, "X-Forwarded-For": ip, "Content-Type": "application/x-www-form-urlencoded" },
  };
}

const feedbackRows = async () => await all(db().select().from(t.feedback));

describe("POST /api/feedback", () => {
  it("stores open feedback: bug reports high priority, the rest medium", async () => {
    const bug = await call(
      feedbackAction,
      "/api/feedback",
      postJson({ type: "bug", subject: " Broken filter ", message: "It fails", email: "Me@Example.com" }),
    );
    expect(bug.status).toBe(201);
    expect(await bug.json()).toMatchObject({ message: "Thank you for your feedback! We'll review it and get back to you if needed." });
    await call(feedbackAction, "/api/feedback", postJson({ type: "source", subject: "Add GAO", message: "gao.gov feed" }));
    const rows = await feedbackRows();
    expect(rows.map((r) => [r.type, r.subject, r.status, r.priority, r.email])).toEqual([
      ["bug", "Broken filter", "open", "high", "Me@Example.com"],
      ["source", "Add GAO", "open", "medium", null],
    ]);
  });

  it.each([
    [{ subject: "s", message: "m" }, "Please fill in all required fields."],
    [{ type: "bug", message: "m" }, "Please fill in all required fields."],
    [{ type: "bug", subject: "s", message: "   " }, "Please fill in all required fields."],
    // An unknown type names the field and the values it may take (a missing one is a missing field, as above).
    [{ type: "nonsense", subject: "s", message: "m" }, "'type' must be one of: bug, suggestion, source, general"],
    [{ type: "general", subject: "s", message: "m", email: "not-an-email" }, "Please enter a valid email address."],
  ])("answers 400 to %j", async (body, message) => {
    const before = (await feedbackRows()).length;
    const response = await call(feedbackAction, "/api/feedback", postJson(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await feedbackRows()).toHaveLength(before);
  });

  it("answers 400 to a body that is not JSON, and 403 cross-site", async () => {
    const broken = await call(feedbackAction, "/api/feedback", { ...postJson({}), body: "{oops" });
    expect(broken.status).toBe(400);
    const cross = await call(feedbackAction, "/api/feedback", {
      ...postJson({ type: "bug", subject: "s", message: "m" }),
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
    });
    expect(cross.status).toBe(403);
  });

  it("ignores a filled honeypot without telling the bot", async () => {
    const before = (await feedbackRows()).length;
    const response = await call(feedbackAction, "/api/feedback", postJson({ type: "bug", subject: "spam", message: "spam", website: "http://spam" }));
    expect(response.status).toBe(201);
    expect(await feedbackRows()).toHaveLength(before);
  });

  it("rate limits valid submissions per client", async () => {
    const ip = "10.9.9.9";
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call(feedbackAction, "/api/feedback", postJson({ type: "general", subject: `s${i}`, message: "m" }, ip))).status);
    expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    const refused = await call(feedbackAction, "/api/feedback", postJson({ type: "general", subject: "again", message: "m" }, ip));
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/^Too many submissions\. Please try again in \d+ minutes?\.$/) });
    const page = await call(feedbackPageAction, "/feedback", postForm({ type: "general", subject: "Kept", message: "m" }, ip));
    expect(page.status).toBe(429);
    expect(await page.json()).toMatchObject({
      toast: { title: "Error", message: expect.stringMatching(/^Too many submissions/) },
      values: { subject: "Kept" },
    });
  });

  it("lists feedback only for signed-in users", async () => {
    const response = await call(feedbackLoader, "/api/feedback");
    expect(response.status).toBe(401);
  });

  it("without JavaScript: redirects with the success toast, or shows the error with what was typed", async () => {
    const ok = await call(feedbackPageAction, "/feedback", postForm({ type: "suggestion", subject: "Dark mode", message: "Please", email: "" }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Set-Cookie")).toMatch(/^flash=/);
    const bad = await call(feedbackPageAction, "/feedback", postForm({ type: "suggestion", subject: "Kept subject", message: "" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      toast: { title: "Missing Information", message: "Please fill in all required fields." },
      values: { type: "suggestion", subject: "Kept subject", message: "" },
    });
    const unknown = await call(feedbackPageAction, "/feedback", postForm({ type: "praise", subject: "Kept", message: "Kept too" }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      toast: { title: "Invalid Feedback Type", message: "'type' must be one of: bug, suggestion, source, general" },
      values: { type: "praise", subject: "Kept", message: "Kept too" },
    });
  });
});

describe("POST /api/subscribe", () => {
  const subscribers = async () => await all(db().select().from(t.subscribers));

  it("normalises the address, never duplicates, and answers the same message", async () => {
    const first = await call(subscribeAction, "/api/subscribe", postJson({ email: "  Reader@Example.COM ", source: "homepage" }));
    expect(first.status).toBe(200);
    const message = (await first.json()).message;
    expect(message).toMatch(/subscrib/i);
    const again = await call(subscribeAction, "/api/subscribe", postJson({ email: "reader@example.com", source: "homepage" }));
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe(message);
    expect((await subscribers()).filter((s) => s.email === "reader@example.com")).toHaveLength(1);
    // Double opt-in: the address waits for its confirmation link before it gets any newsletter.
    expect((await subscribers()).find((s) => s.email === "reader@example.com")).toMatchObject({ isActive: false, confirmedAt: null, source: "homepage" });
  });

  it.each(["", "   ", "no-at-sign", "two words@example.com", "@example.com", "someone@"])("rejects %j with the SPEC message", async (email) => {
    const response = await call(subscribeAction, "/api/subscribe", postJson({ email, source: "homepage" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Please enter a valid email address." });
  });

  it("asks an address that unsubscribed to confirm again, keeping its row", async () => {
    const before = await addConfirmedSubscriber("back@example.com");
    await execute(db().update(t.subscribers).set({ isActive: false, unsubscribedAt: new Date() }).where(eq(t.subscribers.id, before.id)));
    await call(subscribeAction, "/api/subscribe", postJson({ email: "BACK@example.com", source: "homepage" }));
    const row = (await subscribers()).find((s) => s.email === "back@example.com")!;
    expect(row).toMatchObject({ id: before.id, isActive: false, confirmedAt: null });
    expect(row.confirmationTokenHash).toBeTruthy();
  });

  it("rate limits", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(subscribeAction, "/api/subscribe", postJson({ email: `r${i}@example.com` }, "10.8.8.8"))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses[10]).toBe(429);
    const refused = await call(subscribeAction, "/api/subscribe", postJson({ email: "again@example.com" }, "10.8.8.8"));
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
    const page = await call(subscribePageAction, "/subscribe", postForm({ email: "again@example.com" }, "10.8.8.8"));
    expect(page.status).toBe(429);
    expect(await page.json()).toEqual({
      toast: { title: "Subscription Failed", message: expect.stringMatching(/^Too many attempts/), variant: "destructive" },
      email: "again@example.com",
    });
  });

  it("without JavaScript: redirects to #newsletter with the toast, or shows the form again with the address", async () => {
    const ok = await call(subscribePageAction, "/subscribe", postForm({ email: "nojs@example.com", source: "homepage" }));
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/#newsletter");
    const bad = await call(subscribePageAction, "/subscribe", postForm({ email: "nojs-example.com", source: "homepage" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      toast: { title: "Invalid Email", message: "Please enter a valid email address.", variant: "destructive" },
      email: "nojs-example.com",
    });
  });
});

describe("/unsubscribe", () => {
  it("asks first on GET, unsubscribes on POST, and rejects forged or altered tokens", async () => {
    const outcome = { subscriber: await addConfirmedSubscriber("leaver@example.com") };
    const other = { subscriber: await addConfirmedSubscriber("other@example.com") };
    const token = unsubscribeToken(outcome.subscriber);
    const url = `/unsubscribe?token=${encodeURIComponent(token)}`;
    const isActive = async (id: number) => (await first(db().select().from(t.subscribers).where(eq(t.subscribers.id, id))))!.isActive;

    const page = await call(unsubscribeLoader, url);
    expect(await page.json()).toEqual({ valid: true, email: "leaver@example.com", active: true });
    expect(await isActive(outcome.subscriber.id)).toBe(true);

    const [, signature] = token.split(".");
    const forgeries = [
      `${other.subscriber.id}.${signature}`,
      `${outcome.subscriber.id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${outcome.subscriber.id}.${"x".repeat(43)}`,
      "",
      "garbage",
    ];
    for (const forged of forgeries) {
      const response = await call(unsubscribeAction, `/unsubscribe?token=${encodeURIComponent(forged)}`, { method: "POST" });
      expect(response.status).toBe(400);
    }
    expect(await isActive(outcome.subscriber.id)).toBe(true);
    expect(await isActive(other.subscriber.id)).toBe(true);

    const done = await call(unsubscribeAction, url, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    expect(await isActive(outcome.subscriber.id)).toBe(false);
  });
});
