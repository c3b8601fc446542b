// Which database engine DATABASE_URL names: SQLite (a file path or `file:` URL, the default) or PostgreSQL
// (a `postgres://` or `postgresql://` URL, handed to the pg driver as it is).
import { fileURLToPath } from "node:url";

export type DatabaseEngine = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

const POSTGRES_SCHEME = /^postgres(ql)?:\/\//i;
/** Any other `scheme://`: refused rather than taken for a file name. */
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

export function databaseEngine(url: string): DatabaseEngine {
  const value = url.trim();
  if (value === "") throw new Error("DATABASE_URL is empty: give a SQLite file path or a postgres:// URL");
  if (POSTGRES_SCHEME.test(value)) return { engine: "postgres", url: value };
  if (/^file:/i.test(value)) return { engine: "sqlite", file: sqliteFileOf(value) };
  if (OTHER_SCHEME.test(value)) {
    throw new Error(`DATABASE_URL "${value.slice(0, value.indexOf(":"))}:" is not supported: give a SQLite file path, a file: URL or a postgres:// URL`);
  }
  return { engine: "sqlite", file: value };
}

/**
 * The file a `file:` URL names: `file:///srv/app.db` and `file://localhost/srv/app.db` (absolute), `file:/srv/app.db`,
 * `file:./data/app.db` and `file:data/app.db` (relative to the working folder), `file::memory:`. Percent escapes are
 * decoded. Query parameters (SQLite's `?mode=ro` and the like) are refused: the engine opens the file itself.
 */
function sqliteFileOf(value: string): string {
  if (/[?#]/.test(value)) throw new Error("DATABASE_URL: a file: URL cannot carry query parameters or a fragment");
  if (/^file:\/\//i.test(value)) return fileURLToPath(value);
  const rest = decodeURIComponent(value.slice("file:".length));
  if (rest === "") throw new Error("DATABASE_URL: the file: URL names no file");
  return rest;
}
