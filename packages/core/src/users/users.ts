import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Db } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { announceChange } from "../runtime/change-feed.ts";
import { ensureActiveSeedPair } from "../fairness/seed-pairs.ts";
import { createApiKey } from "../keys/api-keys.ts";
import type { Money } from "../money.ts";
import { creditWallet } from "../wallet/wallet.ts";

export interface CreateUserInput {
  email: string;
  name?: string;
  balance?: Money;
  password?: string;
  emailVerified?: boolean;
  apiKeyName?: string;
}

/**
 * What every account needs before it can play: an empty wallet and its first seed pair.
 * Idempotent, so sign-up hooks and retries may call it again.
 */
export async function provisionAccount(db: Db, userId: string): Promise<void> {
  await db.wallet.createMany({ data: [{ userId }], skipDuplicates: true });
  await ensureActiveSeedPair(db, userId);
}

/** A verified, active account with a wallet (credited through the ledger), a seed pair and one API key. */
export async function createUser(db: Db, input: CreateUserInput) {
  const email = input.email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email } })) throw new AppError("CONFLICT", `A user with e-mail ${email} exists.`);
  const userId = randomUUID();
  await db.$transaction(async (tx) => {
    await tx.user.create({
      data: { id: userId, email, name: input.name ?? email.split("@")[0] ?? email, emailVerified: input.emailVerified ?? true },
    });
    if (input.password) {
      // better-auth's credential account and password hash, so the user can sign in on the web.
      await tx.account.create({
        data: { id: randomUUID(), accountId: userId, providerId: "credential", userId, password: await hashPassword(input.password) },
      });
    }
  });
  await provisionAccount(db, userId);
  if (input.balance && !input.balance.isZero()) {
    await creditWallet(db, { userId, amount: input.balance, kind: "DEPOSIT", note: "initial balance" });
  }
  const key = await createApiKey(db, { userId, name: input.apiKeyName ?? "default" });
  return { userId, email, apiKey: key.apiKey, apiKeyId: key.apiKeyId };
}

export async function getUserByEmailOrThrow(db: Db, email: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError("NOT_FOUND", `No user with e-mail ${email}.`);
  return user;
}

export interface UserFlags {
  banned?: boolean;
  deleted?: boolean;
  emailVerified?: boolean;
}

export async function setUserFlags(db: Db, email: string, flags: UserFlags) {
  const user = await getUserByEmailOrThrow(db, email);
  const updated = await db.user.update({
    where: { id: user.id },
    data: {
      ...(flags.banned !== undefined && { banned: flags.banned, banExpires: null }),
      ...(flags.deleted !== undefined && { deletedAt: flags.deleted ? (user.deletedAt ?? new Date()) : null }),
      ...(flags.emailVerified !== undefined && { emailVerified: flags.emailVerified }),
    },
  });
  announceChange(db, { kind: "user", userId: updated.id });
  if (updated.banned || updated.deletedAt) {
    // Signed out everywhere: their sessions end now, not when the cookie expires.
    await db.session.deleteMany({ where: { userId: updated.id } });
  }
  return { userId: updated.id, email: updated.email, banned: updated.banned, deleted: updated.deletedAt !== null, emailVerified: updated.emailVerified };
}
