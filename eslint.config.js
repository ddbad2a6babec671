// ESLint (flat config): typescript-eslint's `recommended` (syntax-only, no type information, so a
// full run stays fast) everywhere, and React's hooks rules for the app. Zero warnings:
// `npm run lint` runs with --max-warnings 0. The layering between folders is checked by
// dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "build/",
    "build-*/",
    ".react-router/",
    "node_modules/",
    "data/",
    "test-results/",
    "playwright-report/",
    "blob-report/",
    "bench/.data/",
    "app/db/migrations/",
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    languageOptions: {
      // Server, scripts and tests run on Node; app code runs on both sides (SSR + browser).
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose (e.g. `_request`).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `interface AppLoadContext extends ShopContext {}` is how a module augmentation adds a type.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },

  // The server writes JSON lines only, through pino (decision 0062): a request's logger
  // (`context.requestLog`, `req.log`) or the process logger (`processLog()`, app/utils/log.server.ts).
  // The browser's console (components) and the command-line scripts' output are not server logs.
  {
    files: ["server/**/*.ts", "app/**/*.server.{ts,tsx}", "app/modules/**/*.{ts,tsx}", "app/db/**/*.ts", "app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-console": "error" },
  },

  // Hooks and the React Compiler's rules of React, for every component and hook in the app.
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
]);
