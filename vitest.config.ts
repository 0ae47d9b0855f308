import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/admin-cli/src/**/*.test.ts",
            "apps/web/lib/**/*.test.ts",
            "scripts/*.test.ts",
            "scripts/bench/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts", "**/*.redis.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["packages/*/src/**/*.db.test.ts", "packages/*/src/**/*.redis.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One database per file; files run one at a time to keep a 2-core machine responsive.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["apps/web/tests/**/*.e2e.test.ts"],
          globalSetup: ["apps/web/tests/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
