import type { ApiKeyModel } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import type { ApiKeySummary, NewApiKey } from "../contract/keys.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.ts";
import type { Deps } from "../runtime/deps.ts";

/** Active (unrevoked) keys an account may hold; revoke one to make another. */
export const MAX_ACTIVE_API_KEYS = 10;

/** The account's keys, newest first, revoked ones included; never the keys themselves. */
export async function listAccountApiKeys(services: Deps, userId: string): Promise<ApiKeySummary[]> {
  const keys = await listApiKeys(services, userId);
  return keys.map(apiKeySummary);
}

/** What an account's key looks like to its owner and to an operator: never the key itself. */
export function apiKeySummary(key: Pick<ApiKeyModel, "id" | "name" | "start" | "createdAt" | "lastUsedAt" | "revokedAt">): ApiKeySummary {
  return {
    id: key.id,
    name: key.name,
    start: key.start,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** Creates a key for the account, refusing an eleventh active one (409). */
export async function createAccountApiKey(services: Deps, { userId, name }: { userId: string; name: string }): Promise<NewApiKey> {
  const db = services.database.prisma;
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 64) throw new AppError("BAD_REQUEST", "The key name must be 1 to 64 characters.");
  return db.$transaction(async (tx) => {
    // The account row's lock makes count-then-create atomic: parallel creates queue here, so
    // they cannot all see nine keys and each add one. NO KEY UPDATE leaves inserts that
    // reference the user (their foreign-key checks) unblocked.
    const [user] = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM "user" WHERE id = ${userId} FOR NO KEY UPDATE`;
    if (!user) throw new AppError("NOT_FOUND", "Account not found.");
    const active = await tx.apiKey.count({ where: { userId, revokedAt: null } });
    if (active >= MAX_ACTIVE_API_KEYS) {
      throw new AppError("CONFLICT", `An account can hold at most ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first.`);
    }
    const created = await createApiKey(services, { userId, name: trimmed }, { tx });
    return {
      id: created.apiKeyId,
      name: created.name,
      start: created.start,
      apiKey: created.apiKey,
      createdAt: created.createdAt.toISOString(),
    };
  });
}

/** Revokes one of the account's keys by id; another account's key is reported as missing (404). */
export function revokeAccountApiKey(
  services: Deps,
  { userId, apiKeyId }: { userId: string; apiKeyId: string },
): Promise<{ revoked: true }> {
  return revokeApiKey(services, { apiKeyId, userId });
}
