// The one way a benchmark script opens a database in its own process: the environment is set first, since the
// app reads its configuration once, on the first import of app code; then the database is migrated.
import path from "node:path";

export type BenchDatabaseOptions = { outboxDir?: string; env?: Record<string, string> };

/** Points the app at `file`, imports the database handle and migrates it; import app code only after this. */
export async function openBenchDatabase(file: string, { outboxDir = path.join(path.dirname(file), "outbox"), env = {} }: BenchDatabaseOptions = {}) {
  Object.assign(process.env, {
    DATABASE_URL: file,
    SESSION_SECRET: "bench-session-secret-of-32-characters",
    OUTBOX_DIR: outboxDir,
    NODE_ENV: "production",
    ...env,
  });
  const { migrateDatabase } = await import("../../db/client");
  const { db } = await import("~/db.server");
  migrateDatabase(db());
  return db;
}
