// A saved-search alert started from a filtered view of the feed, with JavaScript on and off: the form under the
// list sends the confirmation email and comes back to the view with the answer next to the form; the emailed
// link starts the alert; a bad address shows the form again with what was typed.
import { expect, test } from "@playwright/test";
import { linkTo } from "../support/mail";
import { emailsTo, hydrated } from "./e2e";

let addressCounter = 0;

test("an alert is started from a filtered view, and a bad address keeps what was typed", async ({ browser, javaScriptEnabled }, testInfo) => {
  const project = testInfo.project.name;
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `10.63.${project === "js" ? 1 : 2}.${++addressCounter}` },
  });
  const page = await context.newPage();
  await page.goto("/?category=regulatory-rollbacks&priority=high");
  await hydrated(page, javaScriptEnabled);
  const alertForm = page.getByRole("form", { name: "Email alert for this view" });

  // A typo first: the form comes back with the address as typed and the reason.
  await alertForm.getByLabel("Email me new articles for this view").fill(`typo-${project}@`);
  await alertForm.getByRole("button", { name: "Start alert" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "valid email" }).first()).toBeVisible();
  const retry = page.getByRole("form", { name: "Email alert for this view" });
  await expect(retry.getByLabel("Email me new articles for this view")).toHaveValue(`typo-${project}@`);

  const address = `alerts-${project}@example.com`;
  await retry.getByLabel("Email me new articles for this view").fill(address);
  await retry.getByLabel("How often").selectOption("weekly");
  await retry.getByRole("button", { name: "Start alert" }).click();
  await expect(page).toHaveURL(/\/\?category=regulatory-rollbacks&priority=high#follow-view$/);
  await expect(page.getByText(/Check your inbox: follow the link/).first()).toBeVisible();

  await expect.poll(() => emailsTo(address).length).toBe(1);
  const link = linkTo(emailsTo(address)[0], "/alerts/confirm?token=").href;
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/alerts\/confirm\?token=[\w-]+$/);
  await page.goto(link);
  await hydrated(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Start alert" }).click();
  await expect(page.getByRole("status")).toContainText(`The alert for ${address} is on.`);
  await context.close();
});
