import { describe, expect, it } from "vitest";
import {
  MerkleTree,
  bytesToHex,
  canonicalLeaf,
  generateLogSecretKey,
  leafHash,
  logPublicKey,
  verifyConsistencyHex,
  verifyInclusionHex,
  verifyTreeHead,
  type TransparencyLeaf,
} from "@prizepacks/fairness";
import { getBattle } from "../battles/get-battle.ts";
import { settledBattle, withBeaconAhead } from "../testing/battles.ts";
import { listSpinHistory } from "../history/list-spin-history.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { LOWEST_STORED_LEVEL, appendLeaves } from "./append-leaves.ts";
import { rotateLogKey } from "./rotate-log-key.ts";
import { transparencyLogBreaches } from "./audit-log.ts";
import { getConsistencyProof, getInclusionProof, getLatestHead, listHeads, listLeaves } from "./read-log.ts";

const services = useTestServices();
const secretKey = generateLogSecretKey();
const key = { secretKey, publicKey: logPublicKey(secretKey) };
let clock = Date.now();
const now = () => (clock += 60_000);

async function openings(count: number): Promise<string[]> {
  const user = await createTestUser(services(), { balance: "100.00" });
  const pack = await createTestPack(services(), { price: "1.00" });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await openPack(services(), { userId: user.userId, idOrSlug: pack.id })).spin.id);
  return ids;
}

async function drain(): Promise<void> {
  for (;;) {
    const result = await appendLeaves(services(), { key, now });
    if (result.appended && result.added === 0) return;
  }
}

async function allLeaves(): Promise<Array<{ leafIndex: number; leaf: string; kind: string; id: string }>> {
  const head = await getLatestHead(services());
  const out = [];
  for (let start = 0; start < head.treeSize; start += 1000)
    out.push(...(await listLeaves(services(), { start, end: Math.min(head.treeSize, start + 1000) })).leaves);
  return out;
}

describe("the transparency log (appendLeaves, proofs, heads)", () => {
  it("GET /v1/transparency/proof/inclusion: an opening is logged with its exact leaf, proven in a signed head", async () => {
    const [spinId] = await openings(3);
    await expectAppError(getInclusionProof(services(), { kind: "open", id: spinId! }), "NOT_FOUND");
    await drain();
    const head = await getLatestHead(services());
    expect(verifyTreeHead(head, key.publicKey)).toBe(true);
    const proof = await getInclusionProof(services(), { kind: "open", id: spinId! });
    expect(verifyInclusionHex(proof.leafIndex, head.treeSize, proof.leafHash, proof.auditPath, head.rootHash)).toBe(true);
    expect(bytesToHex(leafHash(proof.leaf))).toBe(proof.leafHash);
    const leaf = JSON.parse(proof.leaf) as TransparencyLeaf;
    expect(leaf).toMatchObject({ kind: "open", id: spinId });
    expect(canonicalLeaf(leaf)).toBe(proof.leaf);
    expect(proof.leaf).not.toMatch(/userId|email/);
  });

  it("GET /v1/transparency/leaves and /heads: the leaves rebuild every head's root, each head consistent with the next", async () => {
    await openings(5);
    await drain();
    await openings(4);
    await drain();
    const leaves = await allLeaves();
    const tree = new MerkleTree();
    leaves.forEach((entry, i) => {
      expect(entry.leafIndex).toBe(i);
      tree.append(leafHash(entry.leaf));
    });
    const { heads } = await listHeads(services(), {});
    expect(heads.length).toBeGreaterThanOrEqual(2);
    for (const head of heads) {
      expect(verifyTreeHead(head, key.publicKey)).toBe(true);
      expect(bytesToHex(tree.root(head.treeSize))).toBe(head.rootHash);
    }
    for (let i = 1; i < heads.length; i++) {
      const [a, b] = [heads[i - 1]!, heads[i]!];
      const { consistencyPath } = await getConsistencyProof(services(), { first: a.treeSize, second: b.treeSize });
      expect(consistencyPath).toEqual(tree.consistencyProof(a.treeSize, b.treeSize).map((h) => bytesToHex(h)));
      expect(verifyConsistencyHex(a.treeSize, b.treeSize, a.rootHash, b.rootHash, consistencyPath)).toBe(true);
    }
    await expectAppError(listLeaves(services(), { start: 0, end: 1001 }), "BAD_REQUEST");
    await expectAppError(getConsistencyProof(services(), { first: 1, second: heads.at(-1)!.treeSize + 10 }), "BAD_REQUEST");
  });

  it("two instances appending at once: every outcome once, indices without a gap", async () => {
    await openings(30);
    // Each call is its own transaction on its own connection, as another instance's would be.
    const results = await Promise.all(Array.from({ length: 6 }, () => appendLeaves(services(), { key, now })));
    expect(results.filter((r) => r.added > 0)).toHaveLength(1);
    await drain();
    const leaves = await allLeaves();
    const ids = leaves.map((l) => `${l.kind}:${l.id}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(leaves.map((l) => l.leafIndex)).toEqual(leaves.map((_, i) => i));
    const [queuedRow] = await services().database.sql.query<{ queued: number }>(
      `SELECT count(*)::int AS queued FROM transparency_entry WHERE "leafIndex" IS NULL`,
    );
    expect(queuedRow?.queued).toBe(0);
    const [spinRow] = await services().database.sql.query<{ spins: number }>(`SELECT count(*)::int AS spins FROM spin`);
    expect(leaves.filter((l) => l.kind === "open")).toHaveLength(spinRow!.spins);
  });

  it("GET /v1/history: each opening carries its leafIndex once logged", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    const { spin } = await openPack(services(), { userId: user.userId, idOrSlug: pack.id });
    expect((await listSpinHistory(services(), { userId: user.userId })).spins[0]!.leafIndex).toBeNull();
    await drain();
    const { leafIndex } = await getInclusionProof(services(), { kind: "open", id: spin.id });
    expect((await listSpinHistory(services(), { userId: user.userId })).spins[0]!.leafIndex).toBe(leafIndex);
  });

  it("audit reports a logged opening whose row was changed by hand, with its leaf index", async () => {
    const [spinId] = await openings(1);
    await drain();
    expect(await transparencyLogBreaches(services())).toEqual([]);
    const { leafIndex } = await getInclusionProof(services(), { kind: "open", id: spinId! });
    const [row] = await services().database.sql.query<{ itemId: string }>(`SELECT "itemId" FROM spin WHERE id = $1`, [spinId]);
    await services().database.sql.query(`UPDATE spin SET value = value + 100 WHERE id = $1`, [spinId]);
    const breaches = await transparencyLogBreaches(services());
    expect(breaches).toEqual([
      expect.objectContaining({
        rule: expect.stringMatching(/changed after it was logged/),
        detail: expect.objectContaining({ leafIndex, id: spinId }),
      }),
    ]);
    await services().database.sql.query(`UPDATE spin SET value = value - 100 WHERE id = $1`, [spinId]);
    expect(row).toBeDefined();
    expect(await transparencyLogBreaches(services())).toEqual([]);
  });

  it("logs a settled battle's proof summary, and GET /v1/battles/{id} carries its leafIndex", async () => {
    const battles = await withBeaconAhead(services());
    const pack = await createTestPack(services(), { price: "1.00" });
    const a = await createTestUser(services(), { balance: "10.00" });
    const b = await createTestUser(services(), { balance: "10.00" });
    const { battleId } = await settledBattle(battles, a.userId, b.userId, [pack.slug]);
    await drain();
    const proof = await getInclusionProof(services(), { kind: "battle", id: battleId });
    const battle = await getBattle(services(), a.userId, battleId);
    expect(battle.leafIndex).toBe(proof.leafIndex);
    expect(JSON.parse(proof.leaf)).toEqual({
      kind: "battle",
      id: battleId,
      specHash: battle.specHash,
      commitment: battle.commitment,
      clientSeeds: battle.seats.map((seat) => seat.clientSeed),
      beaconRound: battle.beacon.round,
      beaconRandomness: battle.beacon.randomness,
      drawHashes: battle.rounds.flatMap((round) => round.draws.map((draw) => draw.hash)),
      winnerTeam: battle.winnerTeam,
    });
    expect(await transparencyLogBreaches(services())).toEqual([]);
  });

  it("nodes below level 4 are hashed from the leaves, not stored: every proof at every size is the independent tree's, and audit checks the stored ones", async () => {
    // Batches of uneven sizes, so the right edge the appender reads mixes stored and hashed nodes.
    for (const batch of [1, 6, 16, 3, 33, 17]) {
      await openings(batch);
      await appendLeaves(services(), { key, now, headIntervalMs: 0 });
    }
    const leaves = await allLeaves();
    const tree = new MerkleTree();
    for (const entry of leaves) tree.append(leafHash(entry.leaf));
    expect(tree.size).toBeGreaterThanOrEqual(76);
    const { sql } = services().database;
    const [{ lowest }] = (await sql.query<{ lowest: number }>(`SELECT min(level)::int AS lowest FROM transparency_node`)) as [
      { lowest: number },
    ];
    expect(lowest).toBe(4);
    expect(LOWEST_STORED_LEVEL).toBe(4);
    // A database from before keeps its rows below level 4: read never uses them (here, wrong ones).
    await sql.query(`INSERT INTO transparency_node (level, index, hash) VALUES (0, 3, sha256('x')), (3, 1, sha256('y'))`);
    const provenAt = async (size: number) => {
      for (const entry of leaves.slice(0, size)) {
        const proof = await getInclusionProof(services(), { kind: entry.kind as "open", id: entry.id, treeSize: size });
        expect(proof.auditPath).toEqual(tree.inclusionProof(entry.leafIndex, size).map((h) => bytesToHex(h)));
        expect(proof.leafHash).toBe(bytesToHex(leafHash(entry.leaf)));
      }
      for (const first of [1, 7, 16, 24, size]) {
        if (first > size) continue;
        const { consistencyPath } = await getConsistencyProof(services(), { first, second: size });
        expect(consistencyPath).toEqual(tree.consistencyProof(first, size).map((h) => bytesToHex(h)));
      }
    };
    for (const size of [1, 16, 17, 31, 32, 33, 64, tree.size]) await provenAt(size);
    const staleRows = await transparencyLogBreaches(services());
    expect(staleRows.map((breach) => breach.detail)).toEqual([
      { level: 0, index: 3 },
      { level: 3, index: 1 },
    ]);

    // A stored node changed or deleted by hand (a superuser can drop the append-only trigger) is reported.
    const node = { level: 4, index: 1 };
    const missing = { level: 4, stored: Math.floor(tree.size / 16) - 1, expected: Math.floor(tree.size / 16) };
    await sql.query(`ALTER TABLE transparency_node DISABLE TRIGGER transparency_node_append_only`);
    try {
      await sql.query(`DELETE FROM transparency_node WHERE level < 4`);
      await sql.query(`UPDATE transparency_node SET hash = sha256(hash) WHERE level = 4 AND index = 1`);
      expect(await transparencyLogBreaches(services())).toEqual([
        { rule: "each stored node of the log's tree is the hash of its leaves' subtree", detail: node },
        { rule: "every node of 16 leaves or more is stored (proofs are made of them)", detail: missing },
      ]);
      await sql.query(`DELETE FROM transparency_node WHERE level = 4 AND index = 1`);
      expect(await transparencyLogBreaches(services())).toEqual([
        { rule: "every node of 16 leaves or more is stored (proofs are made of them)", detail: missing },
      ]);
    } finally {
      await sql.query(`DELETE FROM transparency_node WHERE level < 4 OR (level = 4 AND index = 1)`);
      await sql.query(`INSERT INTO transparency_node (level, index, hash) VALUES (4, 1, $1)`, [Buffer.from(tree.node(node))]);
      await sql.query(`ALTER TABLE transparency_node ENABLE TRIGGER transparency_node_append_only`);
    }
    expect(await transparencyLogBreaches(services())).toEqual([]);
  });

  it("audit pages through the stored nodes in index order: none skipped, none counted twice", async () => {
    // Twelve nodes of level 4 and more: pages of five cross "10" and "2", which sort the other way as text.
    await openings(100);
    await openings(100);
    await drain();
    expect(await transparencyLogBreaches(services(), { pageSize: 5 })).toEqual([]);
    const sql = services().database.sql;
    const [node] = await sql.query<{ hash: Buffer }>(`SELECT hash FROM transparency_node WHERE level = 4 AND index = 3`);
    await sql.query(`ALTER TABLE transparency_node DISABLE TRIGGER transparency_node_append_only`);
    try {
      await sql.query(`DELETE FROM transparency_node WHERE level = 4 AND index = 3`);
      expect(await transparencyLogBreaches(services(), { pageSize: 5 })).toEqual([
        { rule: "every node of 16 leaves or more is stored (proofs are made of them)", detail: expect.objectContaining({ level: 4 }) },
      ]);
    } finally {
      await sql.query(`INSERT INTO transparency_node (level, index, hash) VALUES (4, 3, $1)`, [node!.hash]);
      await sql.query(`ALTER TABLE transparency_node ENABLE TRIGGER transparency_node_append_only`);
    }
    expect(await transparencyLogBreaches(services(), { pageSize: 5 })).toEqual([]);
  });

  it("refuses to change a logged leaf", async () => {
    await openings(1);
    await drain();
    await expect(services().database.sql.query(`UPDATE transparency_entry SET leaf = 'x' WHERE "leafIndex" = 0`)).rejects.toThrow(
      /append-only/,
    );
    await expect(services().database.sql.query(`DELETE FROM transparency_head`)).rejects.toThrow(/append-only/);
    await expect(services().database.sql.query(`DELETE FROM transparency_entry WHERE "leafIndex" = 0`)).rejects.toThrow(/append-only/);
  });

  it("POST /v1/packs/{idOrSlug}/open: the answer carries leafIndex, null at first, the logged index on a replay", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    const idempotencyKey = `leaf-${Date.now()}`;
    const first = await openPack(services(), { userId: user.userId, idOrSlug: pack.id, idempotencyKey });
    expect(first.leafIndex).toBeNull();
    expect((await openPack(services(), { userId: user.userId, idOrSlug: pack.id, idempotencyKey })).leafIndex).toBeNull();
    await drain();
    const { leafIndex } = await getInclusionProof(services(), { kind: "open", id: first.spin.id });
    const replay = await openPack(services(), { userId: user.userId, idOrSlug: pack.id, idempotencyKey });
    expect(replay).toEqual({ ...first, leafIndex });
  });

  // Last in this file: from here on the log is signed by the rotated key.
  it("rotates the log key: the next head announces the new key under the old, every later head is the new key's", async () => {
    await openings(1);
    await drain();
    const nextSecret = generateLogSecretKey();
    const next = { secretKey: nextSecret, publicKey: logPublicKey(nextSecret) };
    await openings(1);
    const rotated = await rotateLogKey(services(), { keyring: [key], next, now });
    expect(rotated).toMatchObject({ signer: key.publicKey, nextPublicKey: next.publicKey, announcedInHead: expect.any(Number) });
    const announcement = await getLatestHead(services());
    expect(announcement).toMatchObject({ publicKey: key.publicKey, nextKey: next.publicKey, treeSize: rotated.announcedInHead });
    expect(verifyTreeHead(announcement, key.publicKey)).toBe(true);
    expect(verifyTreeHead({ ...announcement, nextKey: logPublicKey(generateLogSecretKey()) }, key.publicKey)).toBe(false);

    // An instance that holds only the old key no longer signs; one given the new key does.
    await openings(1);
    expect(await appendLeaves(services(), { key, now })).toMatchObject({ added: 1, headSigned: false });
    await openings(1);
    expect(await appendLeaves(services(), { keyring: [key, next], now })).toMatchObject({ headSigned: true });
    const after = await getLatestHead(services());
    expect(after).toMatchObject({ publicKey: next.publicKey, nextKey: null });
    expect(verifyTreeHead(after, next.publicKey)).toBe(true);
    expect(await transparencyLogBreaches(services())).toEqual([]);
    await expect(rotateLogKey(services(), { keyring: [next], next })).rejects.toThrow(/already signs/);
  });
});
