// `npm run test:postgres`: the unit and integration suites again, each test file on a fresh database of a real
// throw-away PostgreSQL cluster (tests/support/postgres.ts) or of the server TEST_POSTGRES_URL names, plus the
// PostgreSQL-only tests of tests/postgres. Not part of `npm test`, which needs no PostgreSQL.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/postgres/**/*.test.ts"],
    globalSetup: ["tests/postgres/global-setup.ts"],
    setupFiles: ["tests/support/setup-env.ts"],
    env: { TEST_ENGINE: "postgres" },
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 150_000,
  },
});
