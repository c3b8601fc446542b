// `npm run test:hardening` (full) and `npm run test:hardening:quick` (inside `npm test`): attacks and load
// against the production build on loopback. Files run one at a time: they share two CPUs with the server.
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/hardening/**/*.test.ts"],
    // `*.slow.test.ts` (processes started, killed and restarted) runs in the full mode only.
    exclude: process.env.HARDENING_QUICK === "1" ? ["tests/hardening/**/*.slow.test.ts", "node_modules/**"] : ["node_modules/**"],
    setupFiles: ["tests/support/setup-env.ts"],
    globalSetup: ["tests/hardening/global-setup.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
