import { describe, expect, it } from "vitest";
import { drawTicket, sha256Hex } from "@prizepacks/fairness";
import { AppError } from "../errors.ts";
import { rotateSeedPair } from "../fairness/seed-pairs.ts";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { listSpinHistory } from "./list-spin-history.ts";

const services = useTestServices();

describe("listSpinHistory", () => {
  it("returns each opening with its pack, item, price and fairness data, newest first", async () => {
    const pack = await createTestPack(services(), { price: "2.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    const first = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    const second = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });

    const { spins, nextCursor } = await listSpinHistory(services(), { userId: user.userId });
    expect(nextCursor).toBeNull();
    expect(spins.map((s) => s.id)).toEqual([second.spin.id, first.spin.id]);
    expect(spins[1]).toEqual({
      kind: "open",
      id: first.spin.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      pack: { id: pack.id, slug: pack.slug, name: pack.name, image: pack.image },
      item: first.item,
      price: "2.00",
      inventoryItemId: first.inventoryItem.id,
      fairness: {
        serverSeedHash: first.fairness.serverSeedHash,
        serverSeed: null,
        clientSeed: first.fairness.clientSeed,
        nonce: 0,
        hash: first.fairness.hash,
        result: first.spin.result,
        oddsHash: first.fairness.oddsHash,
        oddsVersion: 1,
      },
      leafIndex: null,
    });
  });

  it("reveals the server seed only once its pair is retired", async () => {
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "10.00" });
    const before = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    expect((await listSpinHistory(services(), { userId: user.userId })).spins[0]!.fairness.serverSeed).toBeNull();

    const rotated = await rotateSeedPair(services(), { userId: user.userId, clientSeed: "after-rotate" });
    const after = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    const [newest, oldest] = (await listSpinHistory(services(), { userId: user.userId })).spins;
    expect(newest!.id).toBe(after.spin.id);
    expect(newest!.fairness.serverSeed).toBeNull();
    expect(newest!.fairness.clientSeed).toBe("after-rotate");
    expect(oldest!.id).toBe(before.spin.id);
    expect(oldest!.fairness.serverSeed).toBe(rotated.previous.serverSeed);

    // The history alone is enough to verify the revealed draw.
    const { serverSeed, serverSeedHash, clientSeed, nonce, hash, result } = oldest!.fairness;
    expect(await sha256Hex(serverSeed!)).toBe(serverSeedHash);
    expect(await drawTicket({ serverSeed: serverSeed!, clientSeed, nonce })).toEqual({ hash, result });
  });

  it("pages with a cursor, filters by pack and never shows another account's spins", async () => {
    const a = await createTestPack(services(), { price: "1.00" });
    const b = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "20.00" });
    const stranger = await createTestUser(services(), { balance: "5.00" });
    const opened: string[] = [];
    for (const slug of [a.slug, b.slug, a.slug, b.slug, a.slug]) {
      opened.push((await openPack(services(), { userId: user.userId, idOrSlug: slug })).spin.id);
    }
    await openPack(services(), { userId: stranger.userId, idOrSlug: a.slug });

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listSpinHistory(services(), { userId: user.userId, cursor, limit: 2 });
      expect(page.spins.length).toBeLessThanOrEqual(2);
      seen.push(...page.spins.map((s) => s.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...opened].reverse());

    const onlyA = await listSpinHistory(services(), { userId: user.userId, packId: a.id });
    expect(onlyA.spins.map((s) => s.id)).toEqual([opened[4], opened[2], opened[0]]);
    expect((await listSpinHistory(services(), { userId: user.userId, packId: "no-such-pack" })).spins).toEqual([]);
    const error = await listSpinHistory(services(), { userId: user.userId, cursor: "%%%" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
  });
});
