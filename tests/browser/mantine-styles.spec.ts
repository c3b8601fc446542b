// Every Mantine component a page renders has its stylesheet linked: the product links only the Mantine
// stylesheets it uses (app/styles/mantine.css, linked by the pages that render them; decision 066), so a component
// added without its file would render unstyled.
// A page fails when its DOM carries a Mantine class (`m_…`) that the full Mantine stylesheet styles but none of
// the stylesheets the page links defines.
import fs from "node:fs";
import { createRequire } from "node:module";
import { expect, test, type Page } from "@playwright/test";
import { firstArticlePath, hydrated, signIn as signInFrom } from "./e2e";

const MANTINE_CLASS = /\.(m_[0-9a-f]+)\b/g;

function classesDefinedIn(css: string) {
  return new Set([...css.matchAll(MANTINE_CLASS)].map((match) => match[1]));
}

const fullMantineClasses = classesDefinedIn(fs.readFileSync(createRequire(import.meta.url).resolve("@mantine/core/styles.css"), "utf8"));

/** Mantine classes in the page's DOM that only a stylesheet the page does not link would style. */
async function unstyledMantineClasses(page: Page) {
  const { rendered, stylesheets } = await page.evaluate(() => ({
    rendered: [...new Set([...document.querySelectorAll("*")].flatMap((element) => [...element.classList]))],
    stylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
  }));
  const linked = new Set<string>();
  for (const href of stylesheets) {
    for (const name of classesDefinedIn(await (await page.request.get(href)).text())) linked.add(name);
  }
  const mantineRendered = rendered.filter((name) => /^m_[0-9a-f]+$/.test(name));
  return {
    rendered: mantineRendered.length,
    unstyled: mantineRendered.filter((name) => fullMantineClasses.has(name) && !linked.has(name)),
    linked: linked.size,
  };
}

const signIn = (page: Page) => signInFrom(page, "10.77.0.1");

const publicPages = [
  "/",
  "/about",
  "/feedback",
  "/invite/not-a-token",
  "/forgot-password",
  "/reset-password?token=x",
  "/subscribe",
  "/unsubscribe",
  "/admin",
  "/no-such-page",
];

test("public pages link a stylesheet for every Mantine component they render", async ({ page }) => {
  // The feed draws its fields with plain elements (app/components/SelectField.tsx); the other forms still use Mantine's.
  let rendered = 0;
  for (const path of publicPages) {
    await page.goto(path);
    const found = await unstyledMantineClasses(page);
    expect(found.unstyled, path).toEqual([]);
    rendered += found.rendered;
  }
  expect(rendered, "the pages render Mantine components").toBeGreaterThan(0);
});

test("the feed's feedback dialog is styled", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Feedback" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
  }
  expect((await unstyledMantineClasses(page)).unstyled).toEqual([]);
});

test("the admin dashboard and its dialogs are styled", async ({ page, javaScriptEnabled }) => {
  await signIn(page);
  await page.goto("/admin");
  await expect(page.getByRole("region", { name: "Admin dashboard" })).toBeVisible();
  expect((await unstyledMantineClasses(page)).unstyled).toEqual([]);
  const invite = page.getByRole(javaScriptEnabled ? "button" : "link", { name: "Invite user", exact: true });
  await invite.click();
  if (javaScriptEnabled) await expect(page.getByRole("dialog")).toBeVisible();
  else await page.waitForURL(/dialog=/);
  await expect(page.getByRole("region", { name: "Admin dashboard" })).toBeVisible();
  expect((await unstyledMantineClasses(page)).unstyled).toEqual([]);
});

test("only the pages that render Mantine's components link their stylesheets", async ({ page }) => {
  // The feed, an article page and /about link Mantine's base alone (decision 066): no component class is defined.
  for (const path of ["/", "/about", await firstArticlePath(page)]) {
    await page.goto(path);
    expect((await unstyledMantineClasses(page)).linked, path).toBe(0);
  }
  await page.goto("/alerts");
  const alerts = await unstyledMantineClasses(page);
  expect(alerts.rendered, "/alerts renders Mantine's components").toBeGreaterThan(0);
  expect(alerts.linked).toBeGreaterThan(0);
});

test("a page with Mantine's components reached without a reload has their stylesheets", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "a navigation without a reload needs the page's script");
  // The router loads a route's stylesheets before it shows the route.
  await page.goto("/about");
  await hydrated(page, true);
  await page.evaluate(() => (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/alerts"));
  // The address changes before the router's transition shows the page: wait for the page's own heading.
  await expect(page.getByRole("heading", { name: "Email alert" })).toBeVisible();
  await expect(page).toHaveURL(/\/alerts$/);
  const reached = await unstyledMantineClasses(page);
  expect(reached.rendered).toBeGreaterThan(0);
  expect(reached.unstyled).toEqual([]);
});
