// The browser test server's settings, shared by serve.ts (which starts it) and the specs (through e2e.ts).
import path from "node:path";

export const E2E_PORT = process.env.E2E_PORT ?? "3210";
export const E2E_ADMIN = { email: "admin@e2e.test", password: "admin-password-1" };
/** The server's own folder: its database and its outbox. */
export const E2E_DIR = path.resolve("tests/.tmp", `e2e-${E2E_PORT}`);
export const E2E_DATABASE = path.join(E2E_DIR, "app.db");
