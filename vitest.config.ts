import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/**/*.test.ts"],
    // tests/hardening runs against the production build: npm run test:hardening (see docs/security.md);
    // tests/postgres needs a PostgreSQL server: npm run test:postgres.
    exclude: ["tests/browser/**", "tests/hardening/**", "tests/postgres/**", "node_modules/**"],
    setupFiles: ["tests/support/setup-env.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 150_000,
  },
});
