// The dashboard's job rows tell the truth and stay readable on a phone: a scrape whose source cannot be reached
// says failed and why (not "succeeded"), its badge shows the whole word, buttons never clip their labels, and
// wide tables scroll inside their own panel rather than the page, with JavaScript and without.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { E2E_DATABASE, E2E_DIR, readRow, signIn as signInFrom } from "./e2e";
import { freePort } from "../support/ports";

const PHONE = { width: 390, height: 844 };
let loginAddress = 0;

/** Signs the page's context in through the API, from an address of its own (the UI login's rate limit stays untouched). */
const signIn = (page: Page, info: TestInfo) => signInFrom(page, `10.41.${info.project.name === "js" ? 1 : 2}.${++loginAddress}`);

function addSource(name: string, url: string) {
  return readRow<{ id: number }>(
    "INSERT INTO sources (name, url, type, category, keywords, is_active) VALUES (?, ?, 'rss', 'government', '[]', 1) RETURNING id",
    name,
    url,
  ).id;
}

/** `npm run jobs -- <args>` run by an operator against the test server's database. */
function jobsCli(...args: string[]) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: E2E_DATABASE,
    OUTBOX_DIR: path.join(E2E_DIR, "outbox"),
    SESSION_SECRET: "e2e-session-secret-at-least-32-characters",
    ALLOW_PRIVATE_NETWORKS: "true",
  };
  return promisify(execFile)(process.execPath, ["--import", "tsx", "jobs/cli.ts", ...args], { env }).catch((error: { stdout: string }) => error);
}

/** Elements whose text is cut off: wider content than box, with the overflow hidden (an ellipsis or a clip). */
function clippedLabels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".mantine-Button-label, .mantine-Badge-label")]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => `${label.textContent?.trim()} (${label.scrollWidth}px of text in ${label.clientWidth}px)`),
  );
}

test("a scrape whose source cannot be reached says failed and why, with its whole badge, at 390 px", async ({ page }, info) => {
  test.setTimeout(60_000);
  const name = `Unreachable ${info.project.name} feed`;
  const id = addSource(name, `http://127.0.0.1:${await freePort()}/feed.rss`);
  await jobsCli("scrape", "--source", String(id));

  await page.setViewportSize(PHONE);
  await signIn(page, info);
  await page.goto("/admin");
  const row = page.getByTestId("jobs-table").getByRole("row").filter({ hasText: "Update News (scrape)" });
  await expect(row.getByRole("cell").nth(1)).toHaveText("failed");
  await expect(row).not.toContainText("succeeded");
  await expect(row).toContainText(`The source failed: ${name}: Connection refused by 127.0.0.1.`);
  expect(await clippedLabels(page)).toEqual([]);

  // `npm run jobs -- list` says the same.
  const list = (await jobsCli("list")).stdout;
  const line = list.split("\n").find((entry) => entry.includes(name));
  expect(line).toMatch(/\tscrape\tfailed\t/);
  expect(line).toContain(`The source failed: ${name}: Connection refused by 127.0.0.1.`);
});

test("the dashboard at 390 px: no button or badge clips its label; wide tables scroll inside their panel", async ({ page }, info) => {
  await page.setViewportSize(PHONE);
  await signIn(page, info);
  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Import 30 Days" })).toBeVisible();

  expect(await clippedLabels(page)).toEqual([]);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Each table wider than its panel sits in a box the reader can scroll sideways (overflow auto or scroll),
  // not one that hides the columns that do not fit.
  const tables = await page.evaluate(() =>
    [...document.querySelectorAll("table")].map((table) => {
      // The nearest box around the table that does not let its content spill out.
      let box = table.parentElement;
      while (box && getComputedStyle(box).overflowX === "visible") box = box.parentElement;
      return {
        table: table.getAttribute("aria-label"),
        wide: table.getBoundingClientRect().width > innerWidth,
        clippedBy: box ? { overflowX: getComputedStyle(box).overflowX, right: box.getBoundingClientRect().right } : null,
      };
    }),
  );
  const wide = tables.filter((table) => table.wide);
  expect(wide.map((table) => table.table)).toEqual(expect.arrayContaining(["Sources", "Users"]));
  for (const table of wide) {
    expect(table.clippedBy, `${table.table} table`).not.toBeNull();
    expect(["auto", "scroll"], `${table.table} table scrolls`).toContain(table.clippedBy!.overflowX);
    expect(table.clippedBy!.right, `${table.table} table's scroll box fits the screen`).toBeLessThanOrEqual(PHONE.width);
  }
});
