// `npm start`: set up the database, then run the web process and the job runner side by side.
// If either stops, the other is stopped too, so a supervisor sees one failed service, not half a product.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { config } from "../app/config.server";
import { webProcessAddress } from "../app/public-url.server";
import { describeSetup, reportConfigErrorAndExit, setup } from "../scripts/setup";
import { WEB_PROCESS_ARGS } from "../app/web-process";

const bin = (name: string) => path.resolve("node_modules/.bin", name);

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.error("No production build found: run `npm run build` first (npm start does this for you).");
    process.exit(1);
  }
  const report = await setup();
  // Both processes get the same port and public address, so the runner's emails link to this web process.
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", PORT: String(config().PORT), PUBLIC_URL: webProcessAddress() };
  const children: ChildProcess[] = [
    spawn(process.execPath, WEB_PROCESS_ARGS, { env, stdio: "inherit" }),
    spawn(bin("tsx"), ["jobs/cli.ts"], { env, stdio: "inherit" }),
  ];
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    setTimeout(() => process.exit(code), 25_000).unref();
    void Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null))).then(() => process.exit(code));
  };
  for (const child of children) child.once("exit", (code) => stopAll(code ?? 1));
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));

  setTimeout(() => {
    console.log("");
    console.log(`Federal Deregulation Tracker is running at ${env.PUBLIC_URL}`);
    for (const line of describeSetup(report)) console.log(line);
    console.log("Stop with Ctrl+C.");
  }, 1500);
}

main().catch(reportConfigErrorAndExit);
