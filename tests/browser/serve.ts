// The product as the browser tests see it: a fresh database with the demo sample and known accounts,
// the production build, on loopback.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { WEB_PROCESS_ARGS } from "../../app/web-process";

const port = process.env.E2E_PORT ?? "3210";
const dir = path.resolve("tests/.tmp", `e2e-${port}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

export const E2E_ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };

Object.assign(process.env, {
  NODE_ENV: "production",
  PORT: port,
  DATABASE_URL: path.join(dir, "app.db"),
  OUTBOX_DIR: path.join(dir, "outbox"),
  SESSION_SECRET: "e2e-session-secret-at-least-32-characters",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ALLOW_PRIVATE_NETWORKS: "true",
  // The browser tests give each signed-in context its own client address, as a reverse proxy would.
  TRUST_PROXY: "true",
});

const { setup } = await import("../../scripts/setup");
const { loadDemo } = await import("../../scripts/demo");
await setup();
loadDemo();

const web = spawn(process.execPath, WEB_PROCESS_ARGS, { stdio: "inherit", env: process.env });
const stop = () => web.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
web.on("exit", (code) => process.exit(code ?? 0));
