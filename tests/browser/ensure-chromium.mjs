// Makes sure a Chromium exists before the browser tests: the system one, else Playwright's installer
// (where the internet allows), else Debian's package (as root).
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromiumExecutable } from "./chromium.mjs";

function playwrightBrowserInstalled() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), ".cache", "ms-playwright");
  return fs.existsSync(cache) && fs.readdirSync(cache).some((name) => name.startsWith("chromium"));
}

function tryRun(command) {
  try {
    execSync(command, { stdio: "inherit", timeout: 15 * 60_000 });
    return true;
  } catch {
    return false;
  }
}

if (chromiumExecutable() || playwrightBrowserInstalled()) process.exit(0);
console.log("No Chromium found; installing one.");
if (tryRun("npx playwright install chromium") && playwrightBrowserInstalled()) process.exit(0);
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo -n ";
if (tryRun(`${sudo}apt-get update -q && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium`) && chromiumExecutable()) process.exit(0);
console.error("Could not install Chromium. Install the 'chromium' package or set CHROMIUM_PATH.");
process.exit(1);
