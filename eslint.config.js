// Lint rules for the whole project (npm run lint, part of npm test). Formatting is Prettier's (.prettierrc.json).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "public/build/", ".cache/", "node_modules/", "test-results/", "playwright-report/", "tests/.tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_`-prefixed names are deliberately unused (a handler's required parameter, a destructured rest).
      // Refusing and stripping control characters is what several input rules do (app/validation.ts,
      // app/text/plain-text.ts, app/http/return-to.ts): the rule forbids exactly those patterns.
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // A promise nobody awaits loses its errors and its order: a store call (every read and write is async, see
    // app/db.server.ts) used without `await` would test as a truthy object or race the next statement.
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      // Handlers may be async (an `onClick` that awaits a fetch); a promise in a condition is always a mistake.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    // Only store modules touch the database (docs/decisions/028-async-storage-layer.md): everything else calls their
    // async functions and never learns which engine answers. Row types may still be imported as types.
    files: ["app/**/*.{ts,tsx}", "jobs/**/*.ts", "scripts/**/*.ts", "server.ts"],
    // scripts/db-copy.ts reads one engine and writes the other, below any store module.
    ignores: ["app/**/store.server.ts", "app/**/*-store.server.ts", "app/**/store/**", "app/db.server.ts", "scripts/db-copy.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(db\\.server|db/client|db/schema|db/pg/.*)$|^drizzle-orm|^better-sqlite3$|^pg$",
              allowTypeImports: true,
              message: "Only store modules (store.server.ts, *-store.server.ts, store/) touch the database: call one of their functions.",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright passes fixtures by destructuring; a test that needs only `testInfo` must write `({}, testInfo)`.
    files: ["tests/browser/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Tests reach app code one way: the `~/` alias the app's own routes use (tsconfig.json, vitest.config.ts).
    files: ["tests/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ regex: "^(\\.\\./)+app/", message: "Import app code through the ~/ alias." }] }] },
  },
  {
    files: ["**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
);
