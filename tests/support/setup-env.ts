// Every test file gets its own migrated database and offline defaults: a SQLite file in a fresh temporary folder, or,
// when the run is on PostgreSQL (npm run test:postgres, tests/postgres/vitest.config.ts), a fresh database on the
// run's throw-away server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { createTestDatabase } from "./postgres";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dereg-test-"));
process.env.NODE_ENV = "test";
process.env.DATABASE_URL = process.env.TEST_ENGINE === "postgres" ? (await createTestDatabase(inject("postgresUrl"))).url : path.join(dir, "app.db");
process.env.OUTBOX_DIR = path.join(dir, "outbox");
process.env.SESSION_SECRET = "test-secret-for-this-run-only-32-characters";
process.env.ALLOW_PRIVATE_NETWORKS = "true";
// Tests tell clients apart by X-Forwarded-For, as a reverse proxy would.
process.env.TRUST_PROXY = "true";
process.env.APP_TIMEZONE ??= "America/New_York";
delete process.env.SMTP_URL;
delete process.env.OPENAI_API_KEY;
delete process.env.OPENAI_BASE_URL;

globalThis.__appDatabase = undefined;
const { migrate } = await import("~/schema-store.server");
await migrate();
