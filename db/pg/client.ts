// The PostgreSQL connection pool (DATABASE_URL=postgres://...): the counterpart of db/client.ts for SQLite.
// Times, counts and ids come back as numbers, as SQLite gives them (docs/decisions/029-postgresql-schema.md).
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// Resolved from the project root, like db/client.ts's: the web bundle and the scripts both run from there.
const migrationsFolder = path.resolve("db/pg/migrations");

const DEFAULT_POOL_SIZE = 10;

/** Any fixed number: every process that migrates takes the same lock, so two starting at once take turns. */
const MIGRATION_LOCK = 2_029_000_001;

/**
 * int8 (bigint: the times in milliseconds, `count(*)`) as a JavaScript number rather than pg's default string, so
 * raw SQL reads the same values from both engines. Past 2^53 a number would silently lose digits: refuse instead.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`PostgreSQL returned ${text}, beyond what a JavaScript number holds exactly`);
  return value;
}

// Process-wide: drizzle's node-postgres driver falls back to pg's global parsers for every type but dates.
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
// numeric (`avg()`, `sum()` of a bigint) as a float, as SQLite's REAL: the product keeps no exact decimals.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseFloat);
// json and jsonb as their text, as SQLite stores JSON: raw SQL parses a list column (or a json_agg) the same way on
// both engines, and drizzle's jsonb columns parse the text themselves.
pg.types.setTypeParser(pg.types.builtins.JSON, (text: string) => text);
pg.types.setTypeParser(pg.types.builtins.JSONB, (text: string) => text);

/** Connections per process: DATABASE_POOL_SIZE, else 10. */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.DATABASE_POOL_SIZE?.trim();
  if (!raw) return DEFAULT_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1) throw new Error(`DATABASE_POOL_SIZE must be a whole number of connections, at least 1 (got "${raw}")`);
  return size;
}

/** A drizzle database over a pool of connections to `url`; close it with `db.$client.end()`. */
export function openPostgres(url: string, options: { poolSize?: number } = {}): PgDb {
  // allowExitOnIdle: a script (npm run setup, demo, user) ends when its work does, not when idle connections time out.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? poolSize(), allowExitOnIdle: true });
  // A connection the server closes while it sits idle in the pool (a restart, a failover, an administrator's
  // command) is reported here, and the pool drops it and opens another for the next query. Without a listener, pg
  // throws the error and the whole process ends.
  pool.on("error", (error) => console.warn(`[postgres] an idle connection was closed by the server: ${error.message}`));
  return drizzle(pool, { schema, casing: "snake_case" });
}

/**
 * Applies pending migrations (db/pg/migrations); safe to run at every start, and by several processes at once:
 * they run one after the other under an advisory lock, and the later ones find nothing left to apply.
 */
export async function migratePostgres(db: PgDb): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
