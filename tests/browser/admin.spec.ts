// The admin side in a real browser, with JavaScript (fetchers, modals, toasts) and without (plain forms,
// dialogs as pages). Data the steps need is written straight into the test server's database.
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { hashPassword } from "~/auth/password.server";
import { linkTo, type Mail } from "../support/mail";
import { E2E_ADMIN, emailsTo, seed, signIn as signInFrom, seedArticle, seedArticles } from "./e2e";

let loginAddress = 0;

/** A per-project word, so the two projects' data never collide in the shared server. */
const tag = (info: TestInfo) => (info.project.name === "js" ? "zebrafish" : "quokka");

/** Signs the page's browser context in through the API (its own client address, so the UI login's rate limit is untouched). */
const signIn = (page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) => signInFrom(page, `10.9.${++loginAddress}.1`, { email, password });

/** A dialog's trigger: a button with JavaScript, a link to ?dialog=… without. */
function trigger(page: Page | Locator, name: string, javaScriptEnabled: boolean) {
  return page.getByRole(javaScriptEnabled ? "button" : "link", { name, exact: true });
}

/** The dashboard's own header (a toast may say "Signed in as" too). */
const dashboardHeader = (page: Page) => page.getByRole("region", { name: "Admin dashboard" });

test("log in: missing fields and a wrong password are refused, then access is granted; log out", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("alert", { name: "Access denied" })).toContainText("Invalid credentials");
  await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Access granted").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin dashboard" })).toBeVisible();
  await page.reload({ waitUntil: "networkidle" });
  await expect(dashboardHeader(page)).toContainText(`Signed in as ${E2E_ADMIN.email}`);
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Admin login" })).toBeVisible();
});

test("invite a user, who accepts in another browser and gets the editor role", async ({ page, browser, javaScriptEnabled, baseURL }, info) => {
  const email = `invitee-${tag(info)}@example.com`;
  await signIn(page);
  await page.goto("/admin");
  await trigger(page, "Invite user", javaScriptEnabled).click();
  const dialog = page.getByRole("dialog", { name: "Invite user" });
  await dialog.getByLabel("Email").fill(email);
  await expect(dialog.getByLabel("Role")).toHaveValue("editor");
  await dialog.getByRole("button", { name: "Create invitation" }).click();
  const linkField = page.getByLabel("Invitation link");
  await expect(linkField).toHaveValue(/\/invite\/.+/);
  const link = await linkField.inputValue();

  const other = await browser.newContext({ javaScriptEnabled, baseURL });
  const invitee = await other.newPage();
  await invitee.goto(new URL(link).pathname);
  await expect(invitee.getByText(`with the email ${email}`)).toBeVisible();
  await invitee.getByLabel(/^Password/).fill("secret-pass");
  await invitee.getByLabel("Confirm password").fill("secret-pass");
  await invitee.getByRole("button", { name: "Create account" }).click();
  await expect(invitee.getByRole("heading", { name: "Your account is ready" })).toBeVisible();
  await invitee.getByRole("link", { name: "Open the admin dashboard" }).click();
  await expect(dashboardHeader(invitee)).toContainText(`Signed in as ${email}`);
  await expect(dashboardHeader(invitee).getByText("editor", { exact: true })).toBeVisible();
  await expect(trigger(invitee, "Invite user", javaScriptEnabled)).toHaveCount(0);
  await invitee.goto(new URL(link).pathname);
  await expect(invitee.getByText("This invitation link is invalid or has expired.")).toBeVisible();
  await other.close();
});

test("forgot and reset a password through the emailed link", async ({ page }, info) => {
  const email = `forgetful-${tag(info)}@example.com`;
  seed("INSERT INTO users (email, password_hash, role) VALUES (?, ?, 'viewer')", email, await hashPassword("old-password-1"));
  await page.goto("/admin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/If an account exists for that email/).first()).toBeVisible();
  let mail: Mail | undefined;
  await expect.poll(() => (mail = emailsTo(email).find((sent) => sent.links.some((link) => link.includes("/reset-password?token="))))).toBeTruthy();
  const link = linkTo(mail!, "/reset-password?token=");
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(/^New password/).fill("new-password-1");
  await page.getByLabel("Confirm new password").fill("other-password");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Passwords do not match").first()).toBeVisible();
  await page.getByLabel(/^New password/).fill("new-password-1");
  await page.getByLabel("Confirm new password").fill("new-password-1");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("heading", { name: "Password reset" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 6000 });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("new-password-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(dashboardHeader(page)).toContainText(`Signed in as ${email}`);
  await expect(page.getByText("Read-only access")).toBeVisible();
});

test("add, disable and delete a source", async ({ page, javaScriptEnabled }, info) => {
  const name = `E2E source ${tag(info)}`;
  await signIn(page);
  await page.goto("/admin");
  const form = page.getByRole("form", { name: "Add New Source" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add source" }).click();
  await expect(page.getByText("Please fill all required fields").first()).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await form.getByLabel("Feed URL").fill(`https://${tag(info)}.example.gov/feed.xml`);
  await form.getByLabel("Category").selectOption("news");
  await form.getByLabel("Keywords").fill(" epa , rule ");
  await form.getByRole("button", { name: "Add source" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Keywords: epa, rule");
  await expect(row).toContainText("Not checked yet");
  await row.getByRole("button", { name: `Disable ${name}` }).click();
  await expect(row.getByRole("button", { name: `Enable ${name}` })).toBeVisible();
  await expect(row).toContainText("Disabled");
  await trigger(page, "Delete " + name, javaScriptEnabled).click();
  await page.getByRole("dialog", { name: "Delete source" }).getByRole("button", { name: "Delete source" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByText(`Source deleted: ${name}`).first()).toBeVisible();
});

test("edit an article's category and tags; the public feed shows it as Manual", async ({ page, javaScriptEnabled }, info) => {
  const word = tag(info);
  const title = `The ${word} conservation rule is amended`;
  await seedArticle(title, `https://example.gov/${word}`, Date.now());
  await signIn(page);
  await page.goto(`/admin?q=${word}`);
  const card = page.locator("article.article-card", { hasText: title });
  await card.getByLabel(`Category of ${title}`).selectOption("legal-decisions");
  if (!javaScriptEnabled) await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Category updated").first()).toBeVisible();
  await trigger(card, "Edit tags", javaScriptEnabled).click();
  const editor = page.getByRole("dialog", { name: `Edit tags: ${title}` });
  await editor.getByLabel("urgent", { exact: true }).check();
  await editor.getByLabel("Add your own tags").fill("Wildlife Habitat");
  await editor.getByLabel("Priority").selectOption("high");
  await editor.getByRole("button", { name: "Save tags" }).click();
  await expect(page.getByText("Tags updated").first()).toBeVisible();
  await expect(card.getByText("Manual", { exact: true })).toBeVisible();
  await page.reload();
  await expect(card.getByText("Category: set by an editor · Priority: set by an editor")).toBeVisible();
  await page.goto(`/?q=${word}`);
  const publicCard = page.locator("article.article-card", { hasText: title });
  // The card's own badges come first; the related-articles block below repeats category badges.
  await expect(publicCard.getByText("Manual", { exact: true }).first()).toBeVisible();
  await expect(publicCard.getByText("Legal Decisions", { exact: true }).first()).toBeVisible();
  await expect(publicCard.getByText("High priority").first()).toBeVisible();
  for (const t of ["urgent", "wildlife-habitat"]) await expect(publicCard.getByText(t, { exact: true }).first()).toBeVisible();
});

test("the reason for an article's category and priority shows in Article Management and as the badges' tooltips", async ({ page }, info) => {
  const word = `${tag(info)}-reasons`;
  const title = `The ${word} rule is delayed`;
  await seedArticles([
    {
      title,
      summary: "A summary.",
      category: "regulatory-rollbacks",
      categoryReason: "rollback: 'delay of effective date'",
      priorityReason: "medium: rollback of requirements",
      sourceName: "E2E",
      originalUrl: `https://example.gov/${word}`,
      // Dated a year back, so it never tops the feed that other files read in order.
      publishDate: new Date(Date.now() - 365 * 86_400_000),
    },
  ]);
  await page.goto(`/?q=${word}`);
  const publicCard = page.locator("article.article-card", { hasText: title });
  const category = publicCard.locator(".card-badge", { hasText: "Regulatory Rollbacks" }).first();
  await expect(category).toHaveAttribute("title", "Why this category: rollback: 'delay of effective date'");
  await expect(publicCard.locator(".card-badge", { hasText: "Medium priority" }).first()).toHaveAttribute(
    "title",
    "Why this priority: medium: rollback of requirements",
  );
  // The same words for assistive technology, which does not read a plain span's title.
  await expect(publicCard.getByText("(Why this category: rollback: 'delay of effective date')")).toHaveCount(1);
  await signIn(page);
  await page.goto(`/admin?q=${word}`);
  const card = page.locator("article.article-card", { hasText: title });
  await expect(card.getByText("Category: rollback: 'delay of effective date' · Priority: medium: rollback of requirements")).toBeVisible();
});

test("change feedback status and archive old resolved feedback", async ({ page, javaScriptEnabled }, info) => {
  const subject = `Broken filter ${tag(info)}`;
  const old = `Old resolved ${tag(info)}`;
  const longAgo = Date.now() - 40 * 86_400_000;
  seed("INSERT INTO feedback (type, subject, message, email) VALUES ('bug', ?, 'The filter resets.', 'reader@example.com')", subject);
  seed(
    "INSERT INTO feedback (type, subject, message, status, created_at, resolved_at) VALUES ('general', ?, 'Done.', 'resolved', ?, ?)",
    old,
    longAgo,
    longAgo,
  );
  await signIn(page);
  await page.goto("/admin");
  const status = page.getByLabel(`Status of “${subject}”`);
  await status.selectOption("reviewed");
  if (!javaScriptEnabled) await page.getByRole("row").filter({ hasText: subject }).getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Status set to reviewed.").first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Status of “${subject}”`)).toHaveValue("reviewed");
  await page.getByRole("link", { name: "Active", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: old })).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: subject })).toHaveCount(1);
  await page.getByRole("link", { name: "All", exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: old })).toHaveCount(1);
  await page.getByRole("button", { name: "Archive Old" }).click();
  await expect(page.getByText(/resolved items? archived/).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: old })).toHaveCount(0);
});

test("toggle a subscriber and send a test newsletter", async ({ page }, info) => {
  const email = `reader-${tag(info)}@example.com`;
  seed("INSERT INTO subscribers (email) VALUES (?)", email);
  await signIn(page);
  await page.goto("/admin");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(row.getByRole("button", { name: `Activate ${email}` })).toBeVisible();
  await expect(row).toContainText("Unsubscribed");
  await page.getByRole("button", { name: "Send test newsletter" }).click();
  await expect(page.getByText(`Test newsletter sent to ${E2E_ADMIN.email}`).first()).toBeVisible();
});

test("the Users panel disables, enables and deletes an account", async ({ page }, info) => {
  const email = `member-${tag(info)}@example.com`;
  seed("INSERT INTO users (email, password_hash, role) VALUES (?, 'unused', 'editor')", email);
  await signIn(page);
  await page.goto("/admin");
  const users = page.getByRole("table", { name: "Users" });
  const row = users.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: `Disable ${email}` }).click();
  await expect(row.getByRole("button", { name: `Enable ${email}` })).toBeVisible();
  await expect(row).toContainText("Disabled");
  await row.getByRole("button", { name: `Enable ${email}` }).click();
  await expect(row.getByRole("button", { name: `Disable ${email}` })).toBeVisible();
  await row.getByRole("button", { name: `Delete ${email}` }).click();
  await expect(page.getByText("User deleted").first()).toBeVisible();
  await expect(users.getByRole("row").filter({ hasText: email })).toHaveCount(0);
});

test("changing the email needs the current password and keeps the typed email when it is wrong", async ({ page }, info) => {
  const email = `mover-${tag(info)}@example.com`;
  const moved = `moved-${tag(info)}@example.com`;
  seed("INSERT INTO users (email, password_hash, role) VALUES (?, ?, 'viewer')", email, await hashPassword("mover-password-1"));
  await signIn(page, email, "mover-password-1");
  await page.goto("/admin");
  await trigger(page, "Account settings", info.project.use.javaScriptEnabled !== false).click();
  const dialog = page.getByRole("dialog", { name: "Account settings" });
  await dialog.getByLabel("New email").fill(moved);
  await dialog.getByLabel("Current password").first().fill("wrong-password");
  await dialog.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText("Current password is incorrect").first()).toBeVisible();
  const again = page.getByRole("dialog", { name: "Account settings" });
  await expect(again.getByLabel("New email")).toHaveValue(moved);
  await again.getByLabel("Current password").first().fill("mover-password-1");
  await again.getByRole("button", { name: "Update email" }).click();
  await expect(page.getByText(`You now sign in as ${moved}`).first()).toBeVisible();
  await expect.poll(() => emailsTo(email).find((sent) => sent.text.includes("now signs in as"))?.text).toContain(`now signs in as ${moved}`);
});

test("a job button enqueues the job, listed as queued while the runner is away", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin");
  await expect(page.getByText("The job runner is not running")).toBeVisible();
  await page.getByRole("button", { name: "Generate Trends" }).click();
  await expect(page.getByText(/Trends generation queued|Already queued or running/).first()).toBeVisible();
  // Jobs run from the command line by other tests are listed too: this one is the admin's.
  const row = page
    .getByTestId("jobs-table")
    .getByRole("row")
    .filter({ hasText: "Generate Trends" })
    .filter({ hasText: `by ${E2E_ADMIN.email}` })
    .first();
  await expect(row).toContainText("queued");
});
