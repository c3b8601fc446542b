// `npm run test:postgres`: the PostgreSQL engine against a real throw-away cluster (tests/support/postgres.ts), or
// the server TEST_POSTGRES_URL names. Not part of `npm test`, which needs no PostgreSQL.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/postgres/**/*.test.ts"],
    globalSetup: ["tests/postgres/global-setup.ts"],
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
