import { randomUUID } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import type { Db } from "@prizepacks/db";
import { AppError } from "../errors.ts";
import { CLI_ACTOR, type AdminActor } from "../admin-log/admin-log.ts";
import { setAccountRole, setAccountStanding, type Role } from "./account-admin.ts";
import { ensureActiveSeedPair } from "../fairness/seed-pairs.ts";
import { createApiKey } from "../keys/api-keys.ts";
import type { Money } from "../money.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { operatorAgeConfirmation } from "../protection/age.ts";
import type { Deps } from "../runtime/deps.ts";

export interface CreateUserInput {
  email: string;
  name?: string;
  balance?: Money;
  password?: string;
  emailVerified?: boolean;
  apiKeyName?: string;
  /**
   * The operator vouches for the account's age (the admin CLI, the demo seed, test fixtures):
   * on by default. Off, the account cannot open a pack until its player confirms a date of
   * birth in the web app.
   */
  ageConfirmation?: boolean;
}

/**
 * What every account needs before it can play: an empty wallet and its first seed pair.
 * Idempotent, so sign-up hooks and retries may call it again.
 */
export async function provisionAccount(services: Deps, userId: string): Promise<void> {
  const db = services.database.prisma;
  await db.wallet.createMany({ data: [{ userId }], skipDuplicates: true });
  await ensureActiveSeedPair(services, userId);
}

/** A verified, active account with a wallet (credited through the ledger), a seed pair and one API key. */
export async function createUser(services: Deps, input: CreateUserInput) {
  const db = services.database.prisma;
  const email = input.email.trim().toLowerCase();
  if (await db.user.findUnique({ where: { email } })) throw new AppError("CONFLICT", `A user with e-mail ${email} exists.`);
  const userId = randomUUID();
  await db.$transaction(async (tx) => {
    await tx.user.create({
      data: {
        id: userId,
        email,
        name: input.name ?? email.split("@")[0] ?? email,
        emailVerified: input.emailVerified ?? true,
        ...(input.ageConfirmation === false ? {} : operatorAgeConfirmation()),
      },
    });
    if (input.password) {
      // better-auth's credential account and password hash, so the user can sign in on the web.
      await tx.account.create({
        data: { id: randomUUID(), accountId: userId, providerId: "credential", userId, password: await hashPassword(input.password) },
      });
    }
  });
  await provisionAccount(services, userId);
  if (input.balance && !input.balance.isZero()) {
    await creditWallet(services, { userId, amount: input.balance, kind: "ADJUSTMENT", note: "initial balance" });
  }
  const key = await createApiKey(services, { userId, name: input.apiKeyName ?? "default" });
  return { userId, email, apiKey: key.apiKey, apiKeyId: key.apiKeyId };
}

/** Whether the password is the account's web sign-in password (better-auth's credential hash). */
export async function verifyAccountPassword(db: Db, userId: string, password: string): Promise<boolean> {
  const account = await db.account.findFirst({ where: { userId, providerId: "credential" }, select: { password: true } });
  if (!account?.password) return false;
  return verifyPassword({ hash: account.password, password });
}

export async function getUserByEmailOrThrow(services: Deps, email: string) {
  const db = services.database.prisma;
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new AppError("NOT_FOUND", `No user with e-mail ${email}.`);
  return user;
}

export interface UserFlags {
  banned?: boolean;
  deleted?: boolean;
  emailVerified?: boolean;
  role?: Role;
  reason?: string;
}

/** The admin CLI's user:set: each change through the console's own functions, logged as the CLI. */
export async function setUserFlags(services: Deps, email: string, flags: UserFlags, actor: AdminActor = CLI_ACTOR) {
  const db = services.database.prisma;
  const user = await getUserByEmailOrThrow(services, email);
  const reason = flags.reason ?? "set with the admin CLI";
  if (flags.banned !== undefined)
    await setAccountStanding(services, actor, { userId: user.id, action: flags.banned ? "ban" : "unban", reason });
  if (flags.deleted !== undefined)
    await setAccountStanding(services, actor, { userId: user.id, action: flags.deleted ? "delete" : "restore", reason });
  if (flags.emailVerified !== undefined)
    await setAccountStanding(services, actor, { userId: user.id, action: flags.emailVerified ? "verify" : "unverify" });
  if (flags.role !== undefined) await setAccountRole(services, actor, { userId: user.id, role: flags.role });
  const updated = await db.user.findUniqueOrThrow({ where: { id: user.id } });
  return {
    userId: updated.id,
    email: updated.email,
    banned: updated.banned,
    deleted: updated.deletedAt !== null,
    emailVerified: updated.emailVerified,
    role: updated.role ?? "player",
  };
}
