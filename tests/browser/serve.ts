// The product as the browser tests see it: a fresh database with the demo sample and known accounts,
// the production build, on loopback.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { WEB_PROCESS_ARGS, webProcessEnv } from "~/web-process";
import { E2E_ADMIN, E2E_DATABASE, E2E_DIR as dir, E2E_PORT as port } from "./e2e-settings";

fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  DATABASE_URL: E2E_DATABASE,
  OUTBOX_DIR: path.join(dir, "outbox"),
  SESSION_SECRET: "e2e-session-secret-at-least-32-characters",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ALLOW_PRIVATE_NETWORKS: "true",
  // The browser tests give each signed-in context its own client address, as a reverse proxy would.
  TRUST_PROXY: "true",
  // One web process whatever the machine's cores: its per-process limits are what the tests count on.
  WEB_CONCURRENCY: "1",
});

const { setup } = await import("../../scripts/setup");
const { loadDemo } = await import("../../scripts/demo");
await setup();
await loadDemo();
// The job runner fills the related lists of what was loaded (a feed page only reads them, docs/decisions/022);
// the browser tests run the web process alone, so the lists are filled here, as the runner would.
const { refreshRelatedLists } = await import("~/related/store/lists.server");
await refreshRelatedLists(Number.POSITIVE_INFINITY);

const web = spawn(process.execPath, WEB_PROCESS_ARGS, { stdio: "inherit", env: webProcessEnv(process.env) });
const stop = () => web.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
web.on("exit", (code) => process.exit(code ?? 0));
