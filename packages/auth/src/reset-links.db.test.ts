import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@prizepacks/core";
import { openServices, type Services } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import type { Database } from "@prizepacks/db";

// The trigger of migration reset_links_end_with_password, on the rows better-auth writes:
// reset links are "verification" rows 'reset-password:<token>' whose value is the user's id.
let database: Database;
let services: Services;
beforeAll(async () => {
  database = await openTestDatabase();
  services = await openServices(database);
});
afterAll(async () => {
  await database?.close();
});

async function accountWithResetLinks(links: number) {
  const user = await createUser(services, {
    email: `links-${randomUUID().slice(0, 8)}@test.prizepacks.local`,
    password: "correct horse battery",
  });
  const expiresAt = new Date(Date.now() + 3_600_000);
  for (let i = 0; i < links; i++) {
    await database.prisma.verification.create({
      data: { id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: user.userId, expiresAt },
    });
  }
  return user.userId;
}

const resetLinksOf = (userId: string) =>
  database.prisma.verification.count({ where: { value: userId, identifier: { startsWith: "reset-password:" } } });

describe("a password change ends the account's reset links", () => {
  it("deletes every reset link of that account, and nothing else", async () => {
    const changing = await accountWithResetLinks(2);
    const other = await accountWithResetLinks(1);
    const unrelated = await database.prisma.verification.create({
      data: { id: randomUUID(), identifier: `something-else:${randomUUID()}`, value: changing, expiresAt: new Date(Date.now() + 60_000) },
    });

    await database.prisma.account.updateMany({ where: { userId: changing, providerId: "credential" }, data: { password: "a new hash" } });

    expect(await resetLinksOf(changing)).toBe(0);
    expect(await resetLinksOf(other)).toBe(1);
    expect(await database.prisma.verification.findUnique({ where: { id: unrelated.id } })).not.toBeNull();
  });

  it("leaves them when the password column is written with the same value or another column changes", async () => {
    const userId = await accountWithResetLinks(1);
    const account = await database.prisma.account.findFirstOrThrow({ where: { userId, providerId: "credential" } });
    await database.prisma.account.update({ where: { id: account.id }, data: { password: account.password, scope: "x" } });
    expect(await resetLinksOf(userId)).toBe(1);
  });
});
