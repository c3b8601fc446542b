import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/**/*.test.ts"],
    // tests/hardening runs against the production build: npm run test:hardening (see docs/security.md).
    exclude: ["tests/browser/**", "tests/hardening/**", "node_modules/**"],
    setupFiles: ["tests/support/setup-env.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 150_000,
  },
});
