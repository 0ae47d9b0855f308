import { centsToMoney } from "../contract/money-cents.ts";
import type { Rewards } from "../contract/rewards.ts";
import { formatMoney, parseMoney } from "../money.ts";
import type { Deps } from "../runtime/deps.ts";
import { rewardRefusalError, type RewardRefusal } from "./reward-refusal.ts";
import { listRewardLevels, moneyToXp, readRewardSettings, type RewardLevelRow } from "./reward-settings.ts";

/** The daily case opens again this long after the last one. */
export const DAILY_CASE_INTERVAL_HOURS = 24;

interface AccountRewardRow {
  emailVerified: boolean;
  ageConfirmed: boolean;
  xp: string;
  accrued: string;
  claimed: string;
  nextDailyAt: string | null;
  wagered7d: string;
  refusal: RewardRefusal | null;
}

/** What the account's rewards stand at, in one read; the rule of rewards decides `offered`. */
export async function readAccountRewards(services: Deps, userId: string): Promise<AccountRewardRow> {
  const [row] = await services.database.sql.query<AccountRewardRow & Record<string, unknown>>(
    `SELECT u."emailVerified", u."ageConfirmedAt" IS NOT NULL AS "ageConfirmed",
            coalesce(r.xp, 0)::text AS xp,
            coalesce(trunc(r."rakebackAccrued", 2), 0)::text AS accrued,
            coalesce(r."rakebackClaimed", 0)::text AS claimed,
            CASE WHEN r."lastDailyAt" + make_interval(hours => $2) > now() AT TIME ZONE 'UTC'
              THEN to_char(r."lastDailyAt" + make_interval(hours => $2), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END AS "nextDailyAt",
            (SELECT coalesce(sum(e.amount), 0) FROM spending_entries(u.id, 'wager', (now() - interval '7 days')::timestamp(3)) e)::text AS "wagered7d",
            reward_refusal(u.id) AS refusal
     FROM "user" u LEFT JOIN account_reward r ON r."userId" = u.id WHERE u.id = $1`,
    [userId, DAILY_CASE_INTERVAL_HOURS],
  );
  if (!row) throw new Error(`no account ${userId}`);
  return row;
}

/** The level a number of cents wagered is at, by the table (highest threshold reached). */
export function levelAt(levels: RewardLevelRow[], xp: bigint): RewardLevelRow | undefined {
  let found: RewardLevelRow | undefined;
  for (const level of levels) if (moneyToXp(level.threshold) <= xp) found = level;
  return found;
}

/** GET /v1/rewards: level, XP, next level, rakeback available and the daily case's next time. */
export async function getRewards(services: Deps, userId: string): Promise<Rewards> {
  const db = services.database.prisma;
  const [row, levels, settings] = await Promise.all([readAccountRewards(services, userId), listRewardLevels(db), readRewardSettings(db)]);
  const xp = BigInt(row.xp);
  const current = levelAt(levels, xp);
  const next = levels.find((level) => moneyToXp(level.threshold) > xp);
  const refusal = row.refusal ? rewardRefusalError(row.refusal) : null;
  const offered = refusal === null;
  const available = parseMoney(row.accrued).minus(row.claimed);
  const dailyPack = current?.dailyPack ?? null;
  const requirements = {
    emailVerified: row.emailVerified,
    ageConfirmed: row.ageConfirmed,
    wagered7d: formatMoney(row.wagered7d),
    minWager7d: settings.dailyCaseMinWager,
  };
  const meetsRequirements =
    requirements.emailVerified && requirements.ageConfirmed && parseMoney(row.wagered7d).greaterThanOrEqualTo(settings.dailyCaseMinWager);
  return {
    offered,
    refusal: refusal && { code: refusal.code, message: refusal.message },
    level: current?.level ?? 0,
    xp: Number(xp),
    wagered: centsToMoney(xp),
    nextLevel: next ? { level: next.level, threshold: next.threshold, remaining: centsToMoney(moneyToXp(next.threshold) - xp) } : null,
    rakeback: {
      enabled: settings.rakebackEnabled,
      rateBps: current?.rakebackBps ?? 0,
      // Nothing is offered while refused: the balance is kept, shown again once the refusal ends.
      available: offered ? formatMoney(available) : "0.00",
      accrued: formatMoney(row.accrued),
      claimed: formatMoney(row.claimed),
    },
    dailyCase: {
      enabled: settings.dailyCaseEnabled,
      pack: offered && settings.dailyCaseEnabled ? dailyPack : null,
      nextAt: row.nextDailyAt,
      eligible: offered && settings.dailyCaseEnabled && dailyPack !== null && row.nextDailyAt === null && meetsRequirements,
      requirements,
    },
    levels: levels.map((level) => ({
      level: level.level,
      threshold: level.threshold,
      rakebackBps: level.rakebackBps,
      dailyPack: level.dailyPack && { id: level.dailyPack.id, slug: level.dailyPack.slug, name: level.dailyPack.name },
    })),
  };
}
