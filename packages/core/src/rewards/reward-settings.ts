import { z } from "zod";
import type { DbTx } from "@prizepacks/db";
import { Prisma } from "@prizepacks/db/prisma";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { writeAdminLog, type AdminActor } from "../admin-log/write-admin-log.ts";
import { centsToMoney } from "../contract/money-cents.ts";
import { AppError } from "../errors.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { changeMoneySetting, REWARD_MONEY_DEFAULTS, type MoneySettingChange } from "../settings/money-settings.ts";

/** The operator's reward settings in force (reward_settings; its defaults while it has no row). */
export type RewardSettings = {
  rakebackEnabled: boolean;
  dailyCaseEnabled: boolean;
  /** What rewards may cost in a UTC day (a money setting: raising it waits for a second admin). */
  dailyBudget: string;
  /** Wagered in the last 7 days before the daily case opens (a money setting: lowering it waits for a second admin). */
  dailyCaseMinWager: string;
};

export async function readRewardSettings(db: DbTx): Promise<RewardSettings> {
  const row = await db.rewardSettings.findUnique({ where: { id: 1 } });
  return {
    rakebackEnabled: row?.rakebackEnabled ?? true,
    dailyCaseEnabled: row?.dailyCaseEnabled ?? true,
    dailyBudget: formatMoney(row?.dailyBudget ?? REWARD_MONEY_DEFAULTS.dailyBudget),
    dailyCaseMinWager: formatMoney(row?.dailyCaseMinWager ?? REWARD_MONEY_DEFAULTS.dailyCaseMinWager),
  };
}

export function getRewardSettings(services: Deps): Promise<RewardSettings> {
  return readRewardSettings(services.database.prisma);
}

export const RewardSwitchesSchema = z.object({
  rakebackEnabled: z.boolean().optional(),
  dailyCaseEnabled: z.boolean().optional(),
  requestKey: RequestKeySchema.optional(),
});

/**
 * Switches reward kinds on or off, at once and logged. Not a money setting: what they may cost is
 * capped by the daily budget, which is one (raising it waits for a second admin). Switching
 * rakeback off stops its accrual and its claims; what accrued is kept for when it is back on.
 */
export async function setRewardSwitches(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof RewardSwitchesSchema>,
): Promise<RewardSettings> {
  const { requestKey, ...change } = parseInputOrThrow(RewardSwitchesSchema, input);
  const run = async (tx: DbTx) => {
    const before = await readRewardSettings(tx);
    await tx.rewardSettings.upsert({ where: { id: 1 }, create: { id: 1, ...change }, update: change });
    const after = await readRewardSettings(tx);
    await writeAdminLog(
      services,
      actor,
      {
        action: "rewards.settings",
        targetType: "settings",
        targetId: "rewards",
        before: { rakebackEnabled: before.rakebackEnabled, dailyCaseEnabled: before.dailyCaseEnabled },
        after: { rakebackEnabled: after.rakebackEnabled, dailyCaseEnabled: after.dailyCaseEnabled },
      },
      { tx },
    );
    return after;
  };
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "rewards.settings", request: change }, run);
}

export const RewardMoneySettingSchema = z.object({
  setting: z.enum(["reward_daily_budget", "daily_case_min_wager", "commission_bps"]),
  value: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'value must be an amount like "1000.00"'),
  requestKey: RequestKeySchema.optional(),
});

/** Changes the daily budget or the daily case's minimum wager: a money setting (money-settings.ts). */
export async function setRewardMoneySetting(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof RewardMoneySettingSchema>,
): Promise<MoneySettingChange> {
  const { setting, value, requestKey } = parseInputOrThrow(RewardMoneySettingSchema, input);
  if (setting === "commission_bps" && !/^\d{1,4}(\.0{1,2})?$/.test(value))
    throw new AppError("BAD_REQUEST", "The commission is a whole number of basis points from 0 to 5000.");
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "settings.rewards", request: { setting, value } }, (tx) =>
    changeMoneySetting(services, tx, actor, { setting, value: parseMoney(value) }),
  );
}

export type RewardLevelRow = {
  level: number;
  threshold: string;
  rakebackBps: number;
  dailyPack: { id: string; slug: string; name: string; image: string } | null;
};

/** The level table, level 0 first. */
export async function listRewardLevels(db: DbTx): Promise<RewardLevelRow[]> {
  const rows = await db.rewardLevel.findMany({
    orderBy: { level: "asc" },
    include: { dailyPack: { select: { id: true, slug: true, name: true, image: true } } },
  });
  return rows.map((row) => ({
    level: row.level,
    threshold: centsToMoney(row.xpThreshold),
    rakebackBps: row.rakebackBps,
    dailyPack: row.dailyPack,
  }));
}

export const RewardLevelChangeSchema = z.object({
  level: z.number().int().min(0).max(100),
  threshold: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'threshold must be an amount like "100.00"'),
  rakebackBps: z.number().int().min(0).max(5_000),
  /** A pack's id or slug, or null for no daily case at this level. */
  dailyPack: z.string().min(1).max(200).nullable().optional(),
  requestKey: RequestKeySchema.optional(),
});

/**
 * Sets one level of the table (adds it when it is the next one): its threshold must stay between
 * its neighbours' (a level is reached by wagering more than the one below), level 0's is 0.
 * Applies at once and is logged; what rakeback may cost in a day is capped by the budget.
 * A player's stored level follows at their next wager.
 */
export async function setRewardLevel(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof RewardLevelChangeSchema>,
): Promise<RewardLevelRow[]> {
  const { requestKey, ...change } = parseInputOrThrow(RewardLevelChangeSchema, input);
  const xpThreshold = BigInt(parseMoney(change.threshold).times(100).toFixed(0));
  const run = async (tx: DbTx) => {
    // One editor at a time: the table's order is checked against rows no one else is changing.
    await tx.$executeRaw`LOCK TABLE reward_level IN SHARE ROW EXCLUSIVE MODE`;
    const rows = await tx.rewardLevel.findMany({ orderBy: { level: "asc" } });
    const below = rows.find((row) => row.level === change.level - 1);
    const above = rows.find((row) => row.level === change.level + 1);
    const existing = rows.find((row) => row.level === change.level);
    if (!existing && change.level > 0 && !below) throw new AppError("BAD_REQUEST", `Level ${change.level - 1} must exist first.`);
    if ((change.level === 0) !== (xpThreshold === 0n))
      throw new AppError("BAD_REQUEST", "Level 0 starts at 0.00 wagered, and only level 0.");
    if (below && xpThreshold <= below.xpThreshold)
      throw new AppError(
        "BAD_REQUEST",
        `Level ${change.level} must start above level ${below.level} (${centsToMoney(below.xpThreshold)}).`,
      );
    if (above && xpThreshold >= above.xpThreshold)
      throw new AppError(
        "BAD_REQUEST",
        `Level ${change.level} must start below level ${above.level} (${centsToMoney(above.xpThreshold)}).`,
      );
    let dailyPackId: string | null | undefined = undefined;
    if (change.dailyPack !== undefined) {
      if (change.dailyPack === null) dailyPackId = null;
      else {
        const pack = await tx.pack.findFirst({
          where: { OR: [{ id: change.dailyPack }, { slug: change.dailyPack }], archivedAt: null },
          select: { id: true },
        });
        if (!pack) throw new AppError("NOT_FOUND", `No pack ${change.dailyPack}.`);
        dailyPackId = pack.id;
      }
    }
    const data = { xpThreshold, rakebackBps: change.rakebackBps, ...(dailyPackId !== undefined && { dailyPackId }) };
    await tx.rewardLevel.upsert({ where: { level: change.level }, create: { level: change.level, ...data }, update: data });
    await writeAdminLog(
      services,
      actor,
      {
        action: "rewards.level_set",
        targetType: "reward_level",
        targetId: String(change.level),
        before: existing
          ? { threshold: centsToMoney(existing.xpThreshold), rakebackBps: existing.rakebackBps, dailyPackId: existing.dailyPackId }
          : {},
        after: { threshold: change.threshold, rakebackBps: change.rakebackBps, ...(dailyPackId !== undefined && { dailyPackId }) },
      },
      { tx },
    );
    return listRewardLevels(tx);
  };
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "rewards.level_set", request: change }, run);
}

/** Money as cents (bigint) for comparisons with xp. */
export const moneyToXp = (money: string | Prisma.Decimal): bigint => BigInt(new Prisma.Decimal(money).times(100).toFixed(0));

/** Creator codes' settings in force (reward_settings; the migration's defaults while it has no row). */
export type AffiliateSettings = {
  affiliateEnabled: boolean;
  /** Of a referred player's expected house take (a money setting: raising it waits for a second admin). */
  commissionBps: number;
  commissionDays: number;
  referralEntryHours: number;
  welcomePack: { id: string; slug: string; name: string; image: string } | null;
  welcomeOpenings: number;
};

export const AFFILIATE_DEFAULTS = { commissionBps: 1000, commissionDays: 90, referralEntryHours: 24, welcomeOpenings: 3 } as const;

export async function readAffiliateSettings(db: DbTx): Promise<AffiliateSettings> {
  const row = await db.rewardSettings.findUnique({
    where: { id: 1 },
    include: { welcomePack: { select: { id: true, slug: true, name: true, image: true } } },
  });
  return {
    affiliateEnabled: row?.affiliateEnabled ?? true,
    commissionBps: row?.commissionBps ?? AFFILIATE_DEFAULTS.commissionBps,
    commissionDays: row?.commissionDays ?? AFFILIATE_DEFAULTS.commissionDays,
    referralEntryHours: row?.referralEntryHours ?? AFFILIATE_DEFAULTS.referralEntryHours,
    welcomePack: row?.welcomePack ?? null,
    welcomeOpenings: row?.welcomeOpenings ?? AFFILIATE_DEFAULTS.welcomeOpenings,
  };
}

export function getAffiliateSettings(services: Deps): Promise<AffiliateSettings> {
  return readAffiliateSettings(services.database.prisma);
}

export const AffiliateSettingsSchema = z.object({
  affiliateEnabled: z.boolean().optional(),
  commissionDays: z.number().int().min(1).max(3650).optional(),
  referralEntryHours: z.number().int().min(1).max(720).optional(),
  /** A pack's id or slug, or null for no welcome reward. */
  welcomePack: z.string().min(1).max(200).nullable().optional(),
  welcomeOpenings: z.number().int().min(0).max(10).optional(),
  requestKey: RequestKeySchema.optional(),
});

/**
 * Changes creator codes' settings other than the commission rate, at once and logged: the switch,
 * the windows, and the welcome reward (what it may cost in a day is capped by the budget, a
 * money setting). The commission rate is a money setting (commission_bps: setRewardMoneySetting).
 * A new window applies to referrals entered from now: each referral keeps the end it was given.
 */
export async function setAffiliateSettings(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof AffiliateSettingsSchema>,
): Promise<AffiliateSettings> {
  const { requestKey, welcomePack, ...change } = parseInputOrThrow(AffiliateSettingsSchema, input);
  const run = async (tx: DbTx) => {
    let welcomePackId: string | null | undefined = undefined;
    if (welcomePack === null) welcomePackId = null;
    else if (welcomePack !== undefined) {
      const pack = await tx.pack.findFirst({
        where: { OR: [{ id: welcomePack }, { slug: welcomePack }], archivedAt: null },
        select: { id: true },
      });
      if (!pack) throw new AppError("NOT_FOUND", `No pack ${welcomePack}.`);
      welcomePackId = pack.id;
    }
    const data = { ...change, ...(welcomePackId !== undefined && { welcomePackId }) };
    const before = await readAffiliateSettings(tx);
    await tx.rewardSettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
    const after = await readAffiliateSettings(tx);
    const loggable = (s: AffiliateSettings) => ({
      affiliateEnabled: s.affiliateEnabled,
      commissionDays: s.commissionDays,
      referralEntryHours: s.referralEntryHours,
      welcomePack: s.welcomePack?.slug ?? null,
      welcomeOpenings: s.welcomeOpenings,
    });
    await writeAdminLog(
      services,
      actor,
      {
        action: "rewards.affiliate_settings",
        targetType: "settings",
        targetId: "affiliates",
        before: loggable(before),
        after: loggable(after),
      },
      { tx },
    );
    return after;
  };
  return runAdminMutation(
    services.database.prisma,
    actor,
    { requestKey, action: "rewards.affiliate_settings", request: { ...change, welcomePack } },
    run,
  );
}
