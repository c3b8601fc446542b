// drizzle-kit for the PostgreSQL schema: `npx drizzle-kit generate --config db/pg/drizzle.config.ts --name <name>`.
// SQLite's is db/drizzle.config.ts; each engine keeps its own migrations, both applied at start.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/pg/schema.ts",
  out: "./db/pg/migrations",
  casing: "snake_case",
});
