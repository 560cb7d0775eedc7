// ESLint flat config for the whole workspace (`pnpm lint` = `eslint . --max-warnings=0`).
// .mjs because the root package.json has no "type" (Hardhat 2 loads hardhat.config.ts as CommonJS).
// Rules are the non-type-checked recommended sets, to stay fast; `pnpm typecheck` does the types.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "**/node_modules/",
    "**/dist/",
    "**/coverage/",
    ".data*/",
    "api/src/generated/",
    "contracts/artifacts/",
    "contracts/.coverage-artifacts/",
    "contracts/.coverage-cache/",
    "contracts/cache/",
    "contracts/typechain-types/",
    "indexer/.ponder/",
    "indexer/generated/",
    "indexer/ponder-env.d.ts",
    "test-results/",
    "playwright-report/",
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["web/**/*.{ts,tsx,js,jsx}"],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // CommonJS files (and hardhat.config.ts, which Hardhat 2 loads as CommonJS).
    files: ["**/*.cjs", "hardhat.config.ts"],
    languageOptions: { globals: { ...globals.node, ...globals.commonjs } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },
]);
