import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import type { Deps } from "../runtime/deps.ts";

/** Who did it: a signed-in admin, or the admin CLI (run by whoever holds the machine). */
export interface AdminActor {
  id: string | null;
  email: string;
}

export const CLI_ACTOR: AdminActor = { id: null, email: "cli" };

export const ADMIN_ACTIONS = [
  "pack.created",
  "pack.updated",
  "odds.published",
  "pack.activated",
  "pack.deactivated",
  "pack.archived",
  "pack.deleted",
  "item.photo_set",
  "item.photo_removed",
  "settings.rtp_range",
  "account.banned",
  "account.unbanned",
  "account.deleted",
  "account.restored",
  "account.verified",
  "account.unverified",
  "account.role",
  "account.role_requested",
  "account.excluded",
  "wallet.adjusted",
  "credit.requested",
  "credit.approved",
  "credit.rejected",
  "key.revoked",
  "withdrawal.approved",
  "withdrawal.rejected",
  "settings.withdrawal_auto_approve",
  "settings.change_requested",
  "settings.change_approved",
  "settings.change_rejected",
  "shipment.approved",
  "shipment.rejected",
  "shipment.shipped",
  "shipment.delivered",
  "shipment.returned",
  "shipment.cancelled",
  "shipping.zone_set",
  "shipping.zone_deleted",
  "age_refusal.cleared",
  "verification.requested",
  "verification.request_withdrawn",
  "settings.due_diligence_deposits",
  "harm.rule_set",
  "harm.time_zone_set",
  "harm.case_assigned",
  "harm.case_noted",
  "harm.case_contacted",
  "harm.case_limit_set",
  "harm.case_suspended",
  "harm.case_verification_required",
  "harm.case_closed",
  "settings.upgrade_edge",
  "settings.upgrade_cap",
  "settings.exchange_fee",
  "settings.game",
  "settings.reward_daily_budget",
  "settings.daily_case_min_wager",
  "rewards.settings",
  "rewards.level_set",
  "rewards.promo_created",
  "rewards.promo_disabled",
  "settings.commission_bps",
  "rewards.affiliate_settings",
  "rewards.creator_code_renamed",
  "rewards.creator_code_disabled",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export interface AdminLogInput {
  action: AdminAction;
  targetType:
    | "pack"
    | "account"
    | "api_key"
    | "settings"
    | "shipment"
    | "shipping_zone"
    | "age_refusal"
    | "harm_case"
    | "reward_level"
    | "promo_code"
    | "creator_code";
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/** Plain JSON (Decimal and Date as strings), or Prisma's null for "nothing". */
function json(value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull {
  if (value === undefined || value === null) return Prisma.DbNull;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v))) as Prisma.InputJsonValue;
}

/**
 * Writes one entry in the caller's transaction, so the log and the change commit together or
 * not at all. The table refuses UPDATE and DELETE (see the admin_console migration).
 */
export async function writeAdminLog(services: Deps, actor: AdminActor, entry: AdminLogInput, options: { tx?: DbTx } = {}): Promise<void> {
  const tx = options.tx ?? services.database.prisma;
  await tx.adminLog.create({
    data: {
      actorId: actor.id,
      actor: actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: json(entry.before),
      after: json(entry.after),
    },
  });
}
