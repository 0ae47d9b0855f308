import { z } from "zod";
import { CLI_ACTOR } from "../admin-log/admin-log.ts";
import { setRtpRange } from "../catalog/catalog-settings.ts";
import { exportPack } from "../catalog/pack-admin.ts";
import { savePack } from "../catalog/save-pack.ts";
import { archivePack, deletePack, setPackActive } from "../catalog/set-pack-active.ts";
import { adjustBalance, ROLES } from "../users/account-admin.ts";
import { auditInvariants } from "../audit/audit.ts";
import { rotateLogKey } from "../transparency/rotate-log-key.ts";
import { createPromoCode } from "../rewards/promo-codes.ts";
import {
  getAffiliateSettings,
  getRewardSettings,
  setAffiliateSettings,
  setRewardLevel,
  setRewardMoneySetting,
  setRewardSwitches,
} from "../rewards/reward-settings.ts";
import { AppError } from "../errors.ts";
import { createApiKey, revokeApiKey } from "../keys/api-keys.ts";
import { clearAgeRefusalOfEmail } from "../protection/age-refusals.ts";
import { liftExclusion, setExclusion } from "../protection/exclusions.ts";
import { EXCLUSION_PERIODS } from "../contract/protection.ts";
import { formatMoney, parseMoney } from "../money.ts";
import { createUser, getUserByEmailOrThrow, setUserFlags } from "../users/users.ts";
import type { Services } from "../server/services.ts";

/**
 * A command's input: the CLI's flags as given (strings), or, for pack:import, the packs its
 * file holds. The CLI (apps/admin-cli) reads and writes files and hands commands to a running
 * server; the commands' rules are all here, the same whichever way a command arrives.
 */
export type AdminInput = Record<string, unknown>;

const bool = z.enum(["true", "false"]).transform((value) => value === "true");
const money = z.string().transform((value, ctx) => {
  try {
    return parseMoney(value);
  } catch (error) {
    ctx.addIssue({ code: "custom", message: (error as Error).message });
    return z.NEVER;
  }
});
const email = z.string().email();

/** An operator's credit like the console's (wallet:adjust's rule): in the admin log, as the CLI; the new balance. */
async function creditFromCli(services: Services, userId: string, amount: ReturnType<typeof parseMoney>, reason: string): Promise<string> {
  const credited = await adjustBalance(services, CLI_ACTOR, { userId, direction: "credit", amount: formatMoney(amount), reason });
  if (credited.status !== "applied") throw new Error("A credit from the CLI is applied at once.");
  return credited.balance;
}

const commands = {
  "user:create": {
    input: z.object({
      email,
      balance: money.optional(),
      password: z.string().min(8).optional(),
      name: z.string().optional(),
      // The operator vouches for the account's age unless told not to: scripted bots keep working.
      "no-age-confirmation": bool.optional(),
    }),
    run: async (
      services: Services,
      f: { email: string; balance?: ReturnType<typeof parseMoney>; password?: string; name?: string; "no-age-confirmation"?: boolean },
    ) => {
      const user = await createUser(services, {
        email: f.email,
        password: f.password,
        name: f.name,
        ageConfirmation: !f["no-age-confirmation"],
      });
      if (f.balance && !f.balance.isZero()) await creditFromCli(services, user.userId, f.balance, "initial balance");
      return { userId: user.userId, email: user.email, apiKey: user.apiKey };
    },
  },
  "user:set": {
    input: z.object({
      email,
      banned: bool.optional(),
      deleted: bool.optional(),
      "email-verified": bool.optional(),
      role: z.enum(ROLES).optional(),
      reason: z.string().min(3).max(500).optional(),
    }),
    run: (
      services: Services,
      f: { email: string; banned?: boolean; deleted?: boolean; "email-verified"?: boolean; role?: (typeof ROLES)[number]; reason?: string },
    ) =>
      setUserFlags(services, f.email, {
        banned: f.banned,
        deleted: f.deleted,
        emailVerified: f["email-verified"],
        role: f.role,
        reason: f.reason,
      }),
  },
  // On the player's request; logged. Never shortened: a shorter period while one binds is refused.
  "user:exclude": {
    input: z.object({ email, period: z.enum(EXCLUSION_PERIODS) }),
    run: async (services: Services, f: { email: string; period: (typeof EXCLUSION_PERIODS)[number] }) => {
      const user = await getUserByEmailOrThrow(services, f.email);
      return setExclusion(services, user.id, { period: f.period }, { operator: CLI_ACTOR });
    },
  },
  // Exists to answer an operator who tries: nobody lifts an exclusion early. Refused and logged.
  "user:unexclude": {
    input: z.object({ email }),
    run: async (services: Services, f: { email: string }) => {
      const user = await getUserByEmailOrThrow(services, f.email);
      return liftExclusion(services, user.id, { operator: CLI_ACTOR });
    },
  },
  // After the operator's review (proof of age, or a slip): the next date offered is checked afresh. Logged.
  "age:clear": {
    input: z.object({ email }),
    run: (services: Services, f: { email: string }) => clearAgeRefusalOfEmail(services, CLI_ACTOR, f.email),
  },
  "key:create": {
    input: z.object({ email, name: z.string().min(1).max(64).default("cli") }),
    run: async (services: Services, f: { email: string; name: string }) => {
      const user = await getUserByEmailOrThrow(services, f.email);
      const key = await createApiKey(services, { userId: user.id, name: f.name });
      return { apiKeyId: key.apiKeyId, apiKey: key.apiKey };
    },
  },
  "key:revoke": {
    input: z.object({ key: z.string().min(1) }),
    run: (services: Services, f: { key: string }) => revokeApiKey(services, { apiKey: f.key }),
  },
  "wallet:credit": {
    input: z.object({ email, amount: money }),
    run: async (services: Services, f: { email: string; amount: ReturnType<typeof parseMoney> }) => {
      const user = await getUserByEmailOrThrow(services, f.email);
      return { balance: await creditFromCli(services, user.id, f.amount, "admin credit") };
    },
  },
  "wallet:adjust": {
    input: z.object({ email, direction: z.enum(["credit", "debit"]), amount: z.string(), reason: z.string() }),
    run: async (services: Services, f: { email: string; direction: "credit" | "debit"; amount: string; reason: string }) => {
      const user = await getUserByEmailOrThrow(services, f.email);
      return adjustBalance(services, CLI_ACTOR, { userId: user.id, direction: f.direction, amount: f.amount, reason: f.reason });
    },
  },
  "pack:set-active": {
    input: z.object({ slug: z.string().min(1), active: bool }),
    run: (services: Services, f: { slug: string; active: boolean }) => setPackActive(services, f),
  },
  "pack:archive": {
    input: z.object({ slug: z.string().min(1) }),
    run: (services: Services, f: { slug: string }) => archivePack(services, f),
  },
  "pack:delete": {
    input: z.object({ slug: z.string().min(1) }),
    run: (services: Services, f: { slug: string }) => deletePack(services, f),
  },
  // The packs of one file (the CLI reads it), in the format pack:export writes.
  "pack:import": {
    input: z.object({ packs: z.array(z.unknown()) }),
    run: async (services: Services, { packs }: { packs: unknown[] }) => {
      const saved = [];
      for (const [index, pack] of packs.entries()) {
        try {
          const result = await savePack(services, CLI_ACTOR, pack);
          saved.push({
            slug: result.slug,
            created: result.created,
            oddsVersion: result.oddsVersion,
            oddsHash: result.oddsHash,
            versionCreated: result.versionCreated,
            rtpPercent: result.check.rtpPercent,
          });
        } catch (error) {
          if (packs.length === 1 || !(error instanceof AppError)) throw error;
          throw new AppError(error.code, `pack ${index} (${String((pack as { slug?: unknown }).slug)}): ${error.message}`, error.details);
        }
      }
      return { imported: saved };
    },
  },
  "pack:export": {
    input: z.object({ slug: z.string().min(1) }),
    run: async (services: Services, f: { slug: string }) => (await exportPack(services, f.slug)) as unknown as Record<string, unknown>,
  },
  "settings:rtp-range": {
    input: z.object({ min: z.string(), max: z.string() }),
    run: (services: Services, f: { min: string; max: string }) =>
      setRtpRange(services, CLI_ACTOR, { minPercent: f.min, maxPercent: f.max }),
  },
  // Rewards (#39): one level of the table (threshold, rakeback, the daily case's pack; "none" for no daily case).
  "rewards:level": {
    input: z.object({ level: z.string(), threshold: z.string(), "rakeback-bps": z.string(), "daily-pack": z.string().optional() }),
    run: async (services: Services, f: { level: string; threshold: string; "rakeback-bps": string; "daily-pack"?: string }) => ({
      levels: await setRewardLevel(services, CLI_ACTOR, {
        level: Number(f.level),
        threshold: f.threshold,
        rakebackBps: Number(f["rakeback-bps"]),
        ...(f["daily-pack"] !== undefined && { dailyPack: f["daily-pack"] === "none" ? null : f["daily-pack"] }),
      }),
    }),
  },
  // The switches and the money settings of rewards; from the CLI a raise applies at once (the operator at the machine), logged.
  "rewards:settings": {
    input: z.object({
      rakeback: bool.optional(),
      "daily-case": bool.optional(),
      budget: z.string().optional(),
      "daily-min-wager": z.string().optional(),
    }),
    run: async (services: Services, f: { rakeback?: boolean; "daily-case"?: boolean; budget?: string; "daily-min-wager"?: string }) => {
      if (f.rakeback !== undefined || f["daily-case"] !== undefined)
        await setRewardSwitches(services, CLI_ACTOR, { rakebackEnabled: f.rakeback, dailyCaseEnabled: f["daily-case"] });
      if (f.budget !== undefined) await setRewardMoneySetting(services, CLI_ACTOR, { setting: "reward_daily_budget", value: f.budget });
      if (f["daily-min-wager"] !== undefined)
        await setRewardMoneySetting(services, CLI_ACTOR, { setting: "daily_case_min_wager", value: f["daily-min-wager"] });
      return getRewardSettings(services);
    },
  },
  // Creator codes (#39): the switch, the commission (a money setting: from the CLI a raise applies
  // at once, logged), the windows and the welcome reward ("none" for no welcome pack).
  "affiliates:settings": {
    input: z.object({
      enabled: bool.optional(),
      "commission-bps": z.string().optional(),
      "commission-days": z.string().optional(),
      "referral-hours": z.string().optional(),
      "welcome-pack": z.string().optional(),
      "welcome-openings": z.string().optional(),
    }),
    run: async (
      services: Services,
      f: {
        enabled?: boolean;
        "commission-bps"?: string;
        "commission-days"?: string;
        "referral-hours"?: string;
        "welcome-pack"?: string;
        "welcome-openings"?: string;
      },
    ) => {
      if (f["commission-bps"] !== undefined)
        await setRewardMoneySetting(services, CLI_ACTOR, { setting: "commission_bps", value: f["commission-bps"] });
      const change = {
        ...(f.enabled !== undefined && { affiliateEnabled: f.enabled }),
        ...(f["commission-days"] !== undefined && { commissionDays: Number(f["commission-days"]) }),
        ...(f["referral-hours"] !== undefined && { referralEntryHours: Number(f["referral-hours"]) }),
        ...(f["welcome-pack"] !== undefined && { welcomePack: f["welcome-pack"] === "none" ? null : f["welcome-pack"] }),
        ...(f["welcome-openings"] !== undefined && { welcomeOpenings: Number(f["welcome-openings"]) }),
      };
      if (Object.keys(change).length > 0) await setAffiliateSettings(services, CLI_ACTOR, change);
      return getAffiliateSettings(services);
    },
  },
  // Promo codes (#39): cash or free openings of a pack, as the console's form creates them. Prints the code as JSON.
  "promo:create": {
    input: z.object({
      code: z.string(),
      amount: z.string().optional(),
      pack: z.string().optional(),
      openings: z.string().optional(),
      "max-redemptions": z.string(),
      expires: z.string().optional(),
      "min-level": z.string().optional(),
      "first-deposit": bool.optional(),
    }),
    run: (
      services: Services,
      f: {
        code: string;
        amount?: string;
        pack?: string;
        openings?: string;
        "max-redemptions": string;
        expires?: string;
        "min-level"?: string;
        "first-deposit"?: boolean;
      },
    ) =>
      createPromoCode(services, CLI_ACTOR, {
        code: f.code,
        amount: f.amount,
        pack: f.pack,
        openings: f.openings,
        maxRedemptions: f["max-redemptions"],
        expires: f.expires,
        minLevel: f["min-level"],
        firstDeposit: f["first-deposit"] ?? false,
      }),
  },
  audit: {
    input: z.object({}),
    run: (services: Services) => auditInvariants(services),
  },
  "log-key:rotate": {
    input: z.object({}),
    run: async (services: Services) => ({ ...(await rotateLogKey(services)) }),
  },
} as const;

export type AdminCommand = keyof typeof commands;
export const adminCommandNames = Object.keys(commands) as AdminCommand[];

/** Each command's inputs and whether it needs them: the CLI's flags and its help are built to match. */
export const adminCommandInputs = Object.fromEntries(
  Object.entries(commands).map(([name, spec]) => [
    name,
    Object.entries(spec.input.shape).map(([key, schema]) => ({ name: key, required: !(schema as z.ZodType).safeParse(undefined).success })),
  ]),
) as Record<AdminCommand, Array<{ name: string; required: boolean }>>;

export interface AdminOutcome {
  /** False when the command ran but found a problem (audit breaches): exit non-zero. */
  ok: boolean;
  result: Record<string, unknown>;
}

export async function runAdminCommand(services: Services, command: string, input: AdminInput): Promise<AdminOutcome> {
  const spec = commands[command as AdminCommand];
  if (!spec) throw new AppError("BAD_REQUEST", `Unknown command "${command}". Commands: ${adminCommandNames.join(", ")}.`);
  const parsed = spec.input.strict().safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      "BAD_REQUEST",
      `${command}: ${parsed.error.issues.map((i) => `--${i.path.join(".") || "?"}: ${i.message}`).join("; ")}`,
    );
  }
  const result =
    (await (spec.run as (services: Services, input: unknown) => Promise<Record<string, unknown>>)(services, parsed.data)) ?? {};
  return { ok: result.ok !== false, result };
}
