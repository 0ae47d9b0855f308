import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appendLeaves, getFairnessState, openPack, rotateSeedPair } from "@prizepacks/core";
import { runMonitor } from "prizepacks-monitor";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { useRestServer } from "./testing/rest-server.ts";

// The public transparency log over HTTP (#40): no key, conditional (ETag/304), proofs that verify.

const { services, server } = useRestServer();

async function get(path: string, etag?: string) {
  const response = await fetch(`${server().url}${path}`, { headers: { ...(etag !== undefined && { "if-none-match": etag }) } });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get("etag"),
    text,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

describe("GET /v1/transparency/*", () => {
  it("serves the key, the head, the leaves and an inclusion proof without a key, each conditional", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    const { spin } = await openPack(services(), { userId: user.userId, idOrSlug: pack.id });
    expect((await get(`/v1/transparency/proof/inclusion?kind=open&id=${spin.id}`)).status).toBe(404);
    await appendLeaves(services());
    const key = await get("/v1/transparency/key");
    expect(key.status).toBe(200);
    expect(key.json).toMatchObject({ algorithm: "Ed25519", publicKey: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await get("/v1/transparency/key", key.etag!)).status).toBe(304);
    const head = await get("/v1/transparency/head");
    expect(head.json).toMatchObject({ treeSize: expect.any(Number), publicKey: key.json!.publicKey });
    const proof = await get(`/v1/transparency/proof/inclusion?kind=open&id=${spin.id}`);
    expect(proof.status).toBe(200);
    expect(proof.json).toMatchObject({ kind: "open", id: spin.id, treeSize: head.json!.treeSize });
    const leafIndex = proof.json!.leafIndex as number;
    const leaves = await get(`/v1/transparency/leaves?start=${leafIndex}&end=${leafIndex + 1}`);
    expect(leaves.json).toEqual({ leaves: [{ leafIndex, kind: "open", id: spin.id, leaf: proof.json!.leaf }] });
    expect((await get("/v1/transparency/heads")).json).toMatchObject({ heads: expect.any(Array), nextCursor: null });
    expect((await get(`/v1/transparency/proof/consistency?first=0&second=${String(head.json!.treeSize)}`)).json).toMatchObject({
      consistencyPath: [],
    });
  });

  it("refuses malformed ranges with 400", async () => {
    expect((await get("/v1/transparency/leaves?start=5&end=4")).status).toBe(400);
    expect((await get("/v1/transparency/leaves?start=0&end=1001")).status).toBe(400);
    expect((await get("/v1/transparency/proof/consistency?first=3&second=2")).status).toBe(400);
    expect((await get("/v1/transparency/proof/inclusion?kind=nope&id=x")).status).toBe(400);
  });
});

describe("GET /v1/fairness/seeds/{serverSeedHash} and /v1/fairness/odds/{oddsHash}", () => {
  it("answers a pair's seed to anyone once it is rotated (404 before), and the odds table an opening names", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    await openPack(services(), { userId: user.userId, idOrSlug: pack.id });
    const { serverSeedHash } = await getFairnessState(services(), user.userId);
    expect((await get(`/v1/fairness/seeds/${serverSeedHash}`)).status).toBe(404);
    expect((await get("/v1/fairness/seeds/not-a-hash")).status).toBe(400);
    const { previous } = await rotateSeedPair(services(), { userId: user.userId });
    const seed = await get(`/v1/fairness/seeds/${serverSeedHash}`);
    expect(seed.status).toBe(200);
    expect(seed.json).toEqual({ serverSeedHash, serverSeed: previous.serverSeed, revealedAt: expect.any(String) });
    await appendLeaves(services());
    const { oddsHash } = (
      await services().database.sql.query<{ oddsHash: string }>(
        `SELECT o."oddsHash" FROM spin s JOIN odds_version o ON o.id = s."oddsVersionId" WHERE s."userId" = $1`,
        [user.userId],
      )
    )[0]!;
    const odds = await get(`/v1/fairness/odds/${oddsHash}`);
    expect(odds.json).toMatchObject({ oddsHash, ranges: expect.arrayContaining([expect.objectContaining({ ticketFrom: 1 })]) });
    expect((await get(`/v1/fairness/odds/${"0".repeat(64)}`)).status).toBe(404);
  });
});

describe("prizepacks-monitor against this server", () => {
  it("re-verifies every opening whose seed is revealed, and reports a revealed seed changed by hand in the database", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    for (let i = 0; i < 3; i++) await openPack(services(), { userId: user.userId, idOrSlug: pack.id });
    await appendLeaves(services(), { headIntervalMs: 0 });
    const stateDir = await mkdtemp(path.join(tmpdir(), "prizepacks-monitor-db-"));
    const monitor = () => runMonitor({ baseUrl: server().url, stateDir });
    const first = await monitor();
    expect(first).toMatchObject({ ok: true, problems: [] });
    const { serverSeedHash } = await getFairnessState(services(), user.userId);
    await rotateSeedPair(services(), { userId: user.userId });
    const second = await monitor();
    expect(second.ok).toBe(true);
    expect(second.verified).toBeGreaterThanOrEqual(3);

    // Someone rewrites the revealed seed in the database: what is published no longer reproduces the logged openings.
    const fresh = await mkdtemp(path.join(tmpdir(), "prizepacks-monitor-db-"));
    await services().database.sql.query(`UPDATE seed_pair SET "serverSeed" = $1 WHERE "serverSeedHash" = $2`, [
      "0".repeat(64),
      serverSeedHash,
    ]);
    const report = await runMonitor({ baseUrl: server().url, stateDir: fresh });
    expect(report.ok).toBe(false);
    expect(
      report.problems.filter((problem) =>
        /its revealed seed does not reproduce it: the server seed does not match its commitment/.test(problem),
      ),
    ).toHaveLength(3);
  });
});
