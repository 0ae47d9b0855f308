import { findRangeForTicket, verifyOpening } from "@prizepacks/fairness";
import { drawTicketSync, nodeHashes } from "@prizepacks/fairness/node";
import { assertVerifiedBeforePaid } from "../transparency/self-check.ts";
import { withLeafIndex } from "../transparency/read-log.ts";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import type { CachedPack, CatalogCache } from "../catalog/catalog-cache.ts";
import { getActivePackOrThrow } from "../catalog/get-pack.ts";
import { AppError } from "../errors.ts";
import type { AccountGate } from "../runtime/account-gate.ts";
import type { Deps } from "../runtime/deps.ts";
import type { ActivePair, ActivePairs } from "./active-pairs.ts";
import { formatMoney, moneyToNumber } from "../money.ts";
import { recordLimitHit } from "../protection/protection-events.ts";
import { protectionErrorFromDatabase } from "../protection/protection-refusal.ts";
import type { OpenResult } from "../contract/open.ts";
import { displayMoney } from "../contract/money-cents.ts";
import { assertIdempotencyKey, claimKey, findReplay } from "../idempotency-key.ts";

export interface OpenPackInput {
  userId: string;
  idOrSlug: string;
  /** The pack `idOrSlug` names, when the caller has already looked it up (the REST route's 404 check). */
  pack?: CachedPack;
  /** Same key, same account, within 24 hours: the first response is returned and nothing opens. */
  idempotencyKey?: string;
}

/**
 * Opens a pack: debit, nonce, spin, inventory item, ledger entry and the pack's tally, all or
 * nothing.
 *
 * This is the hot path, so it is one call of the open_pack SQL function on the pg pool (see
 * recordOpening) rather than about ten round trips through Prisma: the draw is made here, for
 * the nonce the account's active pair is at (ActivePairs), and the function records it only
 * if the pair is still at that nonce; if not, the pair is reloaded and the draw made again.
 * Openings of one account take their turn in Services.turns, the queue its other
 * money-moving requests use.
 * The pack and its odds come from the in-memory catalog.
 *
 * Concurrency: the conditional debit locks the account's wallet row, so opens by one account
 * run one after another and can never overdraw; opens by different accounts share no row:
 * the pack is only read, and spinCount is kept off this path (a tally row, rolled up later).
 */
export async function openPack(
  services: Deps & { catalog: CatalogCache; pairs: ActivePairs; turns: AccountGate },
  input: OpenPackInput,
): Promise<OpenResult> {
  const { database, pairs, turns } = services;
  const cached = input.pack ?? (await getActivePackOrThrow(services, input.idOrSlug));
  const { idempotencyKey, userId } = input;
  assertIdempotencyKey(idempotencyKey);
  const keyed = idempotencyKey
    ? { userId, key: idempotencyKey, target: cached.pack.id, reused: "This Idempotency-Key was already used to open a different pack." }
    : null;
  if (keyed) {
    const replay = await findReplay<OpenResult>(database.sql, keyed);
    if (replay) return withLeafIndex(services, { kind: "open", id: replay.spin.id }, replay);
  }
  // The account's one turn (shared with its other money-moving requests; 503 if it does not
  // come within 4 s): the draw uses the pair's cached nonce, so two openings of one account
  // in this process must not draw at once.
  const opening = turns.run(userId, async () => {
    for (let attempt = 0; ; attempt++) {
      const pair = await pairs.get(database.sql, userId);
      try {
        const outcome = keyed
          ? await database.sql.transaction(async (tx) => {
              const replay = await claimKey<OpenResult>(tx, keyed);
              return replay
                ? { result: replay, opened: false }
                : { result: await recordOpening(tx, cached, userId, pair, keyed.key), opened: true };
            })
          : { result: await recordOpening(database.sql, cached, userId, pair, undefined), opened: true };
        if (!outcome.opened) return withLeafIndex(services, { kind: "open", id: outcome.result.spin.id }, outcome.result);
        pairs.advance(userId, pair);
        return outcome.result;
      } catch (error) {
        if ((error as { code?: string }).code !== STALE_PAIR || attempt >= 4) throw error;
        pairs.forget(userId);
      }
    }
  });
  return opening.catch(async (error: unknown) => {
    // open_pack's refusal rolled its transaction back; the hit is recorded apart, after it.
    if (error instanceof AppError && error.code === "LIMIT_REACHED") await recordLimitHit(database.prisma, userId, error, "open");
    throw error;
  });
}

/** open_pack's SQLSTATE for a seed pair that is not active at the expected nonce. */
export const STALE_PAIR = "PP409";

export async function recordOpening(
  sql: SqlQuery,
  cached: CachedPack,
  userId: string,
  pair: ActivePair,
  idempotencyKey: string | undefined,
  { free = false }: { free?: boolean } = {},
): Promise<OpenResult> {
  const args = drawOpening(cached, userId, pair, idempotencyKey);
  // The daily case (rewards/open-daily-case.ts): the same opening for nothing, so no PACK_OPEN
  // entry (paid_play writes none for 0), no XP and no rakeback; its spin's price is 0.
  if (free) Object.assign(args, { p_price: "0.00", p_house_take: "0.00" });
  await checkOpeningBeforePaid(cached, pair, args);
  // open_pack: prisma/functions/open_pack.sql. Arguments by name: fifteen positional
  // ones of a few types would let a swap of two texts or two numerics pass unnoticed.
  // open_pack pays through paid_play, which refuses (PP403) an account whose age is not confirmed
  // and what an exclusion or a spending limit forbids, checked under its wallet lock; the refusal
  // comes back as AGE_UNCONFIRMED, LIMIT_REACHED or EXCLUDED.
  const [row] = await sql
    .query<{ balanceAfter: string | null; balanceBefore: string | null }>(
      `SELECT balance_after::text AS "balanceAfter", balance_before::text AS "balanceBefore"
     FROM open_pack(
       p_user => $1, p_pack => $2, p_price => $3::numeric, p_pair => $4, p_nonce => $5,
       p_item => $6, p_value => $7::numeric, p_odds => $8, p_result => $9, p_hash => $10,
       p_spin => $11, p_inventory_item => $12, p_ledger_entry => $13,
       p_idempotency_key => $14, p_response => $15::jsonb, p_house_take => $16::numeric)`,
      [
        args.p_user,
        args.p_pack,
        args.p_price,
        args.p_pair,
        args.p_nonce,
        args.p_item,
        args.p_value,
        args.p_odds,
        args.p_result,
        args.p_hash,
        args.p_spin,
        args.p_inventory_item,
        args.p_ledger_entry,
        args.p_idempotency_key,
        JSON.stringify(args.p_response),
        args.p_house_take,
      ],
    )
    .catch((error: unknown) => {
      throw protectionErrorFromDatabase(error) ?? error;
    });
  if (!row?.balanceAfter) {
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      `Insufficient balance: the pack costs ${displayMoney(args.p_price)}, the wallet holds ${displayMoney(formatMoney(row?.balanceBefore ?? "0"))}.`,
    );
  }
  return { ...args.p_response, balanceAfter: moneyToNumber(row.balanceAfter) };
}

/**
 * The verifier's recomputation of exactly what open_pack will store (assertVerifiedBeforePaid):
 * a few microseconds of node:crypto, no round trip.
 */
export function checkOpeningBeforePaid(cached: CachedPack, pair: ActivePair, args: OpenPackArgs): Promise<void> {
  const odds = cached.pack.currentOddsVersion!;
  return assertVerifiedBeforePaid(
    "open",
    { spinId: args.p_spin, pairId: pair.id, nonce: args.p_nonce },
    verifyOpening(
      {
        serverSeed: pair.serverSeed,
        serverSeedHash: args.p_response.fairness.serverSeedHash,
        clientSeed: args.p_response.fairness.clientSeed,
        nonce: args.p_nonce,
        hash: args.p_hash,
        result: args.p_result,
        itemId: args.p_item,
      },
      odds.ranges.map((range) => ({ itemId: range.item.id, ticketFrom: range.ticketFrom, ticketTo: range.ticketTo })),
      nodeHashes,
    ),
  );
}

/** open_pack's arguments by their SQL names; money as decimal strings. */
export interface OpenPackArgs {
  p_user: string;
  p_pack: string;
  p_price: string;
  p_pair: string;
  p_nonce: number;
  p_item: string;
  p_value: string;
  p_odds: string;
  p_result: number;
  p_hash: string;
  p_spin: string;
  p_inventory_item: string;
  p_ledger_entry: string;
  p_idempotency_key: string | null;
  /** The opening's response, balanceAfter still 0: open_pack writes the real one into the event and the replayable copy. */
  p_response: OpenResult;
  /** The expected house take (the price less the pack's expected value, never below 0): what rakeback accrues on (#39). */
  p_house_take: string;
}

/**
 * The draw for the pair's current nonce and everything open_pack records for it, before any
 * write. Exported for the benchmark's history, which records its openings through the same
 * function.
 */
export function drawOpening(cached: CachedPack, userId: string, pair: ActivePair, idempotencyKey?: string): OpenPackArgs {
  const { pack } = cached;
  const odds = pack.currentOddsVersion!;
  const draw = drawTicketSync({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce });
  const { item } = findRangeForTicket(odds.ranges, draw.result);
  const spinId = newId();
  const inventoryItemId = newId();
  const response: OpenResult = {
    spin: { id: spinId, packId: pack.id, itemId: item.id, nonce: pair.nonce, result: draw.result },
    item: { id: item.id, name: item.name, rarity: item.rarity, value: formatMoney(item.value), image: item.image },
    inventoryItem: { id: inventoryItemId, itemId: item.id, value: formatMoney(item.value) },
    balanceAfter: 0,
    fairness: {
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      hash: draw.hash,
      oddsHash: odds.oddsHash,
      oddsVersion: odds.version,
    },
    leafIndex: null,
  };
  return {
    p_user: userId,
    p_pack: pack.id,
    p_price: pack.price.toFixed(2),
    p_pair: pair.id,
    p_nonce: pair.nonce,
    p_item: item.id,
    p_value: item.value.toFixed(2),
    p_odds: odds.id,
    p_result: draw.result,
    p_hash: draw.hash,
    p_spin: spinId,
    p_inventory_item: inventoryItemId,
    p_ledger_entry: newId(),
    p_idempotency_key: idempotencyKey ?? null,
    p_response: response,
    p_house_take: Prisma.Decimal.max(pack.price.minus(cached.detail.expectedValue), 0).toFixed(2),
  };
}
