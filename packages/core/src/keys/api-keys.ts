import { createHash, randomBytes } from "node:crypto";
import type { DbTx } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { recordAccountEvent } from "../events/account-events.ts";
import { announceChange } from "../runtime/change-feed.ts";
import type { Deps } from "../runtime/deps.ts";

export const API_KEY_PREFIX = "pp_live_";
const KEY_BODY_LENGTH = 40;
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** The seed's format: the fixed prefix, then at least 32 base62 characters. */
export const API_KEY_PATTERN = /^pp_live_[0-9A-Za-z]{32,128}$/;
/** lastUsedAt is written at most once a minute per key, so reads almost never pay a write. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function generateApiKey(): string {
  let body = "";
  while (body.length < KEY_BODY_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && body.length < KEY_BODY_LENGTH) body += BASE62[byte % 62];
    }
  }
  return API_KEY_PREFIX + body;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export interface CreatedApiKey {
  apiKeyId: string;
  /** The whole key: shown once, never stored. */
  apiKey: string;
  start: string;
  name: string;
  createdAt: Date;
}

export async function createApiKey(
  services: Deps,
  { userId, name }: { userId: string; name: string },
  options: { tx?: DbTx } = {},
): Promise<CreatedApiKey> {
  const db = options.tx ?? services.database.prisma;
  const apiKey = generateApiKey();
  const record = await db.apiKey.create({
    data: { userId, name, start: apiKey.slice(0, API_KEY_PREFIX.length + 4), hashedKey: hashApiKey(apiKey) },
  });
  return { apiKeyId: record.id, apiKey, start: record.start, name: record.name, createdAt: record.createdAt };
}

/** Revokes by the key itself or by its id (scoped to a user when given); the account gets a key.revoked event. */
export async function revokeApiKey(
  services: Deps,
  target: { apiKey: string } | { apiKeyId: string; userId?: string },
): Promise<{ revoked: true }> {
  const db = services.database.prisma;
  const { key } = await db.$transaction((tx) => revokeApiKeyInTransaction(tx, target));
  announceChange(services, { kind: "key", hashedKey: key.hashedKey });
  return { revoked: true };
}

/** revokeApiKey in the caller's transaction; `revokedNow` is false when it was revoked before. */
export async function revokeApiKeyInTransaction(tx: DbTx, target: { apiKey: string } | { apiKeyId: string; userId?: string }) {
  const where = "apiKey" in target ? { hashedKey: hashApiKey(target.apiKey) } : { id: target.apiKeyId, userId: target.userId };
  const found = await tx.apiKey.findFirst({ where });
  if (!found) throw new AppError("NOT_FOUND", "No such API key.");
  if (found.revokedAt) return { key: found, revokedNow: false };
  const revoked = await tx.apiKey.update({ where: { id: found.id }, data: { revokedAt: new Date() } });
  await recordAccountEvent(tx, revoked.userId, "key.revoked", {
    id: revoked.id,
    name: revoked.name,
    start: revoked.start,
    revokedAt: revoked.revokedAt!.toISOString(),
  });
  return { key: revoked, revokedNow: true };
}

/** A key with what decides whether it may act: its revocation and its account's standing. */
export type ApiKeyHolder = NonNullable<Awaited<ReturnType<typeof findApiKeyHolder>>>;

export async function findApiKeyHolder(db: DbTx, hashedKey: string) {
  return db.apiKey.findUnique({
    where: { hashedKey },
    select: {
      id: true,
      revokedAt: true,
      lastUsedAt: true,
      user: { select: { id: true, email: true, emailVerified: true, banned: true, banExpires: true, deletedAt: true } },
    },
  });
}

export interface ApiKeyPrincipal {
  apiKeyId: string;
  userId: string;
}

/** The hash of a presented key; 401 for one that is missing or not shaped like a key (no lookup needed). */
export function hashPresentedKey(presented: string | undefined): string {
  if (!presented) throw new AppError("UNAUTHORIZED", "Missing API key: send Authorization: Bearer <key> or X-Api-Key: <key>.");
  if (!API_KEY_PATTERN.test(presented)) throw new AppError("UNAUTHORIZED", "Malformed API key.");
  return hashApiKey(presented);
}

/** 401 for an unknown or revoked key, 403 for an account that may not act. */
export function principalOf(holder: ApiKeyHolder | null): ApiKeyPrincipal {
  if (!holder || holder.revokedAt) throw new AppError("UNAUTHORIZED", holder ? "This API key was revoked." : "Invalid API key.");
  assertAccountMayAct(holder.user);
  return { apiKeyId: holder.id, userId: holder.user.id };
}

/** Whether lastUsedAt is due a write: at most once a minute per key, so reads almost never pay one. */
export function lastUseIsStale(lastUsedAt: Date | null, now = Date.now()): boolean {
  return !lastUsedAt || now - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS;
}

export async function recordKeyUse(db: DbTx, apiKeyId: string): Promise<void> {
  const staleBefore = new Date(Date.now() - LAST_USED_RESOLUTION_MS);
  await db.apiKey.updateMany({
    where: { id: apiKeyId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: staleBefore } }] },
    data: { lastUsedAt: new Date() },
  });
}

/**
 * Resolves a presented key to its account, reading the database (the service reads through
 * PrincipalCache). 401 for a missing, malformed, unknown or revoked key; 403 for an account
 * that may not act.
 */
export async function authenticateApiKey(services: Deps, presented: string | undefined): Promise<ApiKeyPrincipal> {
  const db = services.database.prisma;
  const holder = await findApiKeyHolder(services.database.prisma, hashPresentedKey(presented));
  const principal = principalOf(holder);
  if (lastUseIsStale(holder!.lastUsedAt)) await recordKeyUse(db, holder!.id);
  return principal;
}

export interface AccountStanding {
  emailVerified: boolean;
  banned: boolean;
  banExpires: Date | null;
  deletedAt: Date | null;
}

/** The 403 rule, shared by API keys and (later) web sessions. */
export function assertAccountMayAct(user: AccountStanding): void {
  if (user.deletedAt) throw new AppError("FORBIDDEN", "This account was deleted.");
  if (user.banned && (!user.banExpires || user.banExpires.getTime() > Date.now())) {
    throw new AppError("FORBIDDEN", "This account is banned.");
  }
  if (!user.emailVerified) throw new AppError("FORBIDDEN", "Verify your e-mail address before using the service.");
}

export async function listApiKeys(services: Deps, userId: string) {
  const db = services.database.prisma;
  return db.apiKey.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, start: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}
