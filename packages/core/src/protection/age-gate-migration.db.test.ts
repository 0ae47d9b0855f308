import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@prizepacks/db";
import { applyMigrations, listMigrations } from "@prizepacks/db/migrate";
import { openTestDatabase } from "../testing/test-database.ts";

// Accounts from before the age gate: which count as confirmed, and what open_pack then reads.
const MIGRATION = "20261125000000_age_gate";

describe(`migration ${MIGRATION}`, () => {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(listMigrations().filter((migration) => migration.name < MIGRATION));
  });
  afterAll(() => database?.close());

  it("confirms accounts without a sign-in (admin CLI, demo seed) as the operator's; one with a password must confirm", async () => {
    const db = database!.prisma;
    // Raw SQL: the client already knows the columns this migration adds.
    for (const id of ["web-player", "cli-bot", "cli-with-password"]) {
      await db.$executeRawUnsafe(
        `INSERT INTO "user" (id, name, email, "emailVerified") VALUES ($1, $1, $1 || '@test.prizepacks.local', true)`,
        id,
      );
      await db.$executeRawUnsafe(`INSERT INTO wallet ("userId") VALUES ($1)`, id);
    }
    for (const id of ["web-player", "cli-with-password"]) {
      await db.$executeRawUnsafe(
        `INSERT INTO account (id, "accountId", "providerId", "userId", password, "updatedAt") VALUES ($1 || '-account', $1, 'credential', $1, 'hash', now())`,
        id,
      );
    }

    expect(await applyMigrations(database!.sql)).toContain(MIGRATION);

    const rows = await db.user.findMany({
      where: { id: { in: ["web-player", "cli-bot", "cli-with-password"] } },
      select: { id: true, ageConfirmedBy: true, dateOfBirth: true, wallet: { select: { ageUnconfirmed: true } } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((row) => [row.id, row.ageConfirmedBy, row.dateOfBirth, row.wallet?.ageUnconfirmed])).toEqual([
      ["cli-bot", "operator", null, false],
      ["cli-with-password", null, null, true],
      ["web-player", null, null, true],
    ]);
  });
});
