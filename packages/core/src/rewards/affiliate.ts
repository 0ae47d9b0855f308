import type { z } from "zod";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { logger } from "@prizepacks/db/log";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import { getActivePackOrThrow } from "../catalog/get-pack.ts";
import {
  CREATOR_CODE_PATTERN,
  CreatorCodeInputSchema,
  ReferralInputSchema,
  type Affiliate,
  type CreatorCode,
  type RakebackClaim,
  type ReferralStatus,
  type WelcomeReward,
} from "../contract/rewards.ts";
import { AppError } from "../errors.ts";
import { assertIdempotencyKey, claimKey, findReplay, runKeyed, storeAnswer } from "../idempotency-key.ts";
import { formatMoney, moneyToNumber, parseMoney } from "../money.ts";
import type { ActivePairs } from "../open/active-pairs.ts";
import { STALE_PAIR } from "../open/open-pack.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { AccountGate } from "../runtime/account-gate.ts";
import type { Deps } from "../runtime/deps.ts";
import { creditReward } from "./claim-rakeback.ts";
import { giveFreeOpenings } from "./free-openings.ts";
import { assertWithinBudget } from "./reward-budget.ts";
import { assertRewardAllowed, findRewardRefusal, rewardRefusalError } from "./reward-refusal.ts";
import { readAffiliateSettings } from "./reward-settings.ts";

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const REUSED = "This Idempotency-Key was already used for another request.";
/** "Active" on the creator's dashboard: played in this many days. */
export const REFERRAL_ACTIVE_DAYS = 30;

interface CodeRow extends Record<string, unknown> {
  id: string;
  code: string;
  disabled: boolean;
  createdAt: string;
}

const toCreatorCode = (row: CodeRow): CreatorCode => ({ id: row.id, code: row.code, disabled: row.disabled, createdAt: row.createdAt });

/**
 * Creates the account's creator code: one per account (the unique userId), unique in any case
 * (the unique index on lower(code), which also settles two accounts racing for one code: the
 * second insert fails and is told the code is taken). A verified e-mail is required, so throwaway
 * accounts cannot squat codes.
 */
export async function createCreatorCode(
  services: Deps,
  userId: string,
  input: z.input<typeof CreatorCodeInputSchema>,
): Promise<CreatorCode> {
  const { code } = parseInputOrThrow(CreatorCodeInputSchema, input);
  const { database } = services;
  return database.sql.transaction(async (tx) => {
    const [user] = await tx.query<{ emailVerified: boolean; existing: string | null; enabled: boolean }>(
      `SELECT u."emailVerified", (SELECT c.code FROM creator_code c WHERE c."userId" = u.id) AS existing,
              coalesce((SELECT s."affiliateEnabled" FROM reward_settings s WHERE s.id = 1), true) AS enabled
       FROM "user" u WHERE u.id = $1`,
      [userId],
    );
    if (!user) throw new AppError("NOT_FOUND", "No such account.");
    if (!user.enabled) throw new AppError("REWARD_NOT_ELIGIBLE", "Creator codes are switched off for now.");
    if (!user.emailVerified) throw new AppError("REWARD_NOT_ELIGIBLE", "A creator code needs a verified e-mail address.");
    if (user.existing) throw new AppError("CONFLICT", `This account already has the creator code ${user.existing}.`);
    if ((await tx.query(RETIRED_CREATOR_CODE, [code])).length > 0) throw retiredCodeError(code);
    const [row] = await tx.query<CodeRow>(
      `INSERT INTO creator_code (id, "userId", code, "createdAt", "updatedAt")
       VALUES ($1, $2, $3, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
       ON CONFLICT DO NOTHING
       RETURNING id, code, false AS disabled, to_char("createdAt", ${ISO}) AS "createdAt"`,
      [newId(), userId, code],
    );
    if (!row) throw new AppError("CONFLICT", `The creator code ${code} is taken (codes are unique in any case), or this account has one.`);
    return toCreatorCode(row);
  });
}

/**
 * A text a creator code had before an operator renamed it (the admin log keeps every rename).
 * Retired for good: were it free again, an admin could rename a creator's code and take its
 * text, and every link already shared would earn the admin the commission.
 */
export const RETIRED_CREATOR_CODE = `SELECT 1 FROM admin_log WHERE action = 'rewards.creator_code_renamed' AND lower(before->>'code') = lower($1) LIMIT 1`;

export const retiredCodeError = (code: string) =>
  new AppError("CONFLICT", `The creator code ${code} was another code's before a rename, and is not given again.`);

/** Buckets of what a referral deposited in all, by their lower bound. */
const DEPOSIT_BUCKETS = [
  ["none", "0"],
  ["under 50", "0.01"],
  ["50 to 250", "50"],
  ["250 to 1000", "250"],
  ["1000 and over", "1000"],
] as const;

/**
 * The creator's dashboard: their code, counts of their referrals (never who), the commission
 * accrued (the sum over referrals rounded down to the cent), claimed and available, and the last
 * claims.
 */
export async function getAffiliate(services: Deps, userId: string): Promise<Affiliate> {
  const { database } = services;
  const settings = await readAffiliateSettings(database.prisma);
  const [row] = await database.sql.query<
    CodeRow & { emailVerified: boolean; accrued: string; claimed: string; count: number; earning: number; active: number }
  >(
    `SELECT c.id, c.code, c."disabledAt" IS NOT NULL AS disabled, to_char(c."createdAt", ${ISO}) AS "createdAt",
            u."emailVerified",
            trunc(coalesce((SELECT sum(f."commissionAccrued") FROM referral f WHERE f."creatorCodeId" = c.id), 0), 2)::text AS accrued,
            coalesce(c."commissionClaimed", 0)::text AS claimed,
            (SELECT count(*) FROM referral f WHERE f."creatorCodeId" = c.id)::int AS count,
            (SELECT count(*) FROM referral f WHERE f."creatorCodeId" = c.id AND f."commissionEndsAt" > now() AT TIME ZONE 'UTC')::int AS earning,
            (SELECT count(*) FROM referral f WHERE f."creatorCodeId" = c.id
               AND f."lastPlayedAt" > now() AT TIME ZONE 'UTC' - make_interval(days => $2))::int AS active
     FROM "user" u LEFT JOIN creator_code c ON c."userId" = u.id
     WHERE u.id = $1`,
    [userId, REFERRAL_ACTIVE_DAYS],
  );
  if (!row) throw new AppError("NOT_FOUND", "No such account.");
  const refusal = await findRewardRefusal(database.sql, userId);
  const buckets = row.id
    ? await database.sql.query<{ bucket: string; count: number }>(
        `SELECT b.bucket, count(*)::int AS count FROM (
           SELECT CASE WHEN d.total = 0 THEN 'none' WHEN d.total < 50 THEN 'under 50' WHEN d.total < 250 THEN '50 to 250'
                       WHEN d.total < 1000 THEN '250 to 1000' ELSE '1000 and over' END AS bucket
           FROM referral f CROSS JOIN LATERAL (
             SELECT coalesce(sum(l.amount), 0) AS total FROM ledger_entry l WHERE l."userId" = f."userId" AND l.kind = 'DEPOSIT'
           ) d
           WHERE f."creatorCodeId" = $1
         ) b GROUP BY b.bucket`,
        [row.id],
      )
    : [];
  const claims = row.id
    ? await database.sql.query<{ id: string; amount: string; createdAt: string }>(
        `SELECT id, amount::text AS amount, to_char("createdAt", ${ISO}) AS "createdAt" FROM reward_claim
         WHERE "creatorCodeId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 20`,
        [row.id],
      )
    : [];
  const accrued = row.id ? row.accrued : "0.00";
  const claimed = row.id ? row.claimed : "0.00";
  const refusalError = refusal ? rewardRefusalError(refusal) : null;
  return {
    offered: !refusal,
    refusal: refusalError ? { code: refusalError.code, message: refusalError.message } : null,
    enabled: settings.affiliateEnabled,
    canCreate: settings.affiliateEnabled && row.emailVerified && !row.id,
    code: row.id ? toCreatorCode(row) : null,
    commissionBps: settings.commissionBps,
    commissionDays: settings.commissionDays,
    referrals: {
      count: row.id ? row.count : 0,
      earning: row.id ? row.earning : 0,
      active: row.id ? row.active : 0,
      deposits: DEPOSIT_BUCKETS.map(([bucket]) => ({ bucket, count: buckets.find((b) => b.bucket === bucket)?.count ?? 0 })),
    },
    commission: {
      // Nothing is offered to an account that may be given no reward (as GET /v1/rewards' rakeback):
      // what accrued stays in accrued, claimable once the safeguard ends.
      available: refusal ? "0.00" : formatMoney(parseMoney(accrued).minus(claimed)),
      accrued: formatMoney(accrued),
      claimed: formatMoney(claimed),
    },
    claims: claims.map((claim) => ({ ...claim, amount: formatMoney(claim.amount) })),
  };
}

/**
 * Pays the creator everything claimable of their commission (from 0.01) as one REWARD ledger
 * entry naming its reward_claim (source commission, naming the creator code), all or nothing.
 *
 * Concurrency: as claimRakeback: the creator's wallet row is locked first, then the rule of
 * rewards asked, then the code's row locked and the claimable read: of ten claims at once the
 * first pays and the others, waiting on the locks, find nothing left (409). Accruals never wait on
 * these locks (they write the referral rows, under the referred players' wallet locks); one
 * committed after the read here is simply claimable next time, so claimed never passes accrued.
 */
export async function claimCommission(
  services: Deps,
  userId: string,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<RakebackClaim> {
  return runKeyed(services.database.sql, { userId, key: idempotencyKey, target: "affiliate:claim", reused: REUSED }, (tx) =>
    payCommission(tx, userId, idempotencyKey ?? null),
  );
}

async function payCommission(tx: SqlQuery, userId: string, idempotencyKey: string | null): Promise<RakebackClaim> {
  const [wallet] = await tx.query(`SELECT 1 AS locked FROM wallet WHERE "userId" = $1 FOR UPDATE`, [userId]);
  if (!wallet) throw new AppError("NOT_FOUND", "This account has no wallet.");
  // A safeguard on the creator refuses the claim; what accrued is kept for after.
  await assertRewardAllowed(tx, userId);
  const [settings] = await tx.query<{ enabled: boolean }>(
    `SELECT coalesce((SELECT "affiliateEnabled" FROM reward_settings WHERE id = 1), true) AS enabled`,
  );
  if (!settings?.enabled) throw new AppError("REWARD_NOT_ELIGIBLE", "Creator commission is switched off for now; what accrued is kept.");
  const [code] = await tx.query<{ id: string; available: string }>(
    `SELECT c.id,
            (trunc(coalesce((SELECT sum(f."commissionAccrued") FROM referral f WHERE f."creatorCodeId" = c.id), 0), 2) - c."commissionClaimed")::text AS available
     FROM creator_code c WHERE c."userId" = $1 FOR UPDATE OF c`,
    [userId],
  );
  if (!code) throw new AppError("NOT_FOUND", "This account has no creator code.");
  if (parseMoney(code.available).lessThan("0.01"))
    throw new AppError("CONFLICT", "No commission to claim yet: it can be claimed from 0.01.");
  const available = formatMoney(code.available);
  await assertWithinBudget(tx, available);
  const { claim, balance } = await creditReward(tx, userId, {
    source: "commission",
    amount: available,
    idempotencyKey,
    creatorCodeId: code.id,
  });
  await tx.query(`UPDATE creator_code SET "commissionClaimed" = "commissionClaimed" + $2::numeric, "updatedAt" = now() WHERE id = $1`, [
    code.id,
    available,
  ]);
  return { claim, balanceAfter: moneyToNumber(balance) };
}

interface ReferralRow extends Record<string, unknown> {
  code: string;
  createdAt: string;
  welcomeClaimedAt: string | null;
  deposited: boolean;
}

async function readReferralStatus(q: SqlQuery, services: Deps, userId: string): Promise<ReferralStatus> {
  const settings = await readAffiliateSettings(services.database.prisma);
  const [row] = await q.query<ReferralRow & { signedUpAt: string; enterBefore: string; open: boolean; hasReferral: boolean }>(
    `SELECT c.code, to_char(f."createdAt", ${ISO}) AS "createdAt", to_char(f."welcomeClaimedAt", ${ISO}) AS "welcomeClaimedAt",
            EXISTS (SELECT 1 FROM ledger_entry l WHERE l."userId" = u.id AND l.kind = 'DEPOSIT') AS deposited,
            f."userId" IS NOT NULL AS "hasReferral",
            to_char(u."createdAt" + make_interval(hours => $2), ${ISO}) AS "enterBefore",
            u."createdAt" + make_interval(hours => $2) > now() AT TIME ZONE 'UTC' AS open
     FROM "user" u LEFT JOIN referral f ON f."userId" = u.id LEFT JOIN creator_code c ON c.id = f."creatorCodeId"
     WHERE u.id = $1`,
    [userId, settings.referralEntryHours],
  );
  if (!row) throw new AppError("NOT_FOUND", "No such account.");
  // Nothing is offered to an account that may be given no reward (the claim would be refused too).
  const offered = !(await findRewardRefusal(q, userId));
  const pack = settings.welcomePack;
  const waitsFor = !pack || settings.welcomeOpenings === 0 || !settings.affiliateEnabled ? "settings" : row.deposited ? null : "deposit";
  return {
    offered,
    referral: row.hasReferral
      ? {
          code: row.code,
          createdAt: row.createdAt,
          welcome: {
            pack,
            openings: settings.welcomeOpenings,
            claimable: offered && !row.welcomeClaimedAt && waitsFor === null,
            claimedAt: row.welcomeClaimedAt,
            waitsFor: row.welcomeClaimedAt ? null : waitsFor,
          },
        }
      : null,
    canEnter: !row.hasReferral && row.open && settings.affiliateEnabled,
    enterBefore: row.hasReferral ? null : row.enterBefore,
  };
}

/** The account's referral (the code it entered, its welcome reward) or whether it may enter one. */
export function getReferralStatus(services: Deps, userId: string): Promise<ReferralStatus> {
  return readReferralStatus(services.database.sql, services, userId);
}

/**
 * Enters a creator code for the account: once (the referral's key is the account), within the
 * operator's window from sign-up (24 h by default), never its own code, never a disabled one. The
 * creator earns commission on this account's wagers for commissionDays from now. Entering a code
 * is not a reward, so no safeguard refuses it; the welcome reward asks the rule of rewards.
 *
 * Concurrency: the account's wallet row is locked first (paid_play's lock), so the referral
 * cannot appear halfway through a play; two entries at once meet the primary key, and the second
 * is told the account has one.
 */
export async function enterReferralCode(
  services: Deps,
  userId: string,
  input: z.input<typeof ReferralInputSchema>,
): Promise<ReferralStatus> {
  const { code } = parseInputOrThrow(ReferralInputSchema, input);
  const { database } = services;
  const settings = await readAffiliateSettings(database.prisma);
  return database.sql.transaction(async (tx) => {
    const [wallet] = await tx.query(`SELECT 1 AS locked FROM wallet WHERE "userId" = $1 FOR UPDATE`, [userId]);
    if (!wallet) throw new AppError("NOT_FOUND", "This account has no wallet.");
    if (!settings.affiliateEnabled) throw new AppError("REWARD_NOT_ELIGIBLE", "Creator codes are switched off for now.");
    // The code's row shared-locked: an operator disabling it (FOR UPDATE, then ending its
    // referrals' windows) either waits for this referral and ends its window too, or commits
    // first and this reads it disabled; never a full window on a code disabled meanwhile.
    const [target] = await tx.query<{ codeId: string; owner: string; disabled: boolean }>(
      `SELECT id AS "codeId", "userId" AS owner, "disabledAt" IS NOT NULL AS disabled FROM creator_code WHERE lower(code) = lower($1) FOR SHARE`,
      [code],
    );
    const [account] = await tx.query<{ open: boolean; existing: string | null }>(
      `SELECT u."createdAt" + make_interval(hours => $2) > now() AT TIME ZONE 'UTC' AS open,
              (SELECT c.code FROM referral f JOIN creator_code c ON c.id = f."creatorCodeId" WHERE f."userId" = u.id) AS existing
       FROM "user" u WHERE u.id = $1`,
      [userId, settings.referralEntryHours],
    );
    if (!account) throw new AppError("NOT_FOUND", "No such account.");
    const row = { ...account, codeId: target?.codeId ?? null, owner: target?.owner ?? null, disabled: target?.disabled ?? false };
    if (row.existing)
      throw new AppError("CONFLICT", `This account has already entered the creator code ${row.existing}; a code is entered once.`);
    if (!row.open)
      throw new AppError(
        "REWARD_NOT_ELIGIBLE",
        `A creator code can be entered within ${settings.referralEntryHours} hours of signing up, and that time has passed.`,
      );
    if (!row.codeId || row.disabled) throw new AppError("NOT_FOUND", `There is no creator code ${code}.`);
    if (row.owner === userId) throw new AppError("REWARD_NOT_ELIGIBLE", "An account cannot enter its own creator code.");
    const inserted = await tx.query(
      `INSERT INTO referral ("userId", "creatorCodeId", "commissionEndsAt", "createdAt")
       VALUES ($1, $2, now() AT TIME ZONE 'UTC' + make_interval(days => $3), now() AT TIME ZONE 'UTC')
       ON CONFLICT ("userId") DO NOTHING RETURNING "userId"`,
      [userId, row.codeId, settings.commissionDays],
    );
    if (inserted.length === 0) throw new AppError("CONFLICT", "This account has already entered a creator code; a code is entered once.");
    return readReferralStatus(tx, services, userId);
  });
}

/**
 * Opens the welcome reward of a referred account, once, after its first deposit: the operator's
 * number of free openings of the welcome pack, drawn like any opening at the pair's next nonces,
 * each a reward_claim (source welcome) naming its spin and the referral. Opened when the player
 * asks rather than at the deposit, so they see the draws and a safeguard in force at that moment
 * (excluded, a time-out, a reached limit, age unconfirmed, identity checks) refuses it: the rule
 * of rewards is asked after the wallet lock. Within the daily budget (the packs' price).
 *
 * Concurrency: the wallet row, then the referral row, are locked before welcomeClaimedAt is read:
 * two requests at once, the second finds it set (409).
 */
export async function claimWelcomeReward(
  services: Deps & { catalog: CatalogCache; pairs: ActivePairs; turns: AccountGate },
  userId: string,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<WelcomeReward> {
  const { database, pairs, turns } = services;
  assertIdempotencyKey(idempotencyKey);
  const keyed = idempotencyKey ? { userId, key: idempotencyKey, target: "referral:welcome", reused: REUSED } : null;
  if (keyed) {
    const replay = await findReplay<WelcomeReward>(database.sql, keyed);
    if (replay) return replay;
  }
  const settings = await readAffiliateSettings(database.prisma);
  const cached = settings.welcomePack
    ? await getActivePackOrThrow(services, settings.welcomePack.id).catch(() => {
        throw new AppError("REWARD_NOT_ELIGIBLE", "The welcome reward's pack is not available right now; try again later.");
      })
    : null;
  return turns.run(userId, async () => {
    for (let attempt = 0; ; attempt++) {
      const pair = await pairs.get(database.sql, userId);
      try {
        const result = await database.sql.transaction(async (tx) => {
          if (keyed) {
            const replay = await claimKey<WelcomeReward>(tx, keyed);
            if (replay) return replay;
          }
          const [wallet] = await tx.query(`SELECT 1 AS locked FROM wallet WHERE "userId" = $1 FOR UPDATE`, [userId]);
          if (!wallet) throw new AppError("NOT_FOUND", "This account has no wallet.");
          await assertRewardAllowed(tx, userId);
          const [referral] = await tx.query<{
            claimed: boolean;
            deposited: boolean;
            packId: string | null;
            openings: number;
            enabled: boolean;
          }>(
            `SELECT f."welcomeClaimedAt" IS NOT NULL AS claimed,
                    EXISTS (SELECT 1 FROM ledger_entry l WHERE l."userId" = f."userId" AND l.kind = 'DEPOSIT') AS deposited,
                    s."welcomePackId" AS "packId", coalesce(s."welcomeOpenings", 3) AS openings, coalesce(s."affiliateEnabled", true) AS enabled
             FROM referral f LEFT JOIN reward_settings s ON s.id = 1
             WHERE f."userId" = $1 FOR UPDATE OF f`,
            [userId],
          );
          if (!referral) throw new AppError("NOT_FOUND", "This account entered no creator code, so it has no welcome reward.");
          if (referral.claimed) throw new AppError("CONFLICT", "The welcome reward was already opened.");
          if (!referral.enabled) throw new AppError("REWARD_NOT_ELIGIBLE", "Creator codes are switched off for now.");
          if (!referral.deposited) throw new AppError("REWARD_NOT_ELIGIBLE", "The welcome reward opens after the account's first deposit.");
          if (!referral.packId || referral.openings === 0 || !cached)
            throw new AppError("REWARD_NOT_ELIGIBLE", "There is no welcome reward to open right now.");
          if (cached.pack.id !== referral.packId) throw new AppError("CONFLICT", "The welcome reward changed meanwhile; try again.");
          await assertWithinBudget(tx, cached.pack.price.times(referral.openings).toFixed(2));
          const openings = await giveFreeOpenings(tx, cached, userId, pair, {
            count: referral.openings,
            source: "welcome",
            idempotencyKey: idempotencyKey ?? null,
            referralId: userId,
          });
          await tx.query(`UPDATE referral SET "welcomeClaimedAt" = now() AT TIME ZONE 'UTC' WHERE "userId" = $1`, [userId]);
          const answer: WelcomeReward = { openings };
          if (keyed) await storeAnswer(tx, keyed, answer);
          return answer;
        });
        // The openings took nonces from the pair: read it afresh next time.
        pairs.forget(userId);
        return result;
      } catch (error) {
        if ((error as { code?: string }).code !== STALE_PAIR || attempt >= 4) throw error;
        pairs.forget(userId);
      }
    }
  });
}

/** The sign-up's optional creator code (body.referralCode), or null when none was given. */
function signUpReferralCode(body: unknown): string | null {
  const given = typeof body === "object" && body !== null ? (body as Record<string, unknown>).referralCode : undefined;
  if (given === undefined || given === null || given === "") return null;
  if (typeof given !== "string" || !CREATOR_CODE_PATTERN.test(given.trim()))
    throw new AppError("BAD_REQUEST", "referralCode: a creator code is 3 to 16 letters, digits or -");
  return given.trim();
}

/**
 * The sign-up's creator code, checked before the account exists (handleAuthRequest), so a typo is
 * told at once instead of being lost: 400 when malformed, 404 when there is no such live code.
 * Said the same whether or not the e-mail has an account.
 */
export async function checkSignUpReferralCode(services: Deps, body: unknown): Promise<void> {
  const code = signUpReferralCode(body);
  if (code === null) return;
  const [row] = await services.database.sql.query(
    `SELECT 1 AS found FROM creator_code WHERE lower(code) = lower($1) AND "disabledAt" IS NULL`,
    [code],
  );
  if (!row) throw new AppError("NOT_FOUND", `referralCode: there is no creator code ${code}.`);
}

/**
 * Enters the sign-up's creator code for the new account (auth.ts's user hook, after its wallet
 * exists). Checked before the account was made; if it was disabled in between, the account is
 * made all the same and may enter a code on the rewards page within the window, so this logs and
 * carries on rather than failing a sign-up that has already created the account.
 */
export async function enterSignUpReferralCode(services: Deps, userId: string, body: unknown): Promise<void> {
  const code = signUpReferralCode(body);
  if (code === null) return;
  try {
    await enterReferralCode(services, userId, { code });
  } catch (error) {
    logger("rewards").warn({ err: error, userId }, "the sign-up's creator code was not entered");
  }
}
