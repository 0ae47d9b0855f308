import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { oddsHash } from "./odds.ts";
import { verifyRevealedLeaf } from "./revealed-leaf.ts";
import type { BattleLeaf, OpeningLeaf, UpgradeLeaf } from "./transparency.ts";

// The published battle/v1 vector (battle.test.ts, README) and an opening and upgrade computed
// here with node:crypto, apart from the verifier's Web Crypto path.
const SERVER_SEED = "a3f1c9e2b7d4058f6e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string, message: string) => createHmac("sha256", key).update(message).digest("hex");
const ticketOf = (hash: string) => Math.floor((parseInt(hash.slice(0, 13), 16) / 2 ** 52) * 100_000) + 1;

const battle: BattleLeaf = {
  kind: "battle",
  id: "b1",
  specHash: "1824847c3b4faebb1536b25aaa8518338edc1ac6d24b5c810b0577ebf748be34",
  commitment: sha256(SERVER_SEED),
  clientSeeds: ["alice", "bot-1", "carol", "bot-3"],
  beaconRound: 1234567,
  beaconRandomness: "b6689ecf2fb2341902e68a27e8d9a61cd16faf2da3f5a16520c91e979f8d1e94",
  drawHashes: [
    "8dd93afac7e69b4aeaf31d4d6400704a65eee689bd7a15aa6eb2d399d6bbc03a",
    "9243a2e9ead1577042e82afa136ff35f926ef16051d98e5c052ea2fe8575f819",
    "cddd6370d5804da14ce12cb57d51a425f7d6344bffb98f1cc19a052458ec0260",
    "02d02b66bb64b1f1bd3fbce692a0f21fa2bd3f1e9063cfd4045d1246fdec6aee",
    "77e6693364b6ab2a552d09e8a9843dd734330569e74fddff68eae033d1b8488f",
    "d1fbe9af0efe0a07da6379e7996f74a57742feef78a8d534147e6db17a206f9d",
    "409c6f5444a797513c6ce517d6a1fa4ef064c6726b8cc53725a22f1c29d650ae",
    "fe7a5c930ea2b6c54080ed44da7e423aaf4f2b921d5ed332983fe2f4933f234f",
  ],
  winnerTeam: 0,
};

const ranges = [
  { itemId: "x1", ticketFrom: 1, ticketTo: 50_000 },
  { itemId: "x2", ticketFrom: 50_001, ticketTo: 100_000 },
];

describe("verifyRevealedLeaf", () => {
  it("reproduces an opening, an upgrade and a battle from the revealed seed", async () => {
    const openHash = hmac(SERVER_SEED, "c:7");
    const opening: OpeningLeaf = {
      kind: "open",
      id: "s1",
      createdAt: "2026-11-29T10:00:00.000Z",
      serverSeedHash: sha256(SERVER_SEED),
      clientSeed: "c",
      nonce: 7,
      oddsHash: await oddsHash(ranges),
      hash: openHash,
      ticket: ticketOf(openHash),
      itemId: ticketOf(openHash) <= 50_000 ? "x1" : "x2",
      value: "1.00",
    };
    const upHash = hmac(SERVER_SEED, "c:8:upgrade");
    const upgrade: UpgradeLeaf = {
      kind: "upgrade",
      id: "u1",
      createdAt: "2026-11-29T10:00:01.000Z",
      serverSeedHash: sha256(SERVER_SEED),
      clientSeed: "c",
      nonce: 8,
      chanceTickets: 30_000,
      hash: upHash,
      ticket: ticketOf(upHash),
      itemId: "x2",
      won: ticketOf(upHash) <= 30_000,
      value: ticketOf(upHash) <= 30_000 ? "5.00" : "0.00",
    };
    expect(await verifyRevealedLeaf(opening, SERVER_SEED, ranges)).toEqual([]);
    expect(await verifyRevealedLeaf(upgrade, SERVER_SEED, null)).toEqual([]);
    expect(await verifyRevealedLeaf(battle, SERVER_SEED, null)).toEqual([]);

    expect(await verifyRevealedLeaf({ ...opening, itemId: opening.itemId === "x1" ? "x2" : "x1" }, SERVER_SEED, ranges)).toEqual([
      expect.stringMatching(/^the item is/),
    ]);
    expect(await verifyRevealedLeaf(opening, SERVER_SEED, [{ itemId: "x2", ticketFrom: 1, ticketTo: 100_000 }])).toContain(
      "the odds table served does not hash to the leaf's oddsHash",
    );
    expect(await verifyRevealedLeaf(opening, SERVER_SEED, null)).toEqual(["its odds table (oddsHash) is not published"]);
    expect(await verifyRevealedLeaf({ ...upgrade, won: !upgrade.won }, SERVER_SEED, null)).toEqual([expect.stringMatching(/^won is/)]);
    expect(await verifyRevealedLeaf({ ...upgrade, nonce: 9 }, SERVER_SEED, null)).toContain(
      "the hash does not re-derive from the seeds and nonce",
    );
  });

  it("refuses a battle whose draws or commitment its seed does not give", async () => {
    const swapped = [...battle.drawHashes];
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(await verifyRevealedLeaf({ ...battle, drawHashes: swapped }, SERVER_SEED, null)).toEqual([
      "round 1, seat 0: the draw differs",
      "round 1, seat 1: the draw differs",
    ]);
    expect(await verifyRevealedLeaf(battle, "00".repeat(32), null)).toContain("sha256(serverSeed) is not the commitment");
    expect(await verifyRevealedLeaf({ ...battle, drawHashes: battle.drawHashes.slice(0, 3) }, SERVER_SEED, null)).toEqual([
      "3 draw hashes for 4 seats",
    ]);
  });
});
