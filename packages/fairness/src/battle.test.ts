import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildTicketRanges,
  canonicalBattleSpec,
  oddsHash,
  playBattle,
  splitBattleWinnings,
  verifyBattle,
  type BattleProof,
  type BattleSpec,
  type PlayBattleInput,
  type ValuedTicketRange,
} from "./index.ts";
import { nodeHashes } from "./draw-node.ts";

// The README's "Battles (battle/v1)" vectors. Hashes were computed independently with
// node:crypto (see `independently` below), not with the code under test.
const SERVER_SEED = "a3f1c9e2b7d4058f6e1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70";
const SIGNATURE = `8d9f${"00".repeat(46)}`;
const RANDOMNESS = "b6689ecf2fb2341902e68a27e8d9a61cd16faf2da3f5a16520c91e979f8d1e94";
const SPEC: BattleSpec = {
  id: "battle-vector-1",
  layout: "2v2",
  winRule: "highest",
  terminal: false,
  rounds: [
    { packId: "pack-a", oddsVersion: 1, oddsHash: "0".repeat(64) },
    { packId: "pack-b", oddsVersion: 3, oddsHash: "1".repeat(64) },
  ],
  commitment: "2b9f346bfff01722994d65f9f4af0d25e136726a72ffb9ea455771cd7d61930c",
  beacon: { chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971", period: 3, genesisTime: 1692803367 },
};
const SPEC_STRING =
  '{"beacon":{"chainHash":"52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971","genesisTime":1692803367,"period":3},' +
  '"commitment":"2b9f346bfff01722994d65f9f4af0d25e136726a72ffb9ea455771cd7d61930c","id":"battle-vector-1","layout":"2v2",' +
  '"rounds":[{"oddsHash":"0000000000000000000000000000000000000000000000000000000000000000","oddsVersion":1,"packId":"pack-a"},' +
  '{"oddsHash":"1111111111111111111111111111111111111111111111111111111111111111","oddsVersion":3,"packId":"pack-b"}],' +
  '"terminal":false,"winRule":"highest"}';
const SPEC_HASH = "1824847c3b4faebb1536b25aaa8518338edc1ac6d24b5c810b0577ebf748be34";
const CLIENT_SEEDS = ["alice", "bot-1", "carol", "bot-3"];
const LOCK_KEY = "4f711eb5e1a6451bd96e54d45c80e2bc389bd5d1ee7330d15380c31432060224";
const BEACON_ROUND = 1234567;
const GAME_SEED = "9499cd7c319cb33d009561cbe20011c224c5c00be304777691fae830a4ae8fc6";
const DRAWS = [
  { round: 1, seat: 0, hash: "8dd93afac7e69b4aeaf31d4d6400704a65eee689bd7a15aa6eb2d399d6bbc03a", ticket: 55410 },
  { round: 1, seat: 1, hash: "9243a2e9ead1577042e82afa136ff35f926ef16051d98e5c052ea2fe8575f819", ticket: 57135 },
  { round: 1, seat: 2, hash: "cddd6370d5804da14ce12cb57d51a425f7d6344bffb98f1cc19a052458ec0260", ticket: 80416 },
  { round: 1, seat: 3, hash: "02d02b66bb64b1f1bd3fbce692a0f21fa2bd3f1e9063cfd4045d1246fdec6aee", ticket: 1099 },
  { round: 2, seat: 0, hash: "77e6693364b6ab2a552d09e8a9843dd734330569e74fddff68eae033d1b8488f", ticket: 46836 },
  { round: 2, seat: 1, hash: "d1fbe9af0efe0a07da6379e7996f74a57742feef78a8d534147e6db17a206f9d", ticket: 82026 },
  { round: 2, seat: 2, hash: "409c6f5444a797513c6ce517d6a1fa4ef064c6726b8cc53725a22f1c29d650ae", ticket: 25239 },
  { round: 2, seat: 3, hash: "fe7a5c930ea2b6c54080ed44da7e423aaf4f2b921d5ed332983fe2f4933f234f", ticket: 99406 },
];
// x1 0.50 on 1..30000, x2 2.00 on 30001..60000, x3 10.00 on 60001..100000.
const ODDS: ValuedTicketRange[] = [
  { itemId: "x1", ticketFrom: 1, ticketTo: 30000, value: "0.50" },
  { itemId: "x2", ticketFrom: 30001, ticketTo: 60000, value: "2.00" },
  { itemId: "x3", ticketFrom: 60001, ticketTo: 100000, value: "10.00" },
];

/** The vector battle: 2v2, two rounds of ODDS. */
const VECTOR_BATTLE: PlayBattleInput = {
  serverSeed: SERVER_SEED,
  specHash: SPEC_HASH,
  layout: "2v2",
  winRule: "highest",
  terminal: false,
  clientSeeds: CLIENT_SEEDS,
  beaconRound: BEACON_ROUND,
  beaconRandomness: RANDOMNESS,
  rounds: [ODDS, ODDS],
};

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string, message: string) => createHmac("sha256", key).update(message).digest("hex");

describe("battle/v1 vectors", () => {
  it("computes them independently with node:crypto", () => {
    expect(sha256(SERVER_SEED)).toBe(SPEC.commitment);
    expect(createHash("sha256").update(Buffer.from(SIGNATURE, "hex")).digest("hex")).toBe(RANDOMNESS);
    expect(sha256(SPEC_STRING)).toBe(SPEC_HASH);
    expect(sha256([SPEC_HASH, ...CLIENT_SEEDS].join("|"))).toBe(LOCK_KEY);
    expect(hmac(SERVER_SEED, `battle/v1|${SPEC_HASH}|${LOCK_KEY}|${BEACON_ROUND}|${RANDOMNESS}`)).toBe(GAME_SEED);
    for (const draw of DRAWS) expect(hmac(GAME_SEED, `draw|${draw.round}|${draw.seat}`)).toBe(draw.hash);
  });

  it("canonicalizes the spec (RFC 8785: sorted keys, no spaces)", () => {
    expect(canonicalBattleSpec(SPEC)).toBe(SPEC_STRING);
  });

  it("plays the vector battle: draws, totals, winner and the greedy split", async () => {
    const outcome = await playBattle(VECTOR_BATTLE);
    expect(outcome.lockKey).toBe(LOCK_KEY);
    expect(outcome.gameSeed).toBe(GAME_SEED);
    expect(outcome.rounds.flatMap(({ round, draws }) => draws.map(({ seat, hash, ticket }) => ({ round, seat, hash, ticket })))).toEqual(
      DRAWS,
    );
    expect(outcome.rounds.map(({ draws }) => draws.map((draw) => draw.itemId))).toEqual([
      ["x2", "x2", "x3", "x1"],
      ["x2", "x3", "x1", "x3"],
    ]);
    expect(outcome.totals).toEqual(["16.00", "21.00"]);
    expect(outcome.winnerTeam).toBe(1);
    expect(outcome.payouts.map(({ seat, value }) => ({ seat, value }))).toEqual([
      { seat: 2, value: "20.00" },
      { seat: 3, value: "17.00" },
    ]);
  });

  it("plays the same battle with the server's node:crypto hashes as with Web Crypto's", async () => {
    const single: ValuedTicketRange[] = [{ itemId: "only", ticketFrom: 1, ticketTo: 100000, value: "1.00" }];
    // The vector, and a three-way tie (the tie-break's hash too).
    for (const battle of [VECTOR_BATTLE, { ...VECTOR_BATTLE, layout: "1v1v1" as const, clientSeeds: ["a", "b", "c"], rounds: [single] }]) {
      expect(await playBattle(battle, nodeHashes)).toEqual(await playBattle(battle));
    }
    expect((await playBattle(VECTOR_BATTLE, nodeHashes)).gameSeed).toBe(GAME_SEED);
  });

  it("counts only the last round when terminal, and picks the lowest total under winRule lowest", async () => {
    const base = {
      serverSeed: SERVER_SEED,
      specHash: SPEC_HASH,
      layout: "2v2" as const,
      clientSeeds: CLIENT_SEEDS,
      beaconRound: BEACON_ROUND,
      beaconRandomness: RANDOMNESS,
      rounds: [ODDS, ODDS],
    };
    const terminal = await playBattle({ ...base, winRule: "highest", terminal: true });
    expect(terminal.totals).toEqual(["12.00", "10.50"]);
    expect(terminal.winnerTeam).toBe(0);
    const lowest = await playBattle({ ...base, winRule: "lowest", terminal: false });
    expect(lowest.winnerTeam).toBe(0);
    // Every item of every round goes to the winners, terminal or not.
    expect(terminal.payouts.reduce((sum, payout) => sum + Number(payout.value), 0)).toBe(37);
  });

  it("breaks a tie with G over the tied teams in ascending order", async () => {
    const single: ValuedTicketRange[] = [{ itemId: "only", ticketFrom: 1, ticketTo: 100000, value: "1.00" }];
    const outcome = await playBattle({
      serverSeed: SERVER_SEED,
      specHash: SPEC_HASH,
      layout: "1v1v1",
      winRule: "highest",
      terminal: false,
      clientSeeds: ["a", "b", "c"],
      beaconRound: BEACON_ROUND,
      beaconRandomness: RANDOMNESS,
      rounds: [single],
    });
    expect(outcome.totals).toEqual(["1.00", "1.00", "1.00"]);
    const tieHash = hmac(outcome.gameSeed, "tie");
    expect(outcome.winnerTeam).toBe(parseInt(tieHash.slice(0, 13), 16) % 3);
    expect(outcome.payouts).toEqual([{ seat: outcome.winnerTeam, value: "3.00", items: expect.any(Array) as unknown }]);
  });
});

describe("splitBattleWinnings", () => {
  it("gives each item, largest first, to the member with the lowest running total, ties to the lower seat", () => {
    const item = (round: number, seat: number, value: string) => ({ round, seat, itemId: `i${round}${seat}`, value });
    const payouts = splitBattleWinnings(
      [3, 4, 5],
      [item(1, 0, "1.00"), item(1, 1, "7.00"), item(2, 0, "3.00"), item(2, 1, "3.00"), item(3, 0, "2.50")],
    );
    expect(payouts).toEqual([
      { seat: 3, value: "7.00", items: [item(1, 1, "7.00")] },
      { seat: 4, value: "5.50", items: [item(2, 0, "3.00"), item(3, 0, "2.50")] },
      { seat: 5, value: "4.00", items: [item(2, 1, "3.00"), item(1, 0, "1.00")] },
    ]);
  });
});

describe("verifyBattle", () => {
  async function settledProof(): Promise<{ proof: BattleProof; odds: ValuedTicketRange[][] }> {
    const ranges = buildTicketRanges([
      { itemId: "x1", tickets: 30000 },
      { itemId: "x2", tickets: 30000 },
      { itemId: "x3", tickets: 40000 },
    ]);
    const odds = ranges.map((range) => ({ ...range, value: ODDS.find((row) => row.itemId === range.itemId)!.value }));
    const spec = canonicalBattleSpec({
      ...SPEC,
      layout: "1v1",
      rounds: [{ packId: "pack-a", oddsVersion: 1, oddsHash: await oddsHash(ranges) }],
    });
    const specHash = sha256(spec);
    const seeds = ["alice", "bot-1"];
    const outcome = await playBattle({
      serverSeed: SERVER_SEED,
      specHash,
      layout: "1v1",
      winRule: "highest",
      terminal: false,
      clientSeeds: seeds,
      beaconRound: BEACON_ROUND,
      beaconRandomness: RANDOMNESS,
      rounds: [odds],
    });
    const proof: BattleProof = {
      serverSeed: SERVER_SEED,
      commitment: SPEC.commitment,
      spec,
      specHash,
      seats: seeds.map((clientSeed, seat) => ({ seat, team: seat, clientSeed, bot: seat === 1 })),
      beacon: { round: BEACON_ROUND, randomness: RANDOMNESS, signature: SIGNATURE },
      rounds: outcome.rounds.map(({ round, draws }) => ({ round, packId: "pack-a", oddsVersion: 1, draws })),
      totals: outcome.totals,
      winnerTeam: outcome.winnerTeam,
      payouts: outcome.payouts,
    };
    return { proof, odds: [odds] };
  }

  it("accepts an honest proof", async () => {
    const { proof, odds } = await settledProof();
    await expect(verifyBattle(proof, odds)).resolves.toMatchObject({ valid: true, problems: [] });
  });

  it("refuses a proof whose server seed, beacon, draw or winner was changed", async () => {
    const { proof, odds } = await settledProof();
    const cases: BattleProof[] = [
      { ...proof, serverSeed: "b".repeat(64) },
      { ...proof, beacon: { ...proof.beacon, randomness: "0".repeat(64) } },
      { ...proof, winnerTeam: 1 - proof.winnerTeam },
      { ...proof, seats: proof.seats.map((seat) => (seat.seat === 0 ? { ...seat, clientSeed: "mallory" } : seat)) },
    ];
    for (const forged of cases) expect((await verifyBattle(forged, odds)).valid).toBe(false);
  });
});
