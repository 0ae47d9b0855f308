import { z } from "zod";
import type { DbTx, SqlQuery } from "@prizepacks/db";
import type { Prisma } from "@prizepacks/db/prisma";
import { newId } from "@prizepacks/db/ids";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { writeAdminLog, type AdminActor } from "../admin-log/write-admin-log.ts";
import type { CachedPack, CatalogCache } from "../catalog/catalog-cache.ts";
import { getActivePackOrThrow } from "../catalog/get-pack.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { PromoRedeemInputSchema, type PromoRedemption } from "../contract/rewards.ts";
import { AppError } from "../errors.ts";
import { assertIdempotencyKey, claimKey, findReplay, storeAnswer } from "../idempotency-key.ts";
import { formatMoney, moneyToNumber, parseMoney } from "../money.ts";
import type { ActivePair, ActivePairs } from "../open/active-pairs.ts";
import { STALE_PAIR } from "../open/open-pack.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { AccountGate } from "../runtime/account-gate.ts";
import type { Deps } from "../runtime/deps.ts";
import { creditReward } from "./claim-rakeback.ts";
import { giveFreeOpenings } from "./free-openings.ts";
import { assertWithinBudget } from "./reward-budget.ts";
import { assertRewardAllowed } from "./reward-refusal.ts";

export const PromoCreateSchema = z
  .object({
    code: PromoRedeemInputSchema.shape.code,
    amount: z
      .string()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'amount must be like "5.00"')
      .optional(),
    pack: z.string().min(1).max(200).optional(),
    openings: z.coerce.number().int().min(1).max(10).optional(),
    maxRedemptions: z.coerce.number().int().min(1).max(1_000_000),
    expires: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
    minLevel: z.coerce.number().int().min(0).max(100).default(0),
    firstDeposit: z.boolean().default(false),
    requestKey: RequestKeySchema.optional(),
  })
  .superRefine((input, context) => {
    const cash = input.amount !== undefined;
    const openings = input.pack !== undefined || input.openings !== undefined;
    if (cash === openings || (openings && (input.pack === undefined || input.openings === undefined)))
      context.addIssue({ code: "custom", path: ["amount"], message: "give either --amount, or --pack with --openings" });
    if (cash && parseMoney(input.amount!).lessThan("0.01"))
      context.addIssue({ code: "custom", path: ["amount"], message: "amount must be at least 0.01" });
  });

export type PromoCodeView = {
  id: string;
  code: string;
  amount: string | null;
  pack: { id: string; slug: string } | null;
  openings: number | null;
  maxRedemptions: number;
  redemptions: number;
  expiresAt: string | null;
  minLevel: number;
  requiresDeposit: boolean;
  /** When the operator disabled it (ISO 8601 UTC), or null. */
  disabledAt: string | null;
  /** What a player meets now: live, disabled, expired or used up (every redemption taken). */
  state: PromoCodeState;
};

export type PromoCodeState = "live" | "disabled" | "expired" | "used_up";

function promoState(row: { disabledAt: Date | null; expiresAt: Date | null; redemptions: number; maxRedemptions: number }): PromoCodeState {
  if (row.disabledAt) return "disabled";
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return "expired";
  return row.redemptions >= row.maxRedemptions ? "used_up" : "live";
}

function promoView(row: {
  id: string;
  code: string;
  amount: Prisma.Decimal | null;
  pack: { id: string; slug: string } | null;
  openings: number | null;
  maxRedemptions: number;
  redemptions: number;
  expiresAt: Date | null;
  minLevel: number;
  requiresDeposit: boolean;
  disabledAt: Date | null;
}): PromoCodeView {
  return {
    id: row.id,
    code: row.code,
    amount: row.amount ? formatMoney(row.amount) : null,
    pack: row.pack,
    openings: row.openings,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    minLevel: row.minLevel,
    requiresDeposit: row.requiresDeposit,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    state: promoState(row),
  };
}

/** Creates a promo code (the console's form and `npm run admin -- promo:create`), logged. */
export async function createPromoCode(services: Deps, actor: AdminActor, input: z.input<typeof PromoCreateSchema>): Promise<PromoCodeView> {
  const { requestKey, ...f } = parseInputOrThrow(PromoCreateSchema, input);
  const run = async (tx: DbTx) => {
    const pack = f.pack
      ? await tx.pack.findFirst({ where: { OR: [{ id: f.pack }, { slug: f.pack }], archivedAt: null }, select: { id: true, slug: true } })
      : null;
    if (f.pack && !pack) throw new AppError("NOT_FOUND", `No pack ${f.pack}.`);
    const taken = await tx.$queryRaw<unknown[]>`SELECT 1 FROM promo_code WHERE lower(code) = lower(${f.code})`;
    if (taken.length > 0) throw new AppError("CONFLICT", `The code ${f.code} exists already (codes are unique in any case).`);
    const expiresAt = f.expires ? new Date(f.expires) : null;
    const row = await tx.promoCode.create({
      data: {
        id: newId(),
        code: f.code,
        amount: f.amount ? parseMoney(f.amount) : null,
        packId: pack?.id ?? null,
        openings: f.openings ?? null,
        maxRedemptions: f.maxRedemptions,
        expiresAt,
        minLevel: f.minLevel,
        requiresDeposit: f.firstDeposit,
        createdBy: actor.email,
      },
    });
    const view = promoView({ ...row, pack });
    await writeAdminLog(
      services,
      actor,
      {
        action: "rewards.promo_created",
        targetType: "promo_code",
        targetId: row.id,
        before: {},
        after: { ...view, pack: pack?.slug ?? null },
      },
      { tx },
    );
    return view;
  };
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "rewards.promo_created", request: f }, run);
}

export const PromoDisableSchema = z.object({ id: z.string().min(1).max(64), requestKey: RequestKeySchema.optional() });

/**
 * Disables a promo code, at once and logged: from then on no one can redeem it (a redemption
 * reads disabledAt under the code's row lock, so none passes after this commits). What was
 * redeemed before stays. Disabling is final: a code to offer again is a new code, so a player
 * never meets a code that came back with other terms.
 */
export async function disablePromoCode(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof PromoDisableSchema>,
): Promise<PromoCodeView> {
  const { id, requestKey } = parseInputOrThrow(PromoDisableSchema, input);
  const run = async (tx: DbTx) => {
    const [locked] = await tx.$queryRaw<
      Array<{ disabledAt: Date | null }>
    >`SELECT "disabledAt" FROM promo_code WHERE id = ${id} FOR UPDATE`;
    if (!locked) throw new AppError("NOT_FOUND", `No promo code ${id}.`);
    if (locked.disabledAt) throw new AppError("CONFLICT", "This promo code is disabled already.");
    const row = await tx.promoCode.update({
      where: { id },
      data: { disabledAt: new Date() },
      include: { pack: { select: { id: true, slug: true } } },
    });
    const view = promoView(row);
    await writeAdminLog(
      services,
      actor,
      {
        action: "rewards.promo_disabled",
        targetType: "promo_code",
        targetId: id,
        before: { disabledAt: null },
        after: { disabledAt: view.disabledAt },
      },
      { tx },
    );
    return view;
  };
  return runAdminMutation(services.database.prisma, actor, { requestKey, action: "rewards.promo_disabled", request: { id } }, run);
}

/** Every promo code, newest first, with its redemptions (the console's list). */
export async function listPromoCodes(services: Deps): Promise<PromoCodeView[]> {
  const rows = await services.database.prisma.promoCode.findMany({
    orderBy: { createdAt: "desc" },
    take: 500,
    include: { pack: { select: { id: true, slug: true } } },
  });
  return rows.map(promoView);
}

interface PromoRow extends Record<string, unknown> {
  id: string;
  code: string;
  amount: string | null;
  packId: string | null;
  openings: number | null;
  maxRedemptions: number;
  redemptions: number;
  live: boolean;
  disabled: boolean;
  minLevel: number;
  requiresDeposit: boolean;
  level: number;
  deposited: boolean;
  redeemed: boolean;
  own: boolean;
}

/**
 * Redeems a promo code for the account: once per account, never past its maximum, refused by the
 * rule of rewards, within the daily budget. Cash is one REWARD entry naming its claim (source
 * promo); free openings are opened at once, through open_pack at the pair's next nonces, each a
 * claim naming its spin.
 *
 * Concurrency: the account's wallet row is locked first, then the code's row: redemptions of one
 * code take turns on it, and each reads the count after the lock, so of 50 players racing for
 * the last redemption exactly one passes (the conditional update and the CHECK back it), and
 * one account redeeming twice at once meets the unique (code, account) index.
 */
export async function redeemPromoCode(
  services: Deps & { catalog: CatalogCache; pairs: ActivePairs; turns: AccountGate },
  userId: string,
  input: z.input<typeof PromoRedeemInputSchema>,
  { idempotencyKey }: { idempotencyKey?: string | undefined } = {},
): Promise<PromoRedemption> {
  const { code } = parseInputOrThrow(PromoRedeemInputSchema, input);
  const { database, pairs, turns } = services;
  assertIdempotencyKey(idempotencyKey);
  const keyed = idempotencyKey
    ? {
        userId,
        key: idempotencyKey,
        target: `promo:${code.toLowerCase()}`,
        reused: "This Idempotency-Key was already used for another request.",
      }
    : null;
  if (keyed) {
    const replay = await findReplay<PromoRedemption>(database.sql, keyed);
    if (replay) return replay;
  }
  // The pack of a code of openings, looked up before the transaction (a code's pack never
  // changes): the catalog may have to load, and no transaction should wait for it.
  const [target] = await database.sql.query<{ packId: string | null }>(`SELECT "packId" FROM promo_code WHERE lower(code) = lower($1)`, [
    code,
  ]);
  const cached = target?.packId
    ? await getActivePackOrThrow(services, target.packId).catch(() => {
        throw new AppError("REWARD_NOT_ELIGIBLE", `The promo code ${code}'s pack is not available right now; try again later.`);
      })
    : null;
  return turns.run(userId, async () => {
    for (let attempt = 0; ; attempt++) {
      const pair = await pairs.get(database.sql, userId);
      try {
        const outcome = await database.sql.transaction(async (tx) => {
          if (keyed) {
            const replay = await claimKey<PromoRedemption>(tx, keyed);
            if (replay) return { result: replay, opened: 0 };
          }
          const result = await redeemInTransaction(tx, userId, code, cached, pair, idempotencyKey ?? null);
          if (keyed) await storeAnswer(tx, keyed, result);
          return { result, opened: result.openings.length };
        });
        // The openings took nonces from the pair: read it afresh next time.
        if (outcome.opened > 0) pairs.forget(userId);
        return outcome.result;
      } catch (error) {
        if ((error as { code?: string }).code !== STALE_PAIR || attempt >= 4) throw error;
        pairs.forget(userId);
      }
    }
  });
}

async function redeemInTransaction(
  tx: SqlQuery,
  userId: string,
  code: string,
  cached: CachedPack | null,
  pair: ActivePair,
  idempotencyKey: string | null,
): Promise<PromoRedemption> {
  const [wallet] = await tx.query(`SELECT 1 AS locked FROM wallet WHERE "userId" = $1 FOR UPDATE`, [userId]);
  if (!wallet) throw new AppError("NOT_FOUND", "This account has no wallet.");
  await assertRewardAllowed(tx, userId);
  const [promo] = await tx.query<PromoRow>(
    `SELECT p.id, p.code, p.amount::text AS amount, p."packId", p.openings, p."maxRedemptions", p.redemptions,
            p."disabledAt" IS NULL AND (p."expiresAt" IS NULL OR p."expiresAt" > now() AT TIME ZONE 'UTC') AS live,
            p."disabledAt" IS NOT NULL AS disabled,
            p."minLevel", p."requiresDeposit",
            coalesce((SELECT max(l.level) FROM reward_level l WHERE l."xpThreshold" <= coalesce(r.xp, 0)), 0) AS level,
            EXISTS (SELECT 1 FROM ledger_entry d WHERE d."userId" = $2 AND d.kind = 'DEPOSIT') AS deposited,
            EXISTS (SELECT 1 FROM promo_redemption x WHERE x."promoCodeId" = p.id AND x."userId" = $2) AS redeemed,
            p."createdBy" = (SELECT u.email FROM "user" u WHERE u.id = $2) AS own
     FROM promo_code p LEFT JOIN account_reward r ON r."userId" = $2
     WHERE lower(p.code) = lower($1)
     FOR UPDATE OF p`,
    [code, userId],
  );
  if (!promo) throw new AppError("NOT_FOUND", `There is no promo code ${code}.`);
  // Four eyes on money: a code is money its creator chose to give, never to themself.
  if (promo.own) throw new AppError("FORBIDDEN", `${promo.code} was created by this account: an admin cannot redeem their own code.`);
  if (promo.redeemed) throw new AppError("CONFLICT", `This account has already redeemed ${promo.code}.`);
  if (promo.disabled) throw new AppError("REWARD_NOT_ELIGIBLE", `The promo code ${promo.code} is no longer offered.`);
  if (!promo.live) throw new AppError("REWARD_NOT_ELIGIBLE", `The promo code ${promo.code} has expired.`);
  if (promo.redemptions >= promo.maxRedemptions) throw new AppError("CONFLICT", `The promo code ${promo.code} has been fully redeemed.`);
  if (promo.level < promo.minLevel)
    throw new AppError(
      "REWARD_NOT_ELIGIBLE",
      `The promo code ${promo.code} is for level ${promo.minLevel} and up (this account is at ${promo.level}).`,
    );
  if (promo.requiresDeposit && !promo.deposited)
    throw new AppError("REWARD_NOT_ELIGIBLE", `The promo code ${promo.code} is for accounts that have made a deposit.`);

  if ((cached?.pack.id ?? null) !== promo.packId) throw new Error(`promo code ${promo.code}'s pack changed while it was redeemed`);
  const unitCost = cached ? cached.pack.price.toFixed(2) : formatMoney(promo.amount!);
  const cost = cached ? cached.pack.price.times(promo.openings!).toFixed(2) : unitCost;
  await assertWithinBudget(tx, cost);

  const redemptionId = newId();
  const [counted] = await tx.query<{ createdAt: string }>(
    `WITH counted AS (
       UPDATE promo_code SET redemptions = redemptions + 1 WHERE id = $1 AND redemptions < "maxRedemptions" RETURNING id
     )
     INSERT INTO promo_redemption (id, "promoCodeId", "userId", "createdAt")
     SELECT $2, id, $3, now() AT TIME ZONE 'UTC' FROM counted
     RETURNING to_char("createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`,
    [promo.id, redemptionId, userId],
  );
  if (!counted) throw new AppError("CONFLICT", `The promo code ${promo.code} has been fully redeemed.`);
  const redemption = { id: redemptionId, code: promo.code, createdAt: counted.createdAt };

  if (!cached) {
    const { claim, balance } = await creditReward(tx, userId, {
      source: "promo",
      amount: unitCost,
      idempotencyKey,
      promoRedemptionId: redemptionId,
    });
    return { redemption, cash: { claim, balanceAfter: moneyToNumber(balance) }, openings: [] };
  }
  const openings = await giveFreeOpenings(tx, cached, userId, pair, {
    count: promo.openings!,
    source: "promo",
    idempotencyKey,
    promoRedemptionId: redemptionId,
  });
  return { redemption, cash: null, openings };
}

/** For messages: a promo code's reward in words. */
export const describePromo = (view: Pick<PromoCodeView, "amount" | "openings" | "pack">): string =>
  view.amount ? displayMoney(view.amount) : `${view.openings} free opening(s) of ${view.pack?.slug ?? "a pack"}`;
