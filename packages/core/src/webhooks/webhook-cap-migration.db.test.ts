import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@prizepacks/db";
import { openDatabase } from "@prizepacks/db/client";
import { applyMigrations, listMigrations } from "@prizepacks/db/migrate";
import { createTestDatabase } from "../testing/test-database.ts";

// The migration that enforces the cap on data written while only creation checked it.
const MIGRATION = "20261124081156_webhook_fairness";

describe(`migration ${MIGRATION}`, () => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      const created = await createTestDatabase();
      drop = created.drop;
      database = await openDatabase({ url: created.url });
    } else {
      database = await openDatabase({ pgliteDataDir: "memory://" });
    }
    await applyMigrations(
      database.sql,
      listMigrations().filter((m) => m.name < MIGRATION),
    );
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it("keeps an account's 5 oldest enabled endpoints and disables the rest with a reason; leaves others alone", async () => {
    // Accounts by SQL: the Prisma client knows columns that later migrations add.
    const account = async (id: string) => {
      await database.sql.query(`INSERT INTO "user" (id, name, email) VALUES ($1, $1, $1 || '@example.com')`, [id]);
      return { userId: id };
    };
    const over = await account("cap-over");
    const within = await account("cap-within");
    const insert = (userId: string, id: string, minutesAgo: number, enabled = true) =>
      database.sql.query(
        `INSERT INTO webhook_endpoint (id, "userId", url, secret, "eventTypes", enabled, "createdAt") VALUES ($1, $2, 'https://hooks.example.com/', 'whsec_test', ARRAY['open.completed'], $3, now() - make_interval(mins => $4::int))`,
        [id, userId, enabled, minutesAgo],
      );
    // Nine enabled (disable, create more, re-enable) and one disabled by its owner.
    for (let i = 0; i < 9; i++) await insert(over.userId, `over-${i}`, 100 - i);
    await insert(over.userId, "over-off", 200, false);
    for (let i = 0; i < 5; i++) await insert(within.userId, `within-${i}`, 100 - i);

    expect(await applyMigrations(database.sql)).toContain(MIGRATION);
    const rows = await database.sql.query<{ id: string; enabled: boolean; disabledReason: string | null }>(
      `SELECT id, enabled, "disabledReason" FROM webhook_endpoint ORDER BY id`,
    );
    const state = Object.fromEntries(
      rows.map((r) => [r.id, r.enabled ? "enabled" : r.disabledReason ? "disabled by the server" : "disabled"]),
    );
    expect(state).toEqual({
      ...Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`over-${i}`, "enabled"])),
      ...Object.fromEntries([5, 6, 7, 8].map((i) => [`over-${i}`, "disabled by the server"])),
      "over-off": "disabled",
      ...Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`within-${i}`, "enabled"])),
    });
    expect(rows.find((r) => r.id === "over-8")!.disabledReason).toMatch(/at most 5 enabled webhook endpoints/);
  });
});
