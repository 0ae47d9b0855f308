import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import type { CachedPack } from "../catalog/catalog-cache.ts";
import type { OpenResult } from "../contract/open.ts";
import type { ActivePair } from "../open/active-pairs.ts";
import { recordOpening } from "../open/open-pack.ts";

/**
 * Opens `count` free openings of `cached` for the account in the caller's transaction (which holds
 * the wallet's row lock), at the pair's next nonces through open_pack, each a reward_claim naming
 * its spin and its source row (a promo redemption or a referral), with its reward.claimed event.
 * The caller asked the rule of rewards and the budget first, and forgets the pair after commit.
 */
export async function giveFreeOpenings(
  tx: SqlQuery,
  cached: CachedPack,
  userId: string,
  pair: ActivePair,
  {
    count,
    source,
    idempotencyKey,
    promoRedemptionId = null,
    referralId = null,
  }: {
    count: number;
    source: "promo" | "welcome";
    idempotencyKey: string | null;
    promoRedemptionId?: string | null;
    referralId?: string | null;
  },
): Promise<OpenResult[]> {
  const unitCost = cached.pack.price.toFixed(2);
  const openings: OpenResult[] = [];
  for (let i = 0; i < count; i++) {
    const opening = await recordOpening(tx, cached, userId, { ...pair, nonce: pair.nonce + i }, undefined, { free: true });
    const claimId = newId();
    await tx.query(
      `INSERT INTO reward_claim (id, "userId", source, amount, cost, "spinId", "promoRedemptionId", "referralId", "idempotencyKey", "createdAt")
       VALUES ($1, $2, $7, 0, $3::numeric, $4, $5, $8, $6, now() AT TIME ZONE 'UTC')`,
      [claimId, userId, unitCost, opening.spin.id, promoRedemptionId, idempotencyKey, source, referralId],
    );
    await tx.query(`SELECT record_account_event($1, 'reward.claimed', $2::jsonb)`, [
      userId,
      JSON.stringify({ id: claimId, source, amount: "0.00", spinId: opening.spin.id }),
    ]);
    openings.push(opening);
  }
  return openings;
}
