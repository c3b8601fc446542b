// Every test file gets its own migrated SQLite file in a fresh temporary folder, and offline defaults.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase } from "../../db/client";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-test-"));
process.env.NODE_ENV = "test";
process.env.DATABASE_URL = path.join(dir, "app.db");
process.env.OUTBOX_DIR = path.join(dir, "outbox");
process.env.SESSION_SECRET = "test-secret-for-this-run-only-32-characters";
process.env.ALLOW_PRIVATE_NETWORKS = "true";
// Tests tell clients apart by X-Forwarded-For, as a reverse proxy would.
process.env.TRUST_PROXY = "true";
process.env.APP_TIMEZONE ??= "America/New_York";
delete process.env.SMTP_URL;
delete process.env.OPENAI_API_KEY;
delete process.env.OPENAI_BASE_URL;

globalThis.__appDb = undefined;
const { db } = await import("~/db.server");
migrateDatabase(db());
