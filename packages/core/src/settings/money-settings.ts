import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { writeAdminLog, type AdminAction, type AdminActor } from "../admin-log/write-admin-log.ts";
import { GAME_SETTINGS } from "../contract/upgrades.ts";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import type { Deps } from "../runtime/deps.ts";
import { pendingChangesExpireBefore, ROLE_GRANT, supersedePendingChanges } from "./pending-changes.ts";

export interface MoneySetting {
  /** What the console calls it. */
  label: string;
  /** The admin log's action when a change takes effect. */
  logAction: AdminAction;
  /** The value in force; with `forUpdate`, its row locked for the rest of the transaction (changes to it queue). */
  read(db: DbTx, options?: { forUpdate?: boolean }): Promise<Prisma.Decimal>;
  write(tx: DbTx, value: Prisma.Decimal): Promise<void>;
  /**
   * Whether going from `before` to `after` loosens the control (lets more money move without an
   * admin's look): such a change from the console waits for a second admin. Each setting says
   * which way is looser; none is assumed.
   */
  loosens(before: Prisma.Decimal, after: Prisma.Decimal): boolean;
}

/**
 * Every money setting an admin can change, in one list. Each is an amount below or above which
 * money moves without an admin's look, and says which change loosens it (`loosens`): a loosening
 * from the console waits for a second admin (pending_setting_change), a tightening applies at
 * once, and the CLI (the operator at the machine) applies either at once, logged.
 *
 * Not in the list, on purpose: ADMIN_CREDIT_APPROVAL_ABOVE and ADMIN_CREDIT_DAILY_APPROVAL_ABOVE
 * (service-env.ts), WITHDRAWAL_MIN and WITHDRAWAL_DAILY_MAX (withdrawal-env.ts) are the
 * operator's environment, which no console admin can change; the publishable RTP range
 * (catalog-settings.ts) is a rule on packs, capped at 100% by its CHECK. A money setting the
 * console gains later is added here and gets the rule with it.
 *
 * Shipping-zone fees (shipping/fulfilment.ts: setShippingZoneAsAdmin) are out too, decided: they
 * are a price, not a control on money leaving without a look. Lowering one moves money from the
 * house to every player shipping to that zone, not to the admin: an admin's own gain is at most
 * the fees of their own shipments, and every zone change is in the admin log with its before and
 * after. Four eyes here guard money an admin can steer to an account (credits, withdrawals,
 * roles); a fee is not that.
 */
/** verification_refusal.sql's threshold while compliance_settings has no row. */
export const DUE_DILIGENCE_DEPOSITS_DEFAULT = "2000.00";

export { GAME_SETTINGS };
export type GameSettingColumn = keyof typeof GAME_SETTINGS;
export type GameSettings = Record<GameSettingColumn, number>;

/** The game settings in force, in one read. */
export async function readGameSettings(db: DbTx): Promise<GameSettings> {
  const [row] = await db.$queryRaw<GameSettings[]>`
    SELECT "upgradeEdgeBps", "upgradeCapTickets", "exchangeFeeBps" FROM game_settings WHERE id = 1`;
  return (
    row ?? {
      upgradeEdgeBps: GAME_SETTINGS.upgradeEdgeBps.default,
      upgradeCapTickets: GAME_SETTINGS.upgradeCapTickets.default,
      exchangeFeeBps: GAME_SETTINGS.exchangeFeeBps.default,
    }
  );
}

async function readGameSetting(db: DbTx, column: GameSettingColumn, { forUpdate = false } = {}): Promise<Prisma.Decimal> {
  const [row] = await db.$queryRaw<Array<{ value: number }>>`
    SELECT ${Prisma.raw(`"${column}"`)} AS value FROM game_settings WHERE id = 1 ${forUpdate ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  return new Prisma.Decimal(row?.value ?? GAME_SETTINGS[column].default);
}

async function writeGameSetting(tx: DbTx, column: GameSettingColumn, value: Prisma.Decimal): Promise<void> {
  await tx.gameSettings.upsert({ where: { id: 1 }, create: { id: 1, [column]: value.toNumber() }, update: { [column]: value.toNumber() } });
}

export const MONEY_SETTINGS = {
  withdrawal_auto_approve_below: {
    label: "Automatic withdrawal approval below",
    logAction: "settings.withdrawal_auto_approve",
    // Withdrawals below it leave without an admin: a higher amount lets more leave.
    loosens: (before, after) => after.greaterThan(before),
    async read(db, { forUpdate = false } = {}) {
      const [row] = await db.$queryRaw<Array<{ value: Prisma.Decimal }>>`
        SELECT "autoApproveBelow" AS value FROM withdrawal_settings WHERE id = 1 ${forUpdate ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
      return new Prisma.Decimal(row?.value ?? 0);
    },
    async write(tx, value) {
      await tx.withdrawalSettings.upsert({
        where: { id: 1 },
        create: { id: 1, autoApproveBelow: value },
        update: { autoApproveBelow: value },
      });
    },
  },
  due_diligence_deposits: {
    label: "Identity check once 30-day deposits pass",
    logAction: "settings.due_diligence_deposits",
    // Deposits up to it need no identity check: a higher amount lets more arrive unchecked.
    loosens: (before, after) => after.greaterThan(before),
    async read(db, { forUpdate = false } = {}) {
      const [row] = await db.$queryRaw<Array<{ value: Prisma.Decimal }>>`
        SELECT "dueDiligenceDeposits" AS value FROM compliance_settings WHERE id = 1 ${forUpdate ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
      // The default of verification_refusal.sql while no operator has set it.
      return new Prisma.Decimal(row?.value ?? DUE_DILIGENCE_DEPOSITS_DEFAULT);
    },
    async write(tx, value) {
      await tx.complianceSettings.upsert({
        where: { id: 1 },
        create: { id: 1, dueDiligenceDeposits: value },
        update: { dueDiligenceDeposits: value },
      });
    },
  },
  // The upgrader's and the exchange's (#38), in game_settings. Each is a rule on what players get
  // back, so its direction is money's: what lets more leave the house waits for a second admin.
  upgrade_edge_bps: {
    label: "Upgrader house edge (basis points)",
    logAction: "settings.upgrade_edge",
    // Lowering the edge raises every chance: more of each stake comes back to players (money
    // leaves the house). Raising it takes more from players than they were shown before: the
    // issue asks for a second admin there too ("raising the edge needs a second admin"), so
    // every change of the edge waits for one.
    loosens: (before, after) => !after.equals(before),
    read: (db, options) => readGameSetting(db, "upgradeEdgeBps", options),
    write: (tx, value) => writeGameSetting(tx, "upgradeEdgeBps", value),
  },
  upgrade_cap_tickets: {
    label: "Upgrader highest chance (tickets of 100000)",
    logAction: "settings.upgrade_cap",
    // A higher cap lets near-even upgrades win more often: more value leaves the house.
    loosens: (before, after) => after.greaterThan(before),
    read: (db, options) => readGameSetting(db, "upgradeCapTickets", options),
    write: (tx, value) => writeGameSetting(tx, "upgradeCapTickets", value),
  },
  exchange_fee_bps: {
    label: "Exchange fee (basis points)",
    logAction: "settings.exchange_fee",
    // A lower fee pays more of every exchange back to players.
    loosens: (before, after) => after.lessThan(before),
    read: (db, options) => readGameSetting(db, "exchangeFeeBps", options),
    write: (tx, value) => writeGameSetting(tx, "exchangeFeeBps", value),
  },
  // Rewards (#39), in reward_settings. The budget is what rewards may cost in a day: a higher one
  // lets more leave the house. The daily case's minimum wager keeps fresh accounts from farming it:
  // a lower one gives it to more accounts.
  reward_daily_budget: {
    label: "Reward budget a day",
    logAction: "settings.reward_daily_budget",
    loosens: (before, after) => after.greaterThan(before),
    read: (db, options) => readRewardSetting(db, "dailyBudget", options),
    write: (tx, value) => writeRewardSetting(tx, "dailyBudget", value),
  },
  daily_case_min_wager: {
    label: "Daily case: wagered in 7 days at least",
    logAction: "settings.daily_case_min_wager",
    loosens: (before, after) => after.lessThan(before),
    read: (db, options) => readRewardSetting(db, "dailyCaseMinWager", options),
    write: (tx, value) => writeRewardSetting(tx, "dailyCaseMinWager", value),
  },
  // Creator codes (#39): the creator's commission, in basis points of a referred player's expected
  // house take (reward_settings.commissionBps). A higher rate pays creators more of every wager.
  commission_bps: {
    label: "Creator commission (basis points of the house take)",
    logAction: "settings.commission_bps",
    loosens: (before, after) => after.greaterThan(before),
    async read(db, { forUpdate = false } = {}) {
      const [row] = await db.$queryRaw<Array<{ value: number }>>`
        SELECT "commissionBps" AS value FROM reward_settings WHERE id = 1 ${forUpdate ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
      return new Prisma.Decimal(row?.value ?? COMMISSION_BPS_DEFAULT);
    },
    async write(tx, value) {
      if (!value.isInteger() || value.lessThan(0) || value.greaterThan(5_000))
        throw new AppError("BAD_REQUEST", "The commission is a whole number of basis points from 0 to 5000.");
      await tx.rewardSettings.upsert({
        where: { id: 1 },
        create: { id: 1, commissionBps: value.toNumber() },
        update: { commissionBps: value.toNumber() },
      });
    },
  },
} satisfies Record<string, MoneySetting>;

/** reward_settings.commissionBps while it has no row (the migration's default: 10 %). */
export const COMMISSION_BPS_DEFAULT = 1000;

/** reward_settings' money columns while it has no row (the migration's defaults). */
export const REWARD_MONEY_DEFAULTS = { dailyBudget: "1000.00", dailyCaseMinWager: "10.00" } as const;

async function readRewardSetting(
  db: DbTx,
  column: keyof typeof REWARD_MONEY_DEFAULTS,
  { forUpdate = false } = {},
): Promise<Prisma.Decimal> {
  const [row] = await db.$queryRaw<Array<{ value: Prisma.Decimal }>>`
    SELECT ${Prisma.raw(`"${column}"`)} AS value FROM reward_settings WHERE id = 1 ${forUpdate ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  return new Prisma.Decimal(row?.value ?? REWARD_MONEY_DEFAULTS[column]);
}

async function writeRewardSetting(tx: DbTx, column: keyof typeof REWARD_MONEY_DEFAULTS, value: Prisma.Decimal): Promise<void> {
  await tx.rewardSettings.upsert({ where: { id: 1 }, create: { id: 1, [column]: value }, update: { [column]: value } });
}
export type MoneySettingName = keyof typeof MONEY_SETTINGS;
export const isMoneySetting = (name: string): name is MoneySettingName => Object.hasOwn(MONEY_SETTINGS, name);

export type MoneySettingChange =
  | { status: "applied"; setting: MoneySettingName; value: string }
  | {
      status: "pending";
      setting: MoneySettingName;
      /** The value still in force. */
      current: string;
      requested: string;
      pendingChangeId: string;
    };

/**
 * Changes a money setting in the caller's transaction (the caller claims the console's request
 * key): at once when it does not loosen the setting (its `loosens`) or the actor is the CLI; otherwise it is written to
 * pending_setting_change for another admin to approve, and the value in force stays.
 */
export async function changeMoneySetting(
  services: Deps,
  tx: DbTx,
  actor: AdminActor,
  { setting, value }: { setting: MoneySettingName; value: Prisma.Decimal },
): Promise<MoneySettingChange> {
  const spec: MoneySetting = MONEY_SETTINGS[setting];
  const before = await spec.read(tx, { forUpdate: true });
  if (actor.id && spec.loosens(before, value)) {
    const pending = await tx.pendingSettingChange.create({
      data: { setting, value, before, requestedById: actor.id, requestedBy: actor.email },
    });
    await writeAdminLog(
      services,
      actor,
      {
        action: "settings.change_requested",
        targetType: "settings",
        targetId: setting,
        before: { value: formatMoney(before) },
        after: { pendingChangeId: pending.id, value: formatMoney(value) },
      },
      { tx },
    );
    return { status: "pending", setting, current: formatMoney(before), requested: formatMoney(value), pendingChangeId: pending.id };
  }
  await applyMoneySetting(services, tx, actor, { setting, before, value });
  return { status: "applied", setting, value: formatMoney(value) };
}

/**
 * Writes a money setting now, in the caller's transaction: every other change still waiting on it
 * is superseded (it was judged against the old value), and the admin log records the move.
 */
export async function applyMoneySetting(
  services: Deps,
  tx: DbTx,
  actor: AdminActor,
  change: { setting: MoneySettingName; before: Prisma.Decimal; value: Prisma.Decimal; approvedChangeId?: string; requestedBy?: string },
): Promise<void> {
  const spec: MoneySetting = MONEY_SETTINGS[change.setting];
  await spec.write(tx, change.value);
  await supersedePendingChanges(tx, { setting: change.setting, exceptId: change.approvedChangeId });
  await writeAdminLog(
    services,
    actor,
    {
      action: spec.logAction,
      targetType: "settings",
      targetId: change.setting,
      before: { value: formatMoney(change.before) },
      after: { value: formatMoney(change.value), ...(change.requestedBy === undefined ? {} : { requestedBy: change.requestedBy }) },
    },
    { tx },
  );
}

export interface PendingSettingChangeRow {
  id: string;
  setting: MoneySettingName;
  label: string;
  /** The value in force now (it may have been lowered since the request). */
  current: string;
  before: string;
  value: string;
  requestedBy: string;
  requestedById: string;
  createdAt: string;
}

/** The raises waiting for a second admin and not expired, oldest first. */
export async function listPendingSettingChanges(services: Deps): Promise<PendingSettingChangeRow[]> {
  const db = services.database.prisma;
  const rows = await db.pendingSettingChange.findMany({
    where: { status: "pending", setting: { not: ROLE_GRANT }, createdAt: { gt: pendingChangesExpireBefore() } },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
  const current = new Map<string, string>();
  for (const [setting, spec] of Object.entries(MONEY_SETTINGS)) current.set(setting, formatMoney(await (spec as MoneySetting).read(db)));
  return rows.flatMap((row) => {
    if (!isMoneySetting(row.setting)) return [];
    const setting = row.setting;
    return [
      {
        id: row.id,
        setting,
        label: MONEY_SETTINGS[setting].label,
        current: current.get(setting) ?? "",
        before: formatMoney(row.before ?? 0),
        value: formatMoney(row.value ?? 0),
        requestedBy: row.requestedBy,
        requestedById: row.requestedById,
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}
