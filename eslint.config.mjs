// ESLint flat config for the whole workspace (`pnpm lint` = `eslint . --max-warnings=0`).
// .mjs because the root package.json has no "type" (Hardhat 2 loads hardhat.config.ts as CommonJS).
// Rules are the non-type-checked recommended sets, to stay fast; `pnpm typecheck` does the types.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import eslintConfigPrettier from "eslint-config-prettier/flat";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

/** The web's features, read from the folder so that a new feature is covered by the layer rules. */
const webFeatures = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web's layers (docs/conventions.md#web): `app/` composes features; a feature never imports
 * another feature; `components/` and `lib/` are shared by features and import neither them nor
 * `app/`. `testing/` may import anything.
 */
const webLayerZones = [
  ...webFeatures.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: "web/src/features",
    except: [`./${feature}`],
    message:
      "A feature never imports another feature: move what both need to web/src/lib or web/src/components (test fixtures to web/src/testing), or compose them in web/src/app.",
  })),
  {
    target: ["web/src/features", "web/src/components", "web/src/lib"],
    from: "web/src/app",
    message: "Only web/src/app imports web/src/app.",
  },
  {
    target: ["web/src/components", "web/src/lib"],
    from: "web/src/features",
    message: "Shared code (web/src/components, web/src/lib) never imports a feature.",
  },
];

/**
 * The API's features (api/src/features/<feature>/, docs/conventions.md#api): a feature imports
 * another only through that feature's public modules, never its internals. A feature's public
 * module is its `<feature>.service.ts`; the few that genuinely expose more list them here, by file
 * (no barrels). `openapi` documents every feature's routes and limits, so it may read them all.
 */
const apiFeatures = readdirSync(`${root}/api/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What a feature exposes besides its `<feature>.service.ts`. */
const apiPublicModules = {
  admin: ["audit-log.ts", "admin-action.ts", "notification-broadcast.ts"],
  auth: ["require-user.ts", "sign-in.ts", "session-cookie.ts", "session-in-statement.ts", "account.service.ts", "siwe.service.ts"],
  cards: ["stripe-customer.ts", "stripe-errors.ts"],
  // The fiat checkout shared by the card and PayPal flows.
  checkout: ["checkout-pricing.ts", "complete-checkout.ts", "reverse-checkout.ts", "seller-hold.ts"],
  downloads: ["download-token.ts", "signing-secret.ts"],
  follows: ["following-loops.ts"],
  ledger: ["ledger-holds.ts", "ledger-payments.ts", "timed-holds.ts"],
  levels: ["award-xp.ts", "revoke-xp.ts", "earnings.ts"],
  licences: ["licence-token.ts"],
  loops: ["catalog.service.ts", "catalog-cache.ts", "loop-access.ts", "loop.view.ts"],
  negotiations: ["close-offers-off-sale.ts", "offer-escrow.ts", "offer-sale.ts"],
  notifications: ["create-notification.ts", "notification-announcer.ts"],
  purchases: ["record-purchase.ts", "send-purchase-mails.ts", "wallet-purchase.service.ts"],
  settlement: ["settlement-status.ts", "settlement-discrepancy.ts", "offer-settlement-requests.ts"],
  "token-orders": ["token-order.view.ts"],
  users: ["user.view.ts"],
  withdrawals: ["withdrawal-settlement.ts"],
};

const apiPublicPaths = apiFeatures.flatMap((feature) =>
  [`${feature}.service.ts`, ...(apiPublicModules[feature] ?? [])].map((file) => `./${feature}/${file}`),
);

const apiFeatureZones = apiFeatures
  .filter((feature) => feature !== "openapi")
  .map((feature) => ({
    target: `api/src/features/${feature}`,
    from: "api/src/features",
    except: [`./${feature}`, ...apiPublicPaths],
    message:
      "A feature imports another only through its public modules (its <feature>.service.ts, or the list in eslint.config.mjs): use one, or move what is not feature-specific to api/src/db, api/src/http or api/src/chain.",
  }));

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
    // The React Compiler's rules check code the compiler would optimise; a test's wrappers and fakes
    // never ship. They are nearly half of lint's time (the compiler runs on every file they see), and test
    // files are a third of the web's lines. Tests keep the rules of hooks and their dependencies.
    files: ["web/src/**/*.test.{ts,tsx}"],
    rules: Object.fromEntries(
      Object.keys(reactHooks.configs.flat.recommended.rules)
        .filter((rule) => !["react-hooks/rules-of-hooks", "react-hooks/exhaustive-deps"].includes(rule))
        .map((rule) => [rule, "off"]),
    ),
  },
  {
    // Import graph rules, resolved as TypeScript does: the web's `@/` alias and the `@loop/rules/*`
    // workspace package (its exports point at rules/src/*.ts).
    files: ["web/src/**/*.{ts,tsx}", "api/src/**/*.ts", "rules/src/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["web/tsconfig.json", "api/tsconfig.json", "rules/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // A cycle through a dynamic import() is a lazy chunk loading its parent's module, not an
      // initialisation-order cycle (the level card, the wallet stack): allowed.
      "import-x/no-cycle": ["error", { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // Nothing imports a test file, so no cycle can pass through one: the rule's walk of every import
    // from each test was a third of its time.
    files: ["web/src/**/*.test.{ts,tsx}", "rules/src/**/*.test.ts", "api/src/**/*.test.ts"],
    rules: { "import-x/no-cycle": "off" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: webLayerZones }],
    },
  },
  {
    files: ["api/src/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones: apiFeatureZones }],
    },
  },
  {
    // A service names a refusal with a code (a DomainError) and never sees HTTP
    // (docs/conventions.md#errors): no Express, no HTTP error class.
    files: ["api/src/features/**/*.service.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "express", message: "A service takes parsed values, never an Express request or response." }],
          patterns: [
            { group: ["**/http/errors"], message: "A service throws DomainError(code) (api/src/domain-error.ts), never an HTTP error." },
          ],
        },
      ],
    },
  },
  {
    // The web decides by an error's code, never by its text (docs/conventions.md#errors): only the
    // API client reads the answer's raw text, and no code compares or searches an error's message.
    files: ["web/src/**/*.{ts,tsx}"],
    ignores: ["web/src/lib/api-client.ts", "web/src/**/*.test.{ts,tsx}", "web/src/testing/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='bodyText']",
          message: "Decide by the API error's code (errorCode, errorFields in lib/api-client.ts), not by its text.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|test)$/][callee.object.property.name='message'], CallExpression[callee.property.name=/^(includes|startsWith|endsWith)$/] > CallExpression.callee > MemberExpression.callee[property.name='message'], BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='message'][object.name=/^(error|caught|err|e|cause)$/]",
          message: "Decide by the API error's code (errorCode, errorFields in lib/api-client.ts), not by its message text.",
        },
      ],
    },
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
  // Last: turns off the stylistic rules that Prettier's formatting would contradict.
  eslintConfigPrettier,
]);
