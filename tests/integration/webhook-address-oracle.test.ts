// The webhook form tells a stranger nothing about our network: a refused name is "not a public address" without
// the address it resolved to, a public host is taken only on the usual HTTPS ports (or those WEBHOOK_ALLOWED_PORTS
// adds), and each client may try only a few addresses an hour (429 with Retry-After, what was typed kept). The
// manage page's action is called as the web server calls it, on a real SQLite file; no address here is connected to.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { alertUnsubscribeToken, manageToken } from "~/alerts/alerts.server";
import { runWebhooks } from "~/alerts/webhooks.server";
import { config } from "~/config.server";
import { all, db, execute, first, t } from "~/db.server";
import { RATE_LIMITS } from "~/rate-limit.server";
import * as manageRoute from "~/routes/alerts_.manage";
import { addArticle } from "../support/articles";
import { call, form } from "../support/auth";

const EMAIL = "oracle@example.com";
/** A public address literal: checked without DNS, and never connected to by these tests. */
const PUBLIC_HOST = "93.184.215.14";
let clients = 0;
const nextClient = () => `10.92.${(++clients >> 8) & 255}.${clients & 255}`;

async function runningAlert() {
  const [alert] = await all(db().insert(t.alerts).values({ email: EMAIL, view: "", frequency: "daily", hour: 8, confirmedAt: new Date() }).returning());
  return alert;
}

/** Posts the manage page's delivery form from `client`; answers the status, Retry-After and the page's answer. */
async function tryWebhook(alert: { id: number; email: string }, url: string, client = nextClient()) {
  const response = await call(manageRoute, `/alerts/manage?token=${encodeURIComponent(manageToken(alert.email))}`, {
    method: "POST",
    body: form({ alert: alertUnsubscribeToken(alert), intent: "delivery", delivery: "webhook", url, format: "slack" }),
    headers: { "X-Forwarded-For": client },
  });
  const answer = (await response.json()) as { secret?: string; error?: string; values?: Record<string, string> };
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), answer };
}

const deliveryOf = async (alertId: number) => (await first(db().select().from(t.alerts).where(eq(t.alerts.id, alertId))))!;

beforeEach(() => {
  Object.assign(config(), { ALLOW_PRIVATE_NETWORKS: false, WEBHOOK_ALLOWED_PORTS: [] });
});
afterEach(async () => {
  Object.assign(config(), { ALLOW_PRIVATE_NETWORKS: true, WEBHOOK_ALLOWED_PORTS: [] });
  await execute(db().delete(t.alerts));
});

describe("the webhook form as an oracle", () => {
  it.each([
    ["localhost", "https://localhost/hook"],
    ["127.0.0.1", "https://127.0.0.1/hook"],
    ["[::1]", "https://[::1]:8443/hook"],
    ["10.1.2.3", "https://10.1.2.3/hook"],
  ])("refuses %s as not a public address, without the address it resolves to", async (host, url) => {
    const alert = await runningAlert();
    const { status, answer } = await tryWebhook(alert, url);
    expect(status).toBe(400);
    expect(answer.error).toBe(`Webhooks go only to public addresses: ${host} is not a public address.`);
    expect(answer.error).not.toMatch(/\(/);
  });

  it("takes a public host only on 443, 8443 or its scheme's own port, keeping what was typed when it refuses", async () => {
    const alert = await runningAlert();
    for (const port of [25, 6379, 22, 80, 8080]) {
      const url = `https://${PUBLIC_HOST}:${port}/hook`;
      const { status, answer } = await tryWebhook(alert, url);
      expect(status).toBe(400);
      expect(answer.error).toBe(`Webhooks go only to the usual HTTPS ports (443, 8443), not port ${port}.`);
      expect(answer.values).toEqual({ delivery: "webhook", url, format: "slack" });
      expect((await deliveryOf(alert.id)).delivery).toBe("email");
    }
    for (const url of [`https://${PUBLIC_HOST}/hook`, `https://${PUBLIC_HOST}:443/hook`, `https://${PUBLIC_HOST}:8443/hook`]) {
      const { status, answer } = await tryWebhook(alert, url);
      expect(status).toBe(200);
      expect(answer.secret).toMatch(/^whsec_/);
      expect((await deliveryOf(alert.id)).webhookUrl).toBe(new URL(url).toString());
    }
  });

  it("takes the ports the operator adds, and refuses each post once they are taken away", async () => {
    const alert = await runningAlert();
    Object.assign(config(), { WEBHOOK_ALLOWED_PORTS: [9443] });
    const { status } = await tryWebhook(alert, `https://${PUBLIC_HOST}:9443/hook`);
    expect(status).toBe(200);
    expect((await tryWebhook(alert, `https://${PUBLIC_HOST}:9444/hook`)).answer.error).toBe(
      "Webhooks go only to the usual HTTPS ports (443, 8443, 9443), not port 9444.",
    );

    Object.assign(config(), { WEBHOOK_ALLOWED_PORTS: [] });
    await addArticle({ title: "Never posted to a port taken away" });
    expect(await runWebhooks({ now: new Date() })).toMatchObject({ queued: 1, retrying: 1, delivered: 0 });
    const [row] = await all(db().select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.alertId, alert.id)));
    expect(row).toMatchObject({ status: "pending", lastStatus: null, lastError: "Webhooks go only to the usual HTTPS ports (443, 8443), not port 9443." });
  });

  it(`lets one client try ${RATE_LIMITS.webhookAddress.limit} addresses an hour, then answers 429 with Retry-After and keeps what was typed`, async () => {
    const alert = await runningAlert();
    const client = nextClient();
    for (let i = 0; i < RATE_LIMITS.webhookAddress.limit; i++) {
      const { status } = await tryWebhook(alert, `https://10.0.0.${i + 1}/hook`, client);
      expect(status).toBe(400);
    }
    const url = `https://${PUBLIC_HOST}/hook`;
    const limited = await tryWebhook(alert, url, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(3000);
    expect(limited.answer.error).toBe("Too many webhook addresses tried. Please try again in 60 minutes.");
    expect(limited.answer.values).toEqual({ delivery: "webhook", url, format: "slack" });
    expect((await deliveryOf(alert.id)).delivery).toBe("email");
    // Another client is not held back.
    expect((await tryWebhook(alert, url)).status).toBe(200);
  });
});
