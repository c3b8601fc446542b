// Third-party email bombing, over HTTP against the production build: a crowd of clients (each its own
// X-Forwarded-For address) signing a stranger's inbox up for alerts and the newsletter, with display names,
// other spellings of the address and many views. The stranger gets one confirmation email and no attacker text;
// requests the stranger never confirmed do not stop the stranger's own sign-up. (The day's cap and expiry, which
// need the clock moved, are in tests/integration/third-party-email.test.ts.)
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateToken, hashToken } from "~/auth/tokens.server";
import { db, t } from "~/db.server";
import type { ProductionServer } from "../support/prod-server";
import { outboxMails, settledOutboxMailsTo, type Mail } from "../support/mail";
import { nextClientAddress } from "./fixtures";
import { serveTestDatabase } from "./harness";

let server: ProductionServer;
const outbox = path.join(path.dirname(process.env.DATABASE_URL!), "outbox");

beforeAll(async () => {
  server = await serveTestDatabase("emailBombing");
});
afterAll(async () => {
  await server?.stop();
});

function post(pathname: string, body: Record<string, unknown>, as: "json" | "form" = "json") {
  const encoded = as === "json" ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString();
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": as === "json" ? "application/json" : "application/x-www-form-urlencoded",
      Origin: server.url,
      "X-Forwarded-For": nextClientAddress(),
    },
    body: encoded,
  });
}

/** The emails to `to`, once every email asked for so far has been written: a fresh address signs up last. */
const emailsTo = (to: string) => settledOutboxMailsTo(outbox, to, async (marker) => expect((await post("/api/subscribe", { email: marker })).status).toBe(200));

describe("a stranger's inbox", () => {
  it("refuses display names, comments and quoted parts on all three sign-ups, sending nothing", async () => {
    const attacks = [
      "nN<victim@example.com>",
      "URGENT-call-+1-555-0100-to-verify<victim@example.com>",
      "victim@example.com (call now)",
      '"call +1 555"@example.com',
    ];
    for (const email of attacks) {
      const api = await post("/api/alerts", { email, view: "q=methane", frequency: "daily", hour: 8 });
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({ message: "Please enter a valid email address." });
      const page = await post("/alerts", { email, view: "q=methane", frequency: "daily", hour: "8" }, "form");
      expect(page.status).toBe(400);
      const subscribe = await post("/api/subscribe", { email, source: "homepage" });
      expect(subscribe.status).toBe(400);
      expect(await subscribe.json()).toEqual({ message: "Please enter a valid email address." });
    }
    await emailsTo("victim@example.com");
    // Only a message's words are searched: its links carry random tokens, which may spell anything short ("nN").
    const words = (mail: Mail) => `${Object.values(mail.headers).join("\n")}\n${mail.text}\n${mail.html}`.replace(/https?:\/\/\S+/g, "");
    const leaked = outboxMails(outbox).filter((mail) => /URGENT|call now|call \+1|nN/.test(words(mail)) || /victim/.test(mail.headers.to ?? ""));
    expect(leaked).toEqual([]);
  });

  it("sends one confirmation for 30 spellings from 30 clients, and none for 20 more alert requests", async () => {
    const victim = "victim@agency.example.gov";
    const spellings = ["Victim@Agency.Example.Gov", " victim@AGENCY.example.gov", "VICTIM@agency.EXAMPLE.gov "];
    for (let i = 0; i < 30; i++) {
      const email = spellings[i % 3];
      const answer =
        i % 2
          ? await post("/api/subscribe", { email, source: "homepage" })
          : await post("/api/alerts", { email, view: `q=topic-${i}`, frequency: "daily", hour: 8 });
      expect(answer.status).toBeLessThan(300);
    }
    for (let i = 0; i < 20; i++) await post("/alerts", { email: victim, view: `q=again-${i}`, frequency: "weekly", hour: "6" }, "form");
    const mails = await emailsTo(victim);
    expect(mails).toHaveLength(1);
    expect(
      db()
        .select()
        .from(t.confirmationEmails)
        .all()
        .filter((row) => row.recipient === victim),
    ).toHaveLength(1);
  });

  it("20 pending alerts a stranger asked for do not stop the owner's own sign-up", async () => {
    const owner = "owner@agency.example.gov";
    for (let i = 0; i < 20; i++)
      db()
        .insert(t.alerts)
        .values({
          email: owner,
          view: `q=stranger-${i}`,
          frequency: "daily",
          hour: 3,
          confirmationTokenHash: hashToken(generateToken()),
          confirmationSentAt: new Date(Date.now() - 3 * 3_600_000),
        })
        .run();
    expect((await post("/api/alerts", { email: owner, view: "category=regulatory-rollbacks", frequency: "daily", hour: 7 })).status).toBe(202);
    const mails = await emailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Confirm your alert/);
  });

  it("logged no error while attacked", () => {
    expect(server.alarmingLines).toEqual([]);
  });
});
