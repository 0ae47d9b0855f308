import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";

// Files that time something against the clock (a bound in milliseconds, a rolling window, a
// drain, a delivery that must not come within a poll) or break a shared component: they run
// alone, after their project's parallel files, so no other test file's load skews them.
const integrationSerial = [
  "packages/core/src/server/services.db.test.ts",
  "packages/api/src/rate-limit/limiter.redis.test.ts",
  "packages/api/src/streams.db.test.ts",
  "packages/auth/src/second-factor.db.test.ts",
  "packages/core/src/users/four-eyes.db.test.ts",
  "packages/db/src/client.db.test.ts",
];
const e2eSerial = [
  "apps/web/tests/auth-protection.e2e.test.ts",
  "apps/web/tests/events.e2e.test.ts",
  "apps/web/tests/faults.e2e.test.ts",
  "apps/web/tests/scale-out.e2e.test.ts",
  "apps/web/tests/shutdown.e2e.test.ts",
  "apps/web/tests/webhooks.e2e.test.ts",
];
// A moved file would otherwise leave its list silently and run in parallel with the rest.
for (const file of [...integrationSerial, ...e2eSerial])
  if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts: ${file} is listed to run alone but does not exist`);

const integration = {
  include: ["packages/*/src/**/*.db.test.ts", "packages/*/src/**/*.redis.test.ts"],
  // Migrates the template database once; every file's database is a copy of it.
  globalSetup: ["packages/core/src/testing/global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};
const e2e = {
  include: ["apps/web/tests/**/*.e2e.test.ts"],
  // One shared server for both e2e projects (started by whichever sets up first).
  globalSetup: ["apps/web/tests/global-setup.ts"],
  testTimeout: 120_000,
  hookTimeout: 120_000,
};

// Projects run in groupOrder; one group's projects run side by side. Each integration file has
// its own database (a copy of the template), so they run two at a time, as much of their time is
// spent waiting on PostgreSQL and Redis.
// `npx vitest run --project 'integration*'` runs both halves of one.
export default defineConfig({
  test: {
    projects: [
      {
        // The web app's tsconfig keeps JSX for Next to compile ("preserve"); a component's unit test needs it compiled here.
        oxc: { jsx: { runtime: "automatic" } },
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/admin-cli/src/**/*.test.ts",
            "apps/web/lib/**/*.test.ts",
            "apps/web/components/**/*.test.tsx",
            "scripts/*.test.ts",
            "scripts/bench/*.test.ts",
          ],
          exclude: ["**/*.db.test.ts", "**/*.redis.test.ts", "**/node_modules/**"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          ...integration,
          exclude: [...integrationSerial, "**/node_modules/**"],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: "integration-serial",
          ...integration,
          include: integrationSerial,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: "e2e",
          ...e2e,
          exclude: [...e2eSerial, "**/node_modules/**"],
          // One at a time: each file starts servers of its own and is CPU-bound; two at a time
          // took 471 s against 360 s in turn on a 2-core machine.
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: { name: "e2e-serial", ...e2e, include: e2eSerial, fileParallelism: false, sequence: { groupOrder: 4 } },
      },
    ],
  },
});
