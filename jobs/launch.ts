// `npm start`: set up the database, then run the web process and the job runner side by side (jobs/supervise.ts):
// the web process's exit stops both; a runner that crashes is started again after a pause.
import fs from "node:fs";
import path from "node:path";
import { config } from "../app/config.server";
import { webProcessAddress } from "../app/public-url.server";
import { describeSetup, reportConfigErrorAndExit, setup } from "../scripts/setup";
import { WEB_PROCESS_ARGS, webProcessEnv } from "../app/web-process";
import { superviseProcesses } from "./supervise";

const bin = (name: string) => path.resolve("node_modules/.bin", name);

async function main() {
  if (!fs.existsSync("build/index.js")) {
    console.error("No production build found: run `npm run build` first (npm start does this for you).");
    process.exit(1);
  }
  const report = await setup();
  // Both processes get the same port and public address, so the runner's emails link to this web process.
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", PORT: String(config().PORT), PUBLIC_URL: webProcessAddress() };
  const processes = superviseProcesses({
    web: { command: process.execPath, args: WEB_PROCESS_ARGS, env: webProcessEnv(env) },
    runner: { command: bin("tsx"), args: ["jobs/cli.ts"] },
    env,
  });
  process.on("SIGINT", () => processes.stop(0));
  process.on("SIGTERM", () => processes.stop(0));
  void processes.done.then((code) => process.exit(code));

  setTimeout(() => {
    console.log("");
    console.log(`Federal Deregulation Tracker is running at ${env.PUBLIC_URL}`);
    for (const line of describeSetup(report)) console.log(line);
    console.log("Stop with Ctrl+C.");
  }, 1500);
}

main().catch(reportConfigErrorAndExit);
