import {
  battleSpecHash,
  canonicalBattleSpec,
  generateServerSeed,
  sha256Hex,
  type BattleLayout,
  type BattleWinRule,
} from "@prizepacks/fairness";
import { newId } from "@prizepacks/db/ids";
import { Prisma } from "@prizepacks/db/prisma";
import { getActivePackOrThrow } from "../catalog/get-pack.ts";
import { formatMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { CatalogCache } from "../catalog/catalog-cache.ts";
import type { Deps } from "../runtime/deps.ts";
import type { Beacon } from "./beacon/beacon.ts";
import { CreateBattleInputSchema } from "../contract/battles.ts";
import type { Battle } from "../contract/battles.ts";
import { assertIdempotencyKey, claimKey, findReplay, storeAnswer } from "../idempotency-key.ts";
import { clientSeedOrRandom, debitEntry } from "./battle-seats.ts";
import { battleView, loadBattle, recordBattleEvent } from "./battle-view.ts";

/**
 * Creates a battle and seats its creator at seat 0, debiting the entry (the sum of the rounds'
 * pack prices), all in one transaction. The server seed S is drawn here, before any seat is
 * taken, and only its commitment is published, in the spec that fixes every round's odds
 * version (with the item values it counts) and the beacon chain; the spec never changes.
 */
export async function createBattle(
  services: Deps & { beacon: Beacon; catalog: CatalogCache },
  userId: string,
  input: unknown,
  { idempotencyKey }: { idempotencyKey?: string } = {},
): Promise<Battle> {
  const { packs, layout, winRule, terminal = false, clientSeed } = parseInputOrThrow(CreateBattleInputSchema, input);
  assertIdempotencyKey(idempotencyKey);
  const { sql } = services.database;
  const keyed = idempotencyKey ? { userId, key: idempotencyKey, target: "battle:create" } : null;
  if (keyed) {
    const replay = await findReplay<Battle>(sql, keyed);
    if (replay) return replay;
  }
  const rounds = await Promise.all(
    packs.map(async (idOrSlug, index) => {
      const { pack } = await getActivePackOrThrow(services, idOrSlug);
      const odds = pack.currentOddsVersion!;
      return {
        round: index + 1,
        packId: pack.id,
        price: pack.price,
        oddsVersionId: odds.id,
        spec: { packId: pack.id, oddsVersion: odds.version, oddsHash: odds.oddsHash },
        odds: [...odds.ranges]
          .sort((a, b) => a.ticketFrom - b.ticketFrom)
          .map((range) => ({
            itemId: range.itemId,
            ticketFrom: range.ticketFrom,
            ticketTo: range.ticketTo,
            value: formatMoney(range.item.value),
          })),
      };
    }),
  );
  const entry = formatMoney(rounds.reduce((sum, round) => sum.add(round.price), new Prisma.Decimal(0)));
  const { beacon } = services;
  const id = newId();
  const serverSeed = generateServerSeed();
  const commitment = await sha256Hex(serverSeed);
  const spec = canonicalBattleSpec({
    id,
    layout: layout as BattleLayout,
    winRule: winRule as BattleWinRule,
    terminal,
    rounds: rounds.map((round) => round.spec),
    commitment,
    beacon: { chainHash: beacon.chain.chainHash, period: beacon.chain.period, genesisTime: beacon.chain.genesisTime },
  });
  const specHash = await battleSpecHash(spec);
  return sql.transaction(async (tx) => {
    if (keyed) {
      const replay = await claimKey<Battle>(tx, keyed);
      if (replay) return replay;
    }
    await tx.query(
      `INSERT INTO battle (id, "creatorId", layout, "winRule", terminal, entry, "serverSeed", commitment, spec, "specHash", "beaconKind")
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8, $9, $10, $11)`,
      [id, userId, layout, winRule, terminal, entry, serverSeed, commitment, spec, specHash, beacon.kind],
    );
    for (const round of rounds) {
      await tx.query(
        `INSERT INTO battle_round ("battleId", round, "packId", "oddsVersionId", price, odds) VALUES ($1, $2, $3, $4, $5::numeric, $6::jsonb)`,
        [id, round.round, round.packId, round.oddsVersionId, formatMoney(round.price), JSON.stringify(round.odds)],
      );
    }
    await tx.query(`INSERT INTO battle_seat ("battleId", seat, "userId", "clientSeed") VALUES ($1, 0, $2, $3)`, [
      id,
      userId,
      clientSeedOrRandom(clientSeed),
    ]);
    await debitEntry(tx, userId, id, entry);
    const created = (await loadBattle(tx, id))!;
    // The creator's seat is taken like any other (and the lobby hears of the new battle).
    await recordBattleEvent(tx, created, "battle.joined");
    const answer = battleView(created, userId);
    if (keyed) await storeAnswer(tx, keyed, answer);
    return answer;
  });
}
