// A running alert's delivery changed to a webhook on its manage page, with JavaScript on and off: a refused address
// comes back with what was typed and the reason, a saved one shows its signing secret once, and the page then
// names the webhook (docs/webhooks.md). The admin's dashboard lists the failing webhooks.
import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import { linkTo } from "../support/mail";
import { E2E_ADMIN, emailsTo, hydrated, readRow, seed, signIn } from "./e2e";

/** The manage link's token, signed as app/auth/tokens.server.ts does with the browser tests' SESSION_SECRET (serve.ts). */
function manageToken(email: string) {
  const signature = createHmac("sha256", "e2e-session-secret-at-least-32-characters").update(`alert-manage:${email}`).digest("base64url");
  return `${Buffer.from(email).toString("base64url")}.${signature}`;
}

test("a webhook is set on the manage page, its secret shown once, and a refused address keeps what was typed", async ({
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const project = testInfo.project.name;
  const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: { "X-Forwarded-For": `10.64.${project === "js" ? 1 : 2}.1` } });
  const page = await context.newPage();
  const address = `webhooks-${project}@example.com`;

  // Start an alert the way a reader does: the view's form, then the emailed link.
  await page.goto("/?category=regulatory-rollbacks");
  await hydrated(page, javaScriptEnabled);
  const alertForm = page.getByRole("form", { name: "Email alert for this view" });
  await alertForm.getByLabel("Email me new articles for this view").fill(address);
  await alertForm.getByRole("button", { name: "Start alert" }).click();
  await expect(page.getByText(/Check your inbox: follow the link/).first()).toBeVisible();
  await expect.poll(() => emailsTo(address).length).toBe(1);
  await page.goto(linkTo(emailsTo(address)[0], "/alerts/confirm?token=").href);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Start alert" }).click();
  await expect(page.getByRole("status")).toContainText(`The alert for ${address} is on.`);

  await page.goto(`/alerts/manage?token=${manageToken(address)}`);
  await hydrated(page, javaScriptEnabled);
  const delivery = page.getByRole("form", { name: /^Delivery of alert/ });
  await delivery.getByLabel("Deliver by").selectOption("webhook");
  await delivery.getByLabel("Webhook address").fill("ftp://hooks.example.com/in");
  await delivery.getByRole("button", { name: "Save delivery" }).click();
  const again = page.getByRole("form", { name: /^Delivery of alert/ });
  await expect(again.getByText("The webhook address must start with https://.")).toBeVisible();
  await expect(again.getByLabel("Webhook address")).toHaveValue("ftp://hooks.example.com/in");
  await expect(again.getByLabel("Deliver by")).toHaveValue("webhook");

  await again.getByLabel("Webhook address").fill("https://127.0.0.1:9/hook");
  await again.getByLabel("Format").selectOption("slack");
  await again.getByRole("button", { name: "Save delivery" }).click();
  const saved = page.getByRole("status").filter({ hasText: "shown only this once" });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText(/whsec_[0-9a-f]{48}/);
  await expect(page.getByText("Slack webhook to https://127.0.0.1:9/hook")).toBeVisible();
  await expect(page.getByText("Recent deliveries")).toBeVisible();

  // Shown once: the page read again names the webhook, never the secret.
  await page.goto(`/alerts/manage?token=${manageToken(address)}`);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByText("Slack webhook to https://127.0.0.1:9/hook")).toBeVisible();
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
  await context.close();
});

test("the admin's dashboard lists failing webhooks", async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const url = `https://hooks-${project}.example.com/broken`;
  const now = Date.now();
  const alertId = Number(
    seed(
      "INSERT INTO alerts (email, view, frequency, hour, confirmed_at, delivery, webhook_url, webhook_format, webhook_secret) VALUES (?, '', 'daily', 8, ?, 'webhook', ?, 'json', 'whsec_test')",
      `failing-${project}@example.com`,
      now,
      url,
    ).lastInsertRowid,
  );
  const article = readRow<{ id: number }>("SELECT id FROM articles ORDER BY id LIMIT 1");
  seed(
    "INSERT INTO webhook_deliveries (alert_id, article_id, idempotency_key, status, attempts, next_attempt_at, last_status, last_error, created_at, updated_at) VALUES (?, ?, ?, 'failed', 12, ?, 500, 'HTTP 500: receiver broke', ?, ?)",
    alertId,
    article.id,
    `key-${project}`,
    now,
    now,
    now,
  );
  await signIn(page, `10.65.${project === "js" ? 1 : 2}.1`, E2E_ADMIN);
  await page.goto("/admin");
  const failing = page.getByLabel("Failing webhooks");
  await expect(failing).toContainText(`alert ${alertId} → ${url}`);
  await expect(failing).toContainText("12 attempts, given up (HTTP 500: receiver broke)");
});
