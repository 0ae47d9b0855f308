import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { createAccountApiKey, listAccountApiKeys, MAX_ACTIVE_API_KEYS, revokeAccountApiKey } from "./account-api-keys.ts";
import { API_KEY_PATTERN, authenticateApiKey } from "./api-keys.ts";

const services = useTestServices();
const database = () => services().database;

describe("account API keys", () => {
  it("creates a working key shown once, lists it without the secret, and revokes it", async () => {
    const user = await createTestUser(services());
    const created = await createAccountApiKey(services(), { userId: user.userId, name: "  my bot  " });
    expect(created.name).toBe("my bot");
    expect(created.apiKey).toMatch(API_KEY_PATTERN);
    expect(created.apiKey.startsWith(created.start)).toBe(true);
    expect((await authenticateApiKey(services(), created.apiKey)).userId).toBe(user.userId);

    const listed = await listAccountApiKeys(services(), user.userId);
    expect(listed.map((k) => k.name)).toEqual(["my bot", "default"]);
    expect(JSON.stringify(listed)).not.toContain(created.apiKey);
    expect(listed[0]).toEqual({
      id: created.id,
      name: "my bot",
      start: created.start,
      createdAt: created.createdAt,
      lastUsedAt: expect.any(String),
      revokedAt: null,
    });

    expect(await revokeAccountApiKey(services(), { userId: user.userId, apiKeyId: created.id })).toEqual({ revoked: true });
    expect((await listAccountApiKeys(services(), user.userId))[0]!.revokedAt).toEqual(expect.any(String));
    await expectAppError(authenticateApiKey(services(), created.apiKey), "UNAUTHORIZED");
  });

  it("does not let one account revoke another's key", async () => {
    const owner = await createTestUser(services());
    const other = await createTestUser(services());
    await expectAppError(revokeAccountApiKey(services(), { userId: other.userId, apiKeyId: owner.apiKeyId }), "NOT_FOUND");
    await expectAppError(revokeAccountApiKey(services(), { userId: other.userId, apiKeyId: "no-such-key" }), "NOT_FOUND");
    expect((await authenticateApiKey(services(), owner.apiKey)).userId).toBe(owner.userId);
  });

  it("allows at most 10 active keys, also under parallel creates; revoking frees a slot", async () => {
    const db = database().prisma;
    const user = await createTestUser(services()); // holds its "default" key
    const outcomes = await Promise.allSettled(
      Array.from({ length: 14 }, (_, i) => createAccountApiKey(services(), { userId: user.userId, name: `bot ${i}` })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(MAX_ACTIVE_API_KEYS - 1);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as AppError).code).toBe("CONFLICT");
    expect(await db.apiKey.count({ where: { userId: user.userId, revokedAt: null } })).toBe(MAX_ACTIVE_API_KEYS);

    await revokeAccountApiKey(services(), { userId: user.userId, apiKeyId: user.apiKeyId });
    await createAccountApiKey(services(), { userId: user.userId, name: "replacement" });
    await expectAppError(createAccountApiKey(services(), { userId: user.userId, name: "one too many" }), "CONFLICT");
  });

  it("refuses an empty or too long name", async () => {
    const user = await createTestUser(services());
    await expectAppError(createAccountApiKey(services(), { userId: user.userId, name: "   " }), "BAD_REQUEST");
    await expectAppError(createAccountApiKey(services(), { userId: user.userId, name: "x".repeat(65) }), "BAD_REQUEST");
  });
});
