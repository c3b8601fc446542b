import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./tests/browser/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3210);

export default defineConfig({
  testDir: "tests/browser",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `node_modules/.bin/tsx tests/browser/serve.ts`,
    url: `http://127.0.0.1:${port}/api/sources`,
    env: { E2E_PORT: String(port) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
