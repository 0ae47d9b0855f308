/**
 * A logged outcome re-verified from its revealed server seed: what a monitor does for every leaf
 * whose seed has been revealed (a seed pair's after rotation, a battle's after settlement). It
 * runs the verifier's own functions (verifyOpening, rollUpgrade, the battle's game seed and seat
 * draws), never the server's draw code, and needs only the leaf, the seed and, for an opening,
 * the odds table its oddsHash names (checked against that hash here).
 *
 * What a leaf does not carry is not checked here: an upgrade's chance formula inputs (stake,
 * target, edge, cap: the leaf has chanceTickets, checked against the roll) and a battle's item
 * values (its draw hashes are checked; its winner needs the rounds' valued odds, verifyBattle).
 */
import { battleGameSeed, battleLockKey, battleSeatDraw } from "./battle.ts";
import { sha256Hex, verifyOpening, webHashes, type Hashes } from "./draw.ts";
import { oddsHash, type TicketRange } from "./odds.ts";
import type { TransparencyLeaf } from "./transparency.ts";
import { rollUpgrade } from "./upgrade.ts";

/** Problems with the leaf under this seed; an empty list means it reproduces. */
export async function verifyRevealedLeaf(
  leaf: TransparencyLeaf,
  serverSeed: string,
  odds: readonly TicketRange[] | null,
  hashes: Hashes = webHashes,
): Promise<string[]> {
  switch (leaf.kind) {
    case "open": {
      if (!odds) return ["its odds table (oddsHash) is not published"];
      const problems: string[] = [];
      if ((await oddsHash(odds)) !== leaf.oddsHash) problems.push("the odds table served does not hash to the leaf's oddsHash");
      problems.push(
        ...(await verifyOpening(
          {
            serverSeed,
            serverSeedHash: leaf.serverSeedHash,
            clientSeed: leaf.clientSeed,
            nonce: leaf.nonce,
            hash: leaf.hash,
            result: leaf.ticket,
            itemId: leaf.itemId,
          },
          odds,
          hashes,
        )),
      );
      return problems;
    }
    case "upgrade": {
      const problems: string[] = [];
      if ((await hashes.sha256Hex(serverSeed)) !== leaf.serverSeedHash) problems.push("the server seed does not match its commitment");
      const roll = await rollUpgrade({ serverSeed, clientSeed: leaf.clientSeed, nonce: leaf.nonce }, hashes);
      if (roll.hash !== leaf.hash) problems.push("the hash does not re-derive from the seeds and nonce");
      if (roll.ticket !== leaf.ticket) problems.push(`the ticket is ${leaf.ticket}, the hash gives ${roll.ticket}`);
      if (roll.ticket <= leaf.chanceTickets !== leaf.won)
        problems.push(`won is ${leaf.won}, ticket ${roll.ticket} against ${leaf.chanceTickets} says otherwise`);
      return problems;
    }
    case "battle": {
      const problems: string[] = [];
      if ((await sha256Hex(serverSeed)) !== leaf.commitment) problems.push("sha256(serverSeed) is not the commitment");
      const seats = leaf.clientSeeds.length;
      if (seats === 0 || leaf.drawHashes.length === 0 || leaf.drawHashes.length % seats !== 0) {
        return [...problems, `${leaf.drawHashes.length} draw hashes for ${seats} seats`];
      }
      const lockKey = await battleLockKey(leaf.specHash, leaf.clientSeeds, hashes);
      const gameSeed = await battleGameSeed(
        { serverSeed, specHash: leaf.specHash, lockKey, beaconRound: leaf.beaconRound, beaconRandomness: leaf.beaconRandomness },
        hashes,
      );
      for (const [index, hash] of leaf.drawHashes.entries()) {
        const round = Math.floor(index / seats) + 1;
        const seat = index % seats;
        if ((await battleSeatDraw(gameSeed, round, seat, hashes)).hash !== hash)
          problems.push(`round ${round}, seat ${seat}: the draw differs`);
      }
      return problems;
    }
  }
}

/** The seed hash a leaf commits to: the pair's serverSeedHash, or a battle's commitment. */
export function leafSeedHash(leaf: TransparencyLeaf): string {
  return leaf.kind === "battle" ? leaf.commitment : leaf.serverSeedHash;
}
