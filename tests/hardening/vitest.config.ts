// `npm run test:hardening` (full) and `npm run test:hardening:quick` (inside `npm test`): attacks and load
// against the production build on loopback. Files run one at a time: they share two CPUs with the server.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/hardening/**/*.test.ts"],
    setupFiles: ["tests/support/setup-env.ts"],
    globalSetup: ["tests/hardening/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
