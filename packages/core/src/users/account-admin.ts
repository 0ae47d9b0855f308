import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { assertTypedConfirmation, RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError } from "../errors.ts";
import { apiKeySummary } from "../keys/account-api-keys.ts";
import { revokeApiKeyInTransaction } from "../keys/api-keys.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { announceChange } from "../runtime/change-feed.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import { ageConfirmationView } from "../protection/age.ts";
import { applyAdjustment, type AdjustmentResult } from "./apply-adjustment.ts";
import { assertNotOwnAccount, creditApprovalAbove, creditNeedsSecondAdmin, requestCreditApproval } from "./pending-credits.ts";
import type { Deps } from "../runtime/deps.ts";
import { pendingChangesExpireBefore, ROLE_GRANT, supersedePendingChanges } from "../settings/pending-changes.ts";

// What an operator does to accounts. Each change and its admin log entry commit together.
// Each function's input schema sits above it: the console's procedure declares it as its input,
// and the functions that check their input (the CLI calls them too) parse with the same one.

export const ROLES = ["admin", "player"] as const;
export type Role = (typeof ROLES)[number];

export const isAdminRole = (role: string | null | undefined) => role === "admin";

export type AccountRow = {
  id: string;
  email: string;
  name: string;
  role: string;
  standing: "ok" | "banned" | "deleted" | "unverified";
  createdAt: string;
};

type StandingFields = { banned: boolean; banExpires: Date | null; deletedAt: Date | null; emailVerified: boolean };
function standingOf(user: StandingFields): AccountRow["standing"] {
  if (user.deletedAt) return "deleted";
  if (user.banned && (!user.banExpires || user.banExpires.getTime() > Date.now())) return "banned";
  if (!user.emailVerified) return "unverified";
  return "ok";
}

function toRow(user: { id: string; email: string; name: string; role: string | null; createdAt: Date } & StandingFields): AccountRow {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role ?? "player",
    standing: standingOf(user),
    createdAt: user.createdAt.toISOString(),
  };
}

export const AccountSearchSchema = z.object({ query: StorableText.max(320).default("") });

/** By exact id, or by e-mail containing the query (case-insensitive); at most 50, newest first. */
export async function searchAccounts(services: Deps, query: string): Promise<AccountRow[]> {
  const db = services.database.prisma;
  const q = query.trim();
  if (!q) {
    return (await db.user.findMany({ orderBy: { createdAt: "desc" }, take: 50 })).map(toRow);
  }
  const users = await db.user.findMany({
    where: { OR: [{ id: q }, { email: { contains: q.toLowerCase(), mode: "insensitive" } }] },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  return users.map(toRow);
}

async function userOrThrow(db: DbTx, userId: string) {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new AppError("NOT_FOUND", `No account ${userId}.`);
  return user;
}

export const AccountRefSchema = z.object({ userId: IdSchema });

export async function getAccountForAdmin(services: Deps, userId: string) {
  const db = services.database.prisma;
  const user = await userOrThrow(db, userId);
  const [wallet, ledger, spins, held, heldAgg, keys] = await Promise.all([
    db.wallet.findUnique({ where: { userId } }),
    db.ledgerEntry.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 50 }),
    db.spin.findMany({
      where: { userId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 50,
      include: {
        pack: { select: { slug: true, name: true } },
        item: { select: { name: true, value: true } },
        oddsVersion: { select: { version: true } },
      },
    }),
    db.inventoryItem.findMany({
      where: { userId, status: "HELD" },
      orderBy: { createdAt: "desc" },
      take: 50,
      include: { item: { select: { name: true, rarity: true } } },
    }),
    db.inventoryItem.aggregate({ where: { userId, status: "HELD" }, _count: true, _sum: { value: true } }),
    db.apiKey.findMany({ where: { userId }, orderBy: { createdAt: "desc" } }),
  ]);
  return {
    account: {
      ...toRow(user),
      emailVerified: user.emailVerified,
      banned: user.banned,
      banReason: user.banReason,
      deletedAt: user.deletedAt?.toISOString() ?? null,
      age: ageConfirmationView(user),
    },
    balance: formatMoney(wallet?.balance ?? 0),
    // The console's confirmation says when a credit alone is past it (it then waits for a second admin).
    creditApprovalAbove: formatMoney(creditApprovalAbove()),
    ledger: ledger.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amount: formatMoney(entry.amount),
      balanceAfter: formatMoney(entry.balanceAfter),
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
    openings: spins.map((spin) => ({
      id: spin.id,
      pack: spin.pack.name,
      packSlug: spin.pack.slug,
      item: spin.item.name,
      value: formatMoney(spin.item.value),
      price: formatMoney(spin.price),
      oddsVersion: spin.oddsVersion.version,
      createdAt: spin.createdAt.toISOString(),
    })),
    inventory: {
      heldCount: heldAgg._count,
      heldValue: formatMoney(heldAgg._sum.value ?? 0),
      items: held.map((item) => ({
        id: item.id,
        name: item.item.name,
        rarity: item.item.rarity,
        value: formatMoney(item.value),
        createdAt: item.createdAt.toISOString(),
      })),
    },
    keys: keys.map(apiKeySummary),
  };
}
export type AdminAccountDetail = Awaited<ReturnType<typeof getAccountForAdmin>>;

export const STANDING_ACTIONS = ["ban", "unban", "delete", "restore", "verify", "unverify"] as const;
export type StandingAction = (typeof STANDING_ACTIONS)[number];

const REASON_MESSAGE = "a reason of at least 3 characters is required";
const Reason = StorableText.trim().min(3, REASON_MESSAGE).max(500);
const needsReason = (action: StandingAction) => action === "ban" || action === "delete" || action === "unban";
/** The actions that take an account away from its owner: the console asks for the e-mail typed back. */
export const needsTypedConfirmation = (action: StandingAction) => action === "ban" || action === "delete";

/** A console submission's key (required from a signed-in admin, see runAdminMutation). */
const requestKey = RequestKeySchema.optional();
/** The account's e-mail typed back, for bans, deletions and role changes in the console. */
const confirmation = StorableText.trim().max(320).optional();

export const StandingChangeSchema = z
  .object({
    userId: IdSchema,
    action: z.enum(STANDING_ACTIONS),
    reason: StorableText.trim().max(500).optional(),
    confirmation,
    requestKey,
  })
  .refine(({ action, reason }) => !needsReason(action) || Reason.safeParse(reason ?? "").success, {
    path: ["reason"],
    message: REASON_MESSAGE,
  });
export type StandingChange = z.input<typeof StandingChangeSchema>;

/**
 * Bans, unbans, deletes (softly: the ledger and spins stay), restores, verifies or unverifies an
 * account. Bans, unbans and deletions need a reason; bans and deletions end the account's
 * sessions at once, and from the console need the account's e-mail typed back.
 */
export async function setAccountStanding(services: Deps, actor: AdminActor, input: StandingChange) {
  const db = services.database.prisma;
  const { userId, action, reason, confirmation: typed, requestKey } = parseInputOrThrow(StandingChangeSchema, input);
  const why = reason || undefined; // trimmed; a ban, unban or deletion has one
  const logAction = (
    {
      ban: "account.banned",
      unban: "account.unbanned",
      delete: "account.deleted",
      restore: "account.restored",
      verify: "account.verified",
      unverify: "account.unverified",
    } as const
  )[action];
  return runAdminMutation(
    db,
    actor,
    { requestKey, action: logAction, request: { userId, action, reason: why ?? null } },
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`;
      const user = await userOrThrow(tx, userId);
      if (actor.id === userId && (action === "ban" || action === "delete"))
        throw new AppError("BAD_REQUEST", "An admin cannot ban or delete their own account.");
      if (needsTypedConfirmation(action)) assertTypedConfirmation(actor, user.email, typed, `${action} it`);
      const data: Prisma.UserUpdateInput = {
        ban: { banned: true, banReason: why ?? null, banExpires: null },
        unban: { banned: false, banReason: null, banExpires: null },
        delete: { deletedAt: user.deletedAt ?? new Date() },
        restore: { deletedAt: null },
        verify: { emailVerified: true },
        unverify: { emailVerified: false },
      }[action];
      const before = { banned: user.banned, banReason: user.banReason, deletedAt: user.deletedAt, emailVerified: user.emailVerified };
      const updated = await tx.user.update({ where: { id: userId }, data });
      const after = {
        banned: updated.banned,
        banReason: updated.banReason,
        deletedAt: updated.deletedAt,
        emailVerified: updated.emailVerified,
      };
      await writeAdminLog(
        services,
        actor,
        {
          action: logAction,
          targetType: "account",
          targetId: userId,
          before,
          after: { ...after, ...(why && { reason: why }) },
        },
        { tx },
      );
      if (action === "ban" || action === "delete") await tx.session.deleteMany({ where: { userId } }); // signed out everywhere, now
      return { ...toRow(updated) };
    },
    () => announceChange(services, { kind: "user", userId }),
  );
}

export const RoleChangeSchema = z.object({ userId: IdSchema, role: z.enum(ROLES), confirmation, requestKey });

export type RoleChangeResult = AccountRow & ({ status: "applied" } | { status: "pending"; pendingChangeId: string });

/**
 * Makes an account an admin or a player again; from the console, with the e-mail typed back.
 * An admin is a second pair of eyes on every other admin's money (pending credits, setting
 * raises, withdrawals), so no console admin makes one alone: a grant waits in
 * pending_setting_change for another admin (decide-setting-change.ts), or an admin could promote
 * an account of their own and approve their own credits with it. Removing the role only takes
 * power away, so it applies at once; but no admin changes their own role (demoting oneself
 * would let one's own withdrawals approve automatically). The CLI (the operator at the machine)
 * applies either at once, logged.
 */
export async function setAccountRole(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof RoleChangeSchema>,
): Promise<RoleChangeResult> {
  const db = services.database.prisma;
  const { userId, role, confirmation: typed, requestKey } = parseInputOrThrow(RoleChangeSchema, input);
  if (actor.id !== null && actor.id === userId)
    throw new AppError("FORBIDDEN", "An admin cannot change their own role: another admin does.");
  return runAdminMutation<RoleChangeResult>(
    db,
    actor,
    { requestKey, action: "account.role", request: { userId, role } },
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`;
      const user = await userOrThrow(tx, userId);
      const stored = role === "admin" ? "admin" : null;
      if ((user.role ?? null) === stored) return { ...toRow(user), status: "applied" };
      assertTypedConfirmation(actor, user.email, typed, role === "admin" ? "make it an admin" : "remove its admin role");
      if (role === "admin" && actor.id) {
        const pending = await tx.pendingSettingChange.create({
          data: { setting: ROLE_GRANT, targetId: userId, requestedById: actor.id, requestedBy: actor.email },
        });
        await writeAdminLog(
          services,
          actor,
          {
            action: "account.role_requested",
            targetType: "account",
            targetId: userId,
            before: { role: user.role ?? "player" },
            after: { pendingChangeId: pending.id, role },
          },
          { tx },
        );
        return { ...toRow(user), status: "pending", pendingChangeId: pending.id };
      }
      const updated = await tx.user.update({ where: { id: userId }, data: { role: stored } });
      await supersedePendingChanges(tx, { setting: ROLE_GRANT, targetId: userId });
      await writeAdminLog(
        services,
        actor,
        {
          action: "account.role",
          targetType: "account",
          targetId: userId,
          before: { role: user.role ?? "player" },
          after: { role },
        },
        { tx },
      );
      return { ...toRow(updated), status: "applied" };
    },
    () => announceChange(services, { kind: "user", userId }),
  );
}

/**
 * Applies a grant of the admin role that a second admin approved (decide-setting-change.ts), in
 * its transaction: the account must still exist and not be an admin already.
 */
export async function applyRoleGrant(
  services: Deps,
  tx: DbTx,
  actor: AdminActor,
  { userId, requestedBy, pendingChangeId }: { userId: string; requestedBy: string; pendingChangeId: string },
): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`;
  const user = await userOrThrow(tx, userId);
  if (isAdminRole(user.role)) throw new AppError("CONFLICT", "This account is an admin already.");
  if (user.deletedAt) throw new AppError("CONFLICT", "This account was deleted since: it cannot be made an admin.");
  await tx.user.update({ where: { id: userId }, data: { role: "admin" } });
  await supersedePendingChanges(tx, { setting: ROLE_GRANT, targetId: userId, exceptId: pendingChangeId });
  await writeAdminLog(
    services,
    actor,
    { action: "account.role", targetType: "account", targetId: userId, before: { role: "player" }, after: { role: "admin", requestedBy } },
    { tx },
  );
}

export interface PendingRoleGrantRow {
  id: string;
  userId: string;
  email: string;
  requestedBy: string;
  requestedById: string;
  createdAt: string;
}

/** The grants of the admin role waiting for a second admin and not expired, oldest first. */
export async function listPendingRoleGrants(services: Deps): Promise<PendingRoleGrantRow[]> {
  const db = services.database.prisma;
  const rows = await db.pendingSettingChange.findMany({
    where: { status: "pending", setting: ROLE_GRANT, createdAt: { gt: pendingChangesExpireBefore() } },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  const users = await db.user.findMany({ where: { id: { in: rows.map((row) => row.targetId!) } }, select: { id: true, email: true } });
  const emails = new Map(users.map((user) => [user.id, user.email]));
  return rows.map((row) => ({
    id: row.id,
    userId: row.targetId!,
    email: emails.get(row.targetId!) ?? "(deleted)",
    requestedBy: row.requestedBy,
    requestedById: row.requestedById,
    createdAt: row.createdAt.toISOString(),
  }));
}

export const KeyRevocationSchema = z.object({ apiKeyId: IdSchema, requestKey });

export async function revokeAccountKeyAsAdmin(services: Deps, actor: AdminActor, input: z.input<typeof KeyRevocationSchema>) {
  const db = services.database.prisma;
  const { apiKeyId, requestKey } = parseInputOrThrow(KeyRevocationSchema, input);
  let hashedKey: string | undefined;
  return runAdminMutation(
    db,
    actor,
    { requestKey, action: "key.revoked", request: { apiKeyId } },
    async (tx) => {
      const { key, revokedNow } = await revokeApiKeyInTransaction(tx, { apiKeyId });
      if (revokedNow) {
        await writeAdminLog(
          services,
          actor,
          {
            action: "key.revoked",
            targetType: "api_key",
            targetId: key.id,
            before: { revokedAt: null },
            after: { userId: key.userId, start: key.start, revokedAt: key.revokedAt },
          },
          { tx },
        );
      }
      hashedKey = key.hashedKey;
      return { apiKeyId: key.id, revokedAt: key.revokedAt!.toISOString() };
    },
    () => {
      if (hashedKey) announceChange(services, { kind: "key", hashedKey });
    },
  );
}

export const AdjustmentSchema = z.object({
  userId: IdSchema,
  direction: z.enum(["credit", "debit"]),
  /** Checked by parseMoney below: more than 0.00, at most two decimals. */
  amount: StorableText.trim().max(20),
  reason: Reason,
  requestKey,
});
export type AdjustmentInput = z.input<typeof AdjustmentSchema>;

/**
 * Credits or debits a wallet by hand: one ADJUSTMENT ledger entry carrying the reason, a
 * wallet.changed event and an admin log entry, in one transaction. A debit is conditional on
 * the balance covering it (and the wallet's CHECK backs that): it never goes below zero. No
 * console admin adjusts their own account, and a console credit that creditNeedsSecondAdmin
 * holds back is not applied: it waits for a second admin (pending-credits.ts). From the
 * console, one submission (requestKey) applies once.
 */
export async function adjustBalance(services: Deps, actor: AdminActor, input: AdjustmentInput): Promise<AdjustmentResult> {
  const db = services.database.prisma;
  const { userId, direction, reason, amount: amountText, requestKey } = parseInputOrThrow(AdjustmentSchema, input);
  let amount: Prisma.Decimal;
  try {
    amount = parseMoney(amountText);
  } catch (error) {
    throw new AppError("BAD_REQUEST", `amount: ${(error as Error).message}`);
  }
  if (amount.isZero()) throw new AppError("BAD_REQUEST", "amount: must be more than $0.00");
  assertNotOwnAccount(actor, userId);
  // One action for both outcomes: whether it waits depends on the admin's earlier credits, so a
  // repeated submission must find its first answer (applied or pending) under the same name.
  const request = { userId, direction, amount: formatMoney(amount), reason };
  return runAdminMutation<AdjustmentResult>(db, actor, { requestKey, action: "wallet.adjusted", request }, async (tx) => {
    const waits = direction === "credit" ? await creditNeedsSecondAdmin(tx, actor, { userId, amount }) : null;
    return waits
      ? requestCreditApproval(services, tx, actor, { userId, amount, reason, ...waits })
      : applyAdjustment(services, tx, actor, { userId, signed: direction === "credit" ? amount : amount.negated(), reason });
  });
}
