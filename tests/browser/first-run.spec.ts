// A fresh install, as a new user finds it before any source was read: the feed says how its first update goes
// (not started, queued, failed and for how many sources), links to the dashboard and offers the offline sample,
// with and without JavaScript. It has its own production server on a database that `npm run setup` made and no
// scrape ever filled; the job rows are written as the runner would write them.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { freePort } from "../support/ports";
import { startProductionServer, type ProductionServer } from "../support/prod-server";

let server: ProductionServer;
let dir = "";

test.beforeAll(async ({}, testInfo) => {
  // `npm run setup` and a production server's start take longer than a test on a busy machine.
  test.setTimeout(180_000);
  const port = await freePort();
  dir = path.resolve("tests/.tmp", `first-run-${testInfo.project.name}-${port}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const databaseFile = path.join(dir, "app.db");
  const setup = spawnSync(process.execPath, ["--import", "tsx", "scripts/setup.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseFile,
      SESSION_SECRET: "first-run-session-secret-of-32-characters",
      ADMIN_PASSWORD: "first-run-password-1",
    },
    encoding: "utf8",
  });
  expect(setup.status, setup.stderr).toBe(0);
  server = await startProductionServer({ port, databaseFile });
});

test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(sql: string, ...params: unknown[]) {
  const sqlite = new Database(path.join(dir, "app.db"));
  try {
    sqlite.pragma("busy_timeout = 5000");
    sqlite.prepare(sql).run(...params);
  } finally {
    sqlite.close();
  }
}

test("the empty feed of a fresh install says how its first update goes", async ({ page }) => {
  await page.goto(server.url + "/");
  const state = page.getByRole("status").filter({ hasText: "No articles are stored yet." });
  await expect(state.getByRole("heading", { name: "No articles found" })).toBeVisible();
  await expect(state).toContainText("The first update has not started yet");
  await expect(state).toContainText("npm run demo");
  await expect(page.getByText("No articles match these filters yet")).toHaveCount(0);

  write("INSERT INTO jobs (kind, status, requested_by) VALUES ('scrape', 'queued', 'first start')");
  await page.reload();
  await expect(state).toContainText("The first update is queued");

  const result = {
    totals: { sources: 3, failed: 3, fetched: 0, new: 0, duplicates: 0, skippedByKeywords: 0 },
    sources: ["Federal Register", "White House", "EPA newsroom"].map((name) => ({ name, error: "getaddrinfo ENOTFOUND" })),
  };
  write("UPDATE jobs SET status = 'failed', result = ? WHERE kind = 'scrape'", JSON.stringify(result));
  await page.goto(server.url + "/?category=regulatory-rollbacks");
  await expect(state).toContainText("The first update failed: none of the 3 sources could be read.");

  await state.getByRole("link", { name: "dashboard" }).click();
  await expect(page).toHaveURL(/\/admin/);
  expect(server.alarmingLines).toEqual([]);
});
