// The one lint configuration of the repository (the root eslint.config.js re-exports it).
// typescript-eslint's type-checked rules catch what costs us most: a promise nobody awaits
// (a write that fails silently, a 500 after the response), a promise where a callback
// expects a plain value, an await on something that is not a promise.
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/.next/**",
      "**/.turbo/**",
      "**/dist/**",
      "**/generated/**",
      "**/*.d.ts",
      "test-results/**",
      "apps/web/public/**",
      "prisma/**",
      "docs/**",
      // Typed by the client it generates from the served document (example-bot.e2e.test.ts
      // type-checks it strictly then); before that its imports are unresolved.
      "examples/bot/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // An async function without await is how a function meets a Promise-returning interface.
      "@typescript-eslint/require-await": "off",
    },
  },
  { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked },
  {
    files: ["**/*.{js,mjs,cjs}"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
      },
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    settings: { next: { rootDir: "apps/web" } },
    rules: {
      // The rules of hooks. Not v7's React Compiler rules (set-state-in-effect, purity): we do not
      // compile with it, and they flag a server component's Date.now() and deliberate mount effects.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // Our pictures are SVG drawn by /art with immutable caching; next/image does not optimise SVG.
      "@next/next/no-img-element": "off",
      // The browser's confirm(), alert() and prompt() cannot say what an action will do, look like
      // a phishing prompt and are skipped by one Enter: the console confirms in ui/confirm-dialog.tsx.
      "no-alert": "error",
    },
  },
  {
    // Runtime code logs through @prizepacks/db/log: leveled JSON lines that carry the request id.
    files: ["packages/*/src/**/*.{ts,tsx}", "apps/web/server.ts", "apps/web/lib/**/*.{ts,tsx}", "apps/web/app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "packages/core/src/testing/**"],
    rules: { "no-console": "error" },
  },
  // The layer table of docs/architecture.md, enforced: each package imports only the ones below it.
  // Type-only imports are free (`import type`), as the table says.
  ...[
    { files: ["packages/fairness/src/**"], forbidden: ["@prizepacks/*"], why: "fairness is isomorphic and stands alone" },
    { files: ["packages/db/src/**"], forbidden: ["@prizepacks/*"], why: "db is the bottom layer" },
    {
      files: ["packages/core/src/**"],
      forbidden: ["@prizepacks/api", "@prizepacks/api/*", "@prizepacks/auth", "@prizepacks/auth/*"],
      why: "core is below api and auth",
    },
    {
      files: ["packages/auth/src/**"],
      forbidden: ["@prizepacks/api", "@prizepacks/api/*"],
      why: "auth never imports api (the route hands it what it needs)",
    },
    { files: ["packages/api/src/**"], forbidden: ["@prizepacks/auth", "@prizepacks/auth/*"], why: "api never imports auth" },
  ].map(({ files, forbidden, why }) => ({
    files,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ group: forbidden, allowTypeImports: true, message: `Layering (docs/architecture.md): ${why}.` }] },
      ],
    },
  })),
  {
    // Tests read JSON bodies as `any` on purpose: they assert the shape instead of trusting a type.
    files: ["**/*.test.ts", "**/tests/**/*.ts", "**/browser-tests/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    // Walks and patches the generated OpenAPI document as plain JSON (see the Json type there).
    files: ["packages/api/src/openapi/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  prettier,
);
