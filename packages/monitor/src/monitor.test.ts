import { createHash, createHmac } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MerkleTree,
  bytesToHex,
  canonicalLeaf,
  canonicalOddsTable,
  generateLogSecretKey,
  ticketFromHash,
  leafHash,
  logPublicKey,
  signTreeHead,
  type SignedTreeHead,
} from "@prizepacks/fairness";
import { runMonitor } from "./monitor.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hmac = (key: string, message: string) => createHmac("sha256", key).update(message).digest("hex");
const ranges = [
  { itemId: "item", ticketFrom: 1, ticketTo: 60_000 },
  { itemId: "cheaper", ticketFrom: 60_001, ticketTo: 100_000 },
];
const rangesHash = sha256(canonicalOddsTable(ranges));

/**
 * A log served the way /v1/transparency/* and /v1/fairness/{seeds,odds} serve it, from memory, by
 * an operator who may cheat. Its openings are real draws of one seed pair (node:crypto, apart from
 * the verifier), its upgrades real rolls of the same pair; the seed is served once `revealed`.
 */
class FakeLog {
  leaves: string[] = [];
  heads: Array<SignedTreeHead & { publicKey: string }> = [];
  serverSeed = "5e".repeat(32);
  revealed = false;
  constructor(public secretKey = generateLogSecretKey()) {}

  add(count: number, nextKey: string | null = null): void {
    for (let i = 0; i < count; i++) {
      const n = this.leaves.length;
      const base = {
        createdAt: new Date(Date.UTC(2026, 10, 29, 9, 0, n)).toISOString(),
        serverSeedHash: sha256(this.serverSeed),
        clientSeed: "c",
        nonce: n,
      };
      if (n % 10 === 9) {
        const hash = hmac(this.serverSeed, `c:${n}:upgrade`);
        const ticket = ticketFromHash(hash);
        const won = ticket <= 40_000;
        this.leaves.push(
          canonicalLeaf({
            kind: "upgrade",
            id: `up${n}`,
            ...base,
            chanceTickets: 40_000,
            hash,
            ticket,
            itemId: "item",
            won,
            value: won ? "9.00" : "0.00",
          }),
        );
      } else {
        const hash = hmac(this.serverSeed, `c:${n}`);
        const ticket = ticketFromHash(hash);
        const itemId = ranges.find((range) => ticket <= range.ticketTo)!.itemId;
        this.leaves.push(
          canonicalLeaf({ kind: "open", id: `spin${n}`, ...base, oddsHash: rangesHash, hash, ticket, itemId, value: "1.00" }),
        );
      }
    }
    this.sign(nextKey);
  }

  tree(): MerkleTree {
    const tree = new MerkleTree();
    for (const leaf of this.leaves) tree.append(leafHash(leaf));
    return tree;
  }

  sign(nextKey: string | null = null): void {
    const last = this.heads.at(-1);
    this.heads.push({
      ...signTreeHead(
        {
          treeSize: this.leaves.length,
          timestamp: (last?.timestamp ?? 1_790_000_000_000) + 1000,
          rootHash: bytesToHex(this.tree().root()),
          nextKey,
        },
        this.secretKey,
      ),
      publicKey: logPublicKey(this.secretKey),
    });
  }

  /** rotate-log-key's way: the next head, signed by the old key, announces the new one, which signs every later head. */
  rotate(count: number): void {
    const next = generateLogSecretKey();
    this.add(count, logPublicKey(next));
    this.secretKey = next;
  }

  fetch: typeof fetch = async (input) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const q = (name: string) => Number(url.searchParams.get(name));
    const tree = this.tree();
    const body = (() => {
      switch (url.pathname) {
        case "/v1/transparency/key":
          return { algorithm: "Ed25519", publicKey: logPublicKey(this.secretKey), signs: "" };
        case "/v1/transparency/heads":
          return { heads: this.heads.map((head) => ({ nextKey: null, ...head })), nextCursor: null };
        case "/v1/transparency/leaves":
          return {
            leaves: this.leaves.slice(q("start"), q("end")).map((leaf, i) => {
              const { kind, id } = JSON.parse(leaf) as { kind: string; id: string };
              return { leafIndex: q("start") + i, kind, id, leaf };
            }),
          };
        case `/v1/fairness/seeds/${sha256(this.serverSeed)}`:
          return this.revealed
            ? { serverSeedHash: sha256(this.serverSeed), serverSeed: this.serverSeed, revealedAt: new Date().toISOString() }
            : null;
        case `/v1/fairness/odds/${rangesHash}`:
          return { oddsHash: rangesHash, ranges };
        case "/v1/transparency/proof/consistency":
          return {
            first: q("first"),
            second: q("second"),
            consistencyPath: tree.consistencyProof(q("first"), q("second")).map(bytesToHex),
          };
        default:
          return null;
      }
    })();
    return new Response(JSON.stringify(body), { status: body ? 200 : 404, headers: { "content-type": "application/json" } });
  };
}

const stateDir = () => mkdtemp(path.join(tmpdir(), "prizepacks-monitor-"));

describe("prizepacks-monitor", () => {
  it("accepts an honest log, then checks only what is new on the next run", async () => {
    const log = new FakeLog();
    log.add(5);
    log.add(300);
    const dir = await stateDir();
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).toMatchObject({
      ok: true,
      treeSize: 305,
      newLeaves: 305,
    });
    log.add(1200);
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).toMatchObject({
      ok: true,
      treeSize: 1505,
      newLeaves: 1200,
    });
  });

  it("refuses a tree rewritten and re-signed with the operator's own key", async () => {
    const log = new FakeLog();
    log.add(10);
    const dir = await stateDir();
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).ok).toBe(true);
    // The operator changes an outcome it already showed, rebuilds the tree and signs every head again.
    log.leaves[3] = log.leaves[3]!.replace('"value":"1.00"', '"value":"0.10"');
    log.heads = [];
    log.add(5);
    const report = await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch });
    expect(report.ok).toBe(false);
    expect(report.problems.join("\n")).toMatch(/not consistent|not the root|no longer holds/);
    // Still refused on the run after: a failed run does not move the state forward.
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).ok).toBe(false);
  });

  it("follows a key rotation announced in a head signed by the old key, on a run that saw it or a fresh one", async () => {
    const log = new FakeLog();
    log.add(4);
    const dir = await stateDir();
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).ok).toBe(true);
    log.rotate(3);
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).toMatchObject({ ok: true, problems: [] });
    log.add(2);
    log.rotate(2);
    log.add(1);
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).toMatchObject({ ok: true, problems: [] });
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: await stateDir(), fetch: log.fetch })).toMatchObject({
      ok: true,
      treeSize: 12,
    });

    // A head whose announcement was not signed by the old key (the operator swapped a key in afterwards): refused.
    const forged = new FakeLog();
    forged.add(3);
    forged.secretKey = generateLogSecretKey();
    forged.sign(logPublicKey(generateLogSecretKey()));
    const report = await runMonitor({ baseUrl: "http://forged.test", stateDir: await stateDir(), fetch: forged.fetch });
    expect(report.problems.join("\n")).toMatch(/a key no head announced/);
  });

  it("refuses heads signed by another key, and leaves that are not canonical", async () => {
    const log = new FakeLog();
    log.add(4);
    const dir = await stateDir();
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).ok).toBe(true);
    log.secretKey = generateLogSecretKey();
    log.add(2);
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).problems.join("\n")).toMatch(
      /log key changed/,
    );

    const other = new FakeLog();
    other.leaves.push('{ "kind": "open", "id": "spin0" }');
    other.sign();
    const fresh = await stateDir();
    expect((await runMonitor({ baseUrl: "http://other.test", stateDir: fresh, fetch: other.fetch })).problems.join("\n")).toMatch(
      /canonical/,
    );
  });

  it("re-verifies every outcome once its seed is revealed, on the first run after", async () => {
    const log = new FakeLog();
    log.add(25);
    const dir = await stateDir();
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).toMatchObject({
      ok: true,
      verified: 0,
      pending: 25,
    });
    log.revealed = true;
    log.add(5);
    expect(await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).toMatchObject({
      ok: true,
      verified: 30,
      pending: 0,
    });
  });

  it("reports an outcome its revealed seed does not reproduce, naming the leaf, until it is fixed", async () => {
    const log = new FakeLog();
    log.add(12);
    // The operator logged (and signed) an opening whose item is not the one its ticket gives, and an upgrade it called won.
    const opening = JSON.parse(log.leaves[4]!) as { itemId: string };
    log.leaves[4] = log.leaves[4]!.replace(`"itemId":"${opening.itemId}"`, `"itemId":"${opening.itemId === "item" ? "cheaper" : "item"}"`);
    log.leaves[9] = log.leaves[9]!.replace(/"won":(true|false)/, (_, won: string) => `"won":${won === "true" ? "false" : "true"}`);
    log.heads = [];
    log.sign();
    const dir = await stateDir();
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).ok).toBe(true);
    log.revealed = true;
    const report = await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch });
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      expect.stringMatching(/^leaf 4 \(open spin4\): its revealed seed does not reproduce it: the item is/),
      expect.stringMatching(/^leaf 9 \(upgrade up9\): its revealed seed does not reproduce it: won is/),
    ]);
    expect((await runMonitor({ baseUrl: "http://log.test", stateDir: dir, fetch: log.fetch })).ok).toBe(false);
  });
});
