import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalBeacon, readOrCreateLocalBeaconKey } from "../battles/beacon/local-beacon.ts";
import { createBattle } from "../battles/create-battle.ts";
import { getBattle } from "../battles/get-battle.ts";
import { joinBattle } from "../battles/join-battle.ts";
import { leaveBattle } from "../battles/leave-battle.ts";
import { settleBattle } from "../battles/settle-battles.ts";
import type { Services } from "../server/services.ts";

/** How far ahead withBeaconAhead's beacon runs: pass `Date.now() + BEACON_AHEAD_MS` as the settlement's now. */
export const BEACON_AHEAD_MS = 60_000;

/**
 * The Services with a local beacon (the default in tests, BATTLE_BEACON=local) whose clock runs
 * a minute ahead: the round a battle locks on (current round + 2) already exists for it, so a
 * locked battle settles at once.
 */
export async function withBeaconAhead(services: Services): Promise<Services> {
  const key = readOrCreateLocalBeaconKey(mkdtempSync(join(tmpdir(), "battle-beacon-")), Date.now() - 3_600_000);
  return { ...services, beacon: await LocalBeacon.fromKey(key, () => Date.now() + BEACON_AHEAD_MS) };
}

/**
 * A 1v1 battle of two players over `packs` (slugs), settled: the winner takes every item, the
 * loser paid the entry and won nothing. `services` needs a beacon ahead (withBeaconAhead).
 */
export async function settledBattle(services: Services, creatorId: string, joinerId: string, packs: string[]) {
  const created = await createBattle(services, creatorId, { packs, layout: "1v1", winRule: "highest" });
  await joinBattle(services, joinerId, created.id, {});
  if ((await settleBattle(services, created.id)) !== "settled") throw new Error(`battle ${created.id} did not settle`);
  const settled = await getBattle(services, creatorId, created.id);
  const creatorWon = settled.seats.find((seat) => seat.you)!.team === settled.winnerTeam;
  return {
    battleId: created.id,
    entry: created.entry,
    winnerId: creatorWon ? creatorId : joinerId,
    loserId: creatorWon ? joinerId : creatorId,
  };
}

/** A battle the creator entered and cancelled before anyone joined: its entry paid and given back. */
export async function cancelledBattle(services: Services, creatorId: string, packs: string[]) {
  const created = await createBattle(services, creatorId, { packs, layout: "1v1", winRule: "highest" });
  await leaveBattle(services, creatorId, created.id);
  return { battleId: created.id, entry: created.entry };
}
