import { describe, expect, it } from "vitest";
import { drawTicket, sha256Hex } from "@prizepacks/fairness";
import { auditInvariants } from "../audit/audit.ts";
import { publishPackOdds } from "../catalog/publish-pack-odds.ts";
import { getPackDetail } from "../catalog/get-pack.ts";
import { AppError } from "../errors.ts";
import { getFairnessState, rotateSeedPair } from "../fairness/seed-pairs.ts";
import { parseMoney } from "../money.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { creditWallet, getBalance } from "../wallet/wallet.ts";
import { openPack } from "./open-pack.ts";

const services = useTestServices();
const database = () => services().database;
const isPostgres = () => database().kind === "postgres";

describe("openPack", () => {
  it("debits the price and records spin, inventory item and ledger entry, verifiably", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "3.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    const before = await getFairnessState(services(), user.userId);

    const result = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });

    expect(result.balanceAfter).toBe(7);
    expect(result.spin.nonce).toBe(0);
    expect(result.fairness.nonce).toBe(result.spin.nonce);
    expect(result.fairness.serverSeedHash).toBe(before.serverSeedHash);
    expect(result.inventoryItem.itemId).toBe(result.item.id);
    expect(result.item.value).toMatch(/^\d+\.\d{2}$/);
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("7.00");
    const ledger = await db.ledgerEntry.findMany({ where: { userId: user.userId }, orderBy: { createdAt: "asc" } });
    expect(ledger.map((entry) => [entry.kind, entry.amount.toFixed(2)])).toEqual([
      ["ADJUSTMENT", "10.00"],
      ["PACK_OPEN", "-3.00"],
    ]);
    expect((await getFairnessState(services(), user.userId)).nonce).toBe(1);

    // Reveal the server seed and recompute the draw from scratch.
    const rotated = await rotateSeedPair(services(), { userId: user.userId });
    expect(await sha256Hex(rotated.previous.serverSeed)).toBe(result.fairness.serverSeedHash);
    const draw = await drawTicket({ serverSeed: rotated.previous.serverSeed, clientSeed: result.fairness.clientSeed, nonce: 0 });
    expect(draw).toEqual({ hash: result.fairness.hash, result: result.spin.result });
    const detail = await getPackDetail(services(), pack.id);
    const winner = detail.items.find((item) => draw.result >= item.ticketFrom && draw.result <= item.ticketTo);
    expect(winner?.id).toBe(result.item.id);
    expect(detail.oddsHash).toBe(result.fairness.oddsHash);
  });

  it("opens nothing and keeps the balance when it is insufficient", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "3.00" });
    const user = await createTestUser(services(), { balance: "2.99" });
    const refused = await expectAppError(openPack(services(), { userId: user.userId, idOrSlug: pack.id }), "INSUFFICIENT_BALANCE");
    // Every amount in a message carries its currency sign, as the app shows amounts.
    expect(refused.message).toBe("Insufficient balance: the pack costs $3.00, the wallet holds $2.99.");
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("2.99");
    expect(await db.spin.count({ where: { userId: user.userId } })).toBe(0);
    expect(await db.ledgerEntry.count({ where: { userId: user.userId } })).toBe(1);
    expect((await getFairnessState(services(), user.userId)).nonce).toBe(0);
  });

  it("reports inactive and unknown packs as not found and charges nothing", async () => {
    const pack = await createTestPack(services(), { active: false });
    const user = await createTestUser(services(), { balance: "10.00" });
    await expectAppError(openPack(services(), { userId: user.userId, idOrSlug: pack.slug }), "NOT_FOUND");
    await expectAppError(openPack(services(), { userId: user.userId, idOrSlug: "no-such-pack" }), "NOT_FOUND");
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("10.00");
  });

  it("with money for k opens, exactly k of many parallel opens succeed; balance exact, nonces consecutive", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "3.33" });
    const k = 6;
    const user = await createTestUser(services(), { balance: (3.33 * k).toFixed(2) });
    const attempts = 24;
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, () => openPack(services(), { userId: user.userId, idOrSlug: pack.slug })),
    );
    const succeeded = outcomes.filter((o) => o.status === "fulfilled");
    const failed = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(succeeded).toHaveLength(k);
    expect(failed.every((f) => f.reason instanceof AppError && f.reason.code === "INSUFFICIENT_BALANCE")).toBe(true);
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("0.00");
    const nonces = (await db.spin.findMany({ where: { userId: user.userId } })).map((s) => s.nonce).sort((a, b) => a - b);
    expect(nonces).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await db.inventoryItem.count({ where: { userId: user.userId } })).toBe(k);
    const report = await auditInvariants(services());
    expect(report.breaches).toEqual([]);
  });

  it("keeps nonces consecutive when the seed pair rotates between parallel opens", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "20.00" });
    const opens = Array.from({ length: 10 }, () => openPack(services(), { userId: user.userId, idOrSlug: pack.slug }));
    const rotation = rotateSeedPair(services(), { userId: user.userId, clientSeed: "rotated-mid-flight" });
    const results = await Promise.all([...opens, rotation]);
    expect(results).toHaveLength(11);
    const pairs = await db.seedPair.findMany({ where: { userId: user.userId }, include: { spins: true } });
    expect(pairs.reduce((n, p) => n + p.spins.length, 0)).toBe(10);
    for (const pair of pairs) {
      expect(pair.spins.map((s) => s.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: pair.nonce }, (_, i) => i));
    }
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("draws again when the seed pair rotated since this process last opened with it", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    expect((await openPack(services(), { userId: user.userId, idOrSlug: pack.slug })).spin.nonce).toBe(0);
    const rotated = await rotateSeedPair(services(), { userId: user.userId, clientSeed: "after-rotation" });
    const afterRotation = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    expect(afterRotation.fairness).toMatchObject({
      clientSeed: "after-rotation",
      nonce: 0,
      serverSeedHash: rotated.current.serverSeedHash,
    });
    const draw = await drawTicket({
      serverSeed: (await db.seedPair.findFirstOrThrow({ where: { userId: user.userId, retiredAt: null } })).serverSeed,
      clientSeed: "after-rotation",
      nonce: 0,
    });
    expect(draw.hash).toBe(afterRotation.fairness.hash);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("does not serialize different accounts on a shared row (the pack row stays unlocked)", async () => {
    if (!isPostgres()) return; // row locks across connections need PostgreSQL
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "5.00" });
    // Hold the lock an UPDATE of the pack row needs, from another connection: an open that
    // wrote the pack row (say, a spin counter) would queue behind it. Foreign-key checks only
    // take KEY SHARE, which does not conflict, so opens of one pack by many accounts run in parallel.
    await database().sql.withConnection(async (other) => {
      await other.exec("BEGIN");
      await other.query(`SELECT id FROM pack WHERE id = $1 FOR NO KEY UPDATE`, [pack.id]);
      try {
        const result = await Promise.race([
          openPack(services(), { userId: user.userId, idOrSlug: pack.slug }),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("open blocked on the pack row")), 5_000)),
        ]);
        expect(result.balanceAfter).toBe(4);
      } finally {
        await other.exec("ROLLBACK");
      }
    });
  });

  it("replays an Idempotency-Key: same response, one opening, also for parallel retries", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "2.00" });
    const other = await createTestPack(services(), { price: "2.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    const key = `retry-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => openPack(services(), { userId: user.userId, idOrSlug: pack.slug, idempotencyKey: key })),
    );
    expect(new Set(results.map((r) => r.spin.id)).size).toBe(1);
    expect(await db.spin.count({ where: { userId: user.userId } })).toBe(1);
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("8.00");
    const again = await openPack(services(), { userId: user.userId, idOrSlug: pack.id, idempotencyKey: key });
    expect(again).toEqual(results[0]);
    await expectAppError(openPack(services(), { userId: user.userId, idOrSlug: other.slug, idempotencyKey: key }), "CONFLICT");
    // Another account may use the same key independently.
    const stranger = await createTestUser(services(), { balance: "2.00" });
    const theirs = await openPack(services(), { userId: stranger.userId, idOrSlug: pack.slug, idempotencyKey: key });
    expect(theirs.spin.id).not.toBe(results[0]!.spin.id);
  });

  it("does not remember a failed open under its Idempotency-Key", async () => {
    const pack = await createTestPack(services(), { price: "2.00" });
    const user = await createTestUser(services(), { balance: "1.00" });
    await expectAppError(openPack(services(), { userId: user.userId, idOrSlug: pack.slug, idempotencyKey: "k1" }), "INSUFFICIENT_BALANCE");
    await creditWallet(services(), { userId: user.userId, amount: parseMoney("5.00") });
    const result = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug, idempotencyKey: "k1" });
    expect(result.balanceAfter).toBe(4);
  });

  it("keeps each spin on the odds version it was drawn with when the odds change", async () => {
    const db = database().prisma;
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "5.00" });
    const first = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    const items = await db.packItem.findMany({ where: { packId: pack.id }, orderBy: { key: "asc" } });
    const [common, jackpot, rare] = items; // keys: common, jackpot, rare
    await publishPackOdds(services(), {
      packId: pack.id,
      items: [
        { itemId: jackpot!.id, tickets: 50 },
        { itemId: rare!.id, tickets: 4_950 },
        { itemId: common!.id, tickets: 95_000 },
      ],
    });
    const detail = await getPackDetail(services(), pack.slug);
    expect(detail.oddsVersion).toBe(2);
    expect(detail.oddsHash).not.toBe(first.fairness.oddsHash);
    expect(detail.items.map((i) => i.chance)).toEqual([0.05, 4.95, 95]);
    const second = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    expect(second.fairness.oddsVersion).toBe(2);
    const spins = await db.spin.findMany({ where: { userId: user.userId }, include: { oddsVersion: true }, orderBy: { nonce: "asc" } });
    expect(spins.map((s) => s.oddsVersion.version)).toEqual([1, 2]);
    expect(spins[0]!.oddsVersion.oddsHash).toBe(first.fairness.oddsHash);
    expect((await auditInvariants(services())).breaches).toEqual([]);
  });

  it("audit reports a wallet whose balance differs from its ledger", async () => {
    const db = database().prisma;
    const user = await createTestUser(services(), { balance: "5.00" });
    await db.wallet.update({ where: { userId: user.userId }, data: { balance: { increment: 1 } } });
    const report = await auditInvariants(services());
    expect(report.ok).toBe(false);
    expect(report.breaches.some((b) => b.detail.userId === user.userId)).toBe(true);
    await db.wallet.update({ where: { userId: user.userId }, data: { balance: { decrement: 1 } } });
  });

  it("refuses a negative balance at the database level too", async () => {
    const db = database().prisma;
    const user = await createTestUser(services(), { balance: "1.00" });
    await expect(db.wallet.update({ where: { userId: user.userId }, data: { balance: { decrement: 2 } } })).rejects.toThrow();
  });
});
