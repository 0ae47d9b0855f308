import { z } from "zod";
import { rollUpgrade, upgradeChanceTickets, verifyUpgrade } from "@prizepacks/fairness";
import { assertVerifiedBeforePaid } from "../transparency/self-check.ts";
import { withLeafIndex } from "../transparency/read-log.ts";
import { nodeHashes } from "@prizepacks/fairness/node";
import type { SqlQuery } from "@prizepacks/db";
import { newId } from "@prizepacks/db/ids";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import { IdSchema } from "../contract/fields.ts";
import { centsToMoney, moneyToCents } from "../contract/money-cents.ts";
import {
  chancePercent,
  MAX_UPGRADE_STAKE,
  MIN_UPGRADE_CHANCE_TICKETS,
  type UpgradeQuote,
  type UpgradeResult,
} from "../contract/upgrades.ts";
import { AppError } from "../errors.ts";
import { assertIdempotencyKey, claimKey, findReplay } from "../idempotency-key.ts";
import { throwWhyNotHeld } from "../inventory/sell-inventory-items.ts";
import { formatMoney } from "../money.ts";
import type { ActivePair, ActivePairs } from "../open/active-pairs.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { recordLimitHit } from "../protection/protection-events.ts";
import { protectionErrorFromDatabase } from "../protection/protection-refusal.ts";
import type { AccountGate } from "../runtime/account-gate.ts";
import type { Deps } from "../runtime/deps.ts";
import { readGameSettings } from "../settings/money-settings.ts";
import { findCatalogTarget, type CatalogTarget } from "./upgrade-targets.ts";

const distinct = (ids: string[]) => new Set(ids).size === ids.length;

export const UpgradeInputSchema = z.object({
  inventoryItemIds: z
    .array(IdSchema)
    .min(1)
    .max(MAX_UPGRADE_STAKE)
    .refine(distinct, "inventoryItemIds must not repeat an id")
    .meta({ description: `1 to ${MAX_UPGRADE_STAKE} distinct ids of held inventory items: the stake.` }),
  targetItemId: IdSchema.meta({ description: "The item to upgrade to (GET /v1/upgrades/targets)." }),
});
export type UpgradeInput = z.input<typeof UpgradeInputSchema>;

interface StakeRow {
  id: string;
  itemId: string;
  value: string;
}

/** Everything an upgrade is decided by, read before it is drawn; upgrade_items re-checks the stake under its locks. */
interface PreparedUpgrade {
  stake: StakeRow[];
  stakeValue: string;
  target: CatalogTarget;
  edgeBps: number;
  capTickets: number;
  chanceTickets: number;
}

/**
 * The stake (held items of the account), the target (an item of an active pack) and the chance
 * under the settings in force. 404: an item or the target is not there; 409: an item is no longer
 * held; 400: the target is not worth more than the stake, or the chance is under 1 %.
 */
async function prepareUpgrade(services: Deps & { catalog: CatalogCache }, userId: string, input: UpgradeInput): Promise<PreparedUpgrade> {
  const { inventoryItemIds: ids, targetItemId } = parseInputOrThrow(UpgradeInputSchema, input);
  const db = services.database.prisma;
  const [rows, target, settings] = await Promise.all([
    db.inventoryItem.findMany({ where: { id: { in: ids }, userId, status: "HELD" }, select: { id: true, itemId: true, value: true } }),
    findCatalogTarget(services.catalog, targetItemId),
    readGameSettings(db),
  ]);
  if (rows.length !== ids.length) {
    const held = new Set(rows.map((row) => row.id));
    await throwWhyNotHeld(
      db,
      userId,
      ids.filter((id) => !held.has(id)),
    );
  }
  if (!target) throw new AppError("NOT_FOUND", `Item "${targetItemId}" is not an item of an active pack.`);
  const byId = new Map(rows.map((row) => [row.id, { id: row.id, itemId: row.itemId, value: formatMoney(row.value) }]));
  const stake = ids.map((id) => byId.get(id)!);
  const stakeCents = stake.reduce((sum, item) => sum + moneyToCents(item.value), 0n);
  if (target.valueCents <= stakeCents) {
    throw new AppError(
      "BAD_REQUEST",
      `Not an upgrade: the target is worth ${target.target.value}, the stake ${centsToMoney(stakeCents)}; pick a target worth more than the stake.`,
    );
  }
  const { upgradeEdgeBps: edgeBps, upgradeCapTickets: capTickets } = settings;
  const chanceTickets = upgradeChanceTickets({ stakeCents, targetCents: target.valueCents, edgeBps, capTickets });
  if (chanceTickets < MIN_UPGRADE_CHANCE_TICKETS) {
    throw new AppError(
      "BAD_REQUEST",
      `The chance would be ${chancePercent(chanceTickets)} %, under the 1 % an upgrade needs: stake more or pick a cheaper target.`,
    );
  }
  return { stake, stakeValue: centsToMoney(stakeCents), target, edgeBps, capTickets, chanceTickets };
}

/** The chance, expected value and edge of an upgrade before it is asked for; nothing is written. */
export async function quoteUpgrade(services: Deps & { catalog: CatalogCache }, userId: string, input: UpgradeInput): Promise<UpgradeQuote> {
  const { stakeValue, target, edgeBps, capTickets, chanceTickets } = await prepareUpgrade(services, userId, input);
  return {
    stakeValue,
    target: target.target,
    targetValue: target.target.value,
    edgeBps,
    capTickets,
    chanceTickets,
    chance: chancePercent(chanceTickets),
    expectedValue: centsToMoney((target.valueCents * BigInt(chanceTickets)) / 100_000n),
  };
}

/** upgrade_items' SQLSTATEs: the pair not at the expected nonce; an item of the stake no longer held. */
const STALE_PAIR = "PP409";
const NOT_HELD = "PP410";

/**
 * Stakes held items for a chance at a pricier one (upgrade/v1): one call of upgrade_items
 * (prisma/functions/upgrade_items.sql), which takes the stake (HELD → UPGRADED), weighs it as a
 * wager through paid_play (wallet lock, age, exclusions, limits), advances the pair's nonce and
 * writes the upgrade, its stakes and, when won, the target as a new HELD item. All or nothing.
 *
 * As an opening: the roll is made here for the nonce the account's active pair is at
 * (ActivePairs), inside the account's turn (Services.turns), and recorded only if the pair is
 * still at that nonce; if not, the pair is reloaded and the roll made again.
 *
 * Concurrency: upgrade_items locks the stake's rows and re-checks HELD after any wait, so of
 * concurrent requests staking (selling, shipping, exchanging) one item exactly one gets it;
 * upgrade_stake's unique item backs that in the schema.
 */
export async function upgradeItems(
  services: Deps & { catalog: CatalogCache; pairs: ActivePairs; turns: AccountGate },
  userId: string,
  input: UpgradeInput,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<UpgradeResult> {
  const { database, pairs, turns } = services;
  const parsed = parseInputOrThrow(UpgradeInputSchema, input);
  assertIdempotencyKey(idempotencyKey);
  const keyed = idempotencyKey
    ? {
        userId,
        key: idempotencyKey,
        target: `upgrade:${parsed.targetItemId}:${[...parsed.inventoryItemIds].sort().join(",")}`,
        reused: "This Idempotency-Key was already used for another request.",
      }
    : null;
  if (keyed) {
    const replay = await findReplay<UpgradeResult>(database.sql, keyed);
    if (replay) return withLeafIndex(services, { kind: "upgrade", id: replay.upgrade.id }, replay);
  }
  const upgrading = turns.run(userId, async () => {
    const prepared = await prepareUpgrade(services, userId, parsed);
    for (let attempt = 0; ; attempt++) {
      const pair = await pairs.get(database.sql, userId);
      try {
        const outcome = keyed
          ? await database.sql.transaction(async (tx) => {
              const replay = await claimKey<UpgradeResult>(tx, keyed);
              return replay
                ? { result: replay, rolled: false }
                : { result: await recordUpgrade(tx, userId, prepared, pair, keyed.key), rolled: true };
            })
          : { result: await recordUpgrade(database.sql, userId, prepared, pair, undefined), rolled: true };
        if (!outcome.rolled) return withLeafIndex(services, { kind: "upgrade", id: outcome.result.upgrade.id }, outcome.result);
        pairs.advance(userId, pair);
        return outcome.result;
      } catch (error) {
        const code = (error as { code?: string }).code;
        // Another request took an item of the stake since it was read: which, and what became of it.
        if (code === NOT_HELD) await throwWhyNotHeld(database.prisma, userId, parsed.inventoryItemIds);
        if (code !== STALE_PAIR || attempt >= 4) throw protectionErrorFromDatabase(error) ?? error;
        pairs.forget(userId);
      }
    }
  });
  return upgrading.catch(async (error: unknown) => {
    // upgrade_items' refusal rolled its transaction back; the hit is recorded apart, after it.
    if (error instanceof AppError && error.code === "LIMIT_REACHED") await recordLimitHit(database.prisma, userId, error, "upgrade");
    throw error;
  });
}

async function recordUpgrade(
  sql: SqlQuery,
  userId: string,
  prepared: PreparedUpgrade,
  pair: ActivePair,
  idempotencyKey: string | undefined,
): Promise<UpgradeResult> {
  const { stake, stakeValue, target, edgeBps, capTickets, chanceTickets } = prepared;
  const { hash, ticket } = await rollUpgrade(pair, nodeHashes);
  const won = ticket <= chanceTickets;
  const upgradeId = newId();
  const { pack, ...item } = target.target;
  const result: UpgradeResult = {
    upgrade: {
      id: upgradeId,
      stakeValue,
      targetValue: item.value,
      chanceTickets,
      chance: chancePercent(chanceTickets),
      edgeBps,
      capTickets,
      nonce: pair.nonce,
      ticket,
      won,
    },
    fairness: { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce, hash },
    inventoryItem: won ? { id: newId(), itemId: item.id, value: item.value } : null,
    target: { ...item, packId: pack.id },
    stake,
    leafIndex: null,
  };
  // Checked before paid: upgrade/v1's verifier on exactly what upgrade_items will store.
  await assertVerifiedBeforePaid(
    "upgrade",
    { upgradeId, pairId: pair.id, nonce: pair.nonce },
    (async () => [
      ...(/^[0-9a-f]{64}$/.test(pair.serverSeed) && nodeHashes.sha256Hex(pair.serverSeed) === pair.serverSeedHash
        ? []
        : ["the server seed is empty, malformed or does not match its commitment"]),
      ...(await verifyUpgrade(
        {
          ...pair,
          stakeCents: moneyToCents(stakeValue),
          targetCents: target.valueCents,
          edgeBps,
          capTickets,
          chanceTickets,
          hash,
          ticket,
          won,
        },
        nodeHashes,
      )),
    ])(),
  );
  // Arguments by name, as open_pack's: seventeen positional ones would let a swap pass unnoticed.
  await sql.query(
    `SELECT upgrade_items(
       p_user => $1, p_upgrade => $2, p_stake => $3::text[], p_stake_value => $4::numeric, p_target => $5,
       p_target_value => $6::numeric, p_edge_bps => $7, p_cap_tickets => $8, p_chance_tickets => $9, p_pair => $10,
       p_nonce => $11, p_hash => $12, p_ticket => $13, p_won => $14, p_inventory_item => $15, p_idempotency_key => $16,
       p_response => $17::jsonb)`,
    [
      userId,
      upgradeId,
      stake.map((row) => row.id),
      stakeValue,
      item.id,
      item.value,
      edgeBps,
      capTickets,
      chanceTickets,
      pair.id,
      pair.nonce,
      hash,
      ticket,
      won,
      result.inventoryItem?.id ?? null,
      idempotencyKey ?? null,
      JSON.stringify(result),
    ],
  );
  return result;
}
