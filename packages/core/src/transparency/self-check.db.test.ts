import { describe, expect, it } from "vitest";
import { checkOpeningBeforePaid, drawOpening, openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { getBalance } from "../wallet/wallet.ts";
import { createBattle } from "../battles/create-battle.ts";
import { joinBattle } from "../battles/join-battle.ts";
import { settleBattle } from "../battles/settle-battles.ts";
import { withBeaconAhead } from "../testing/battles.ts";

const services = useTestServices();

describe("checked before paid (assertVerifiedBeforePaid)", () => {
  it("refuses a draw whose item was tampered with: 503 with Retry-After", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    const cached = (await services().catalog.find(pack.id))!;
    const pair = await services().pairs.get(services().database.sql, user.userId);
    const args = drawOpening(cached, user.userId, pair);
    await checkOpeningBeforePaid(cached, pair, args); // the honest draw passes
    const other = cached.pack.currentOddsVersion!.ranges.map((range) => range.item.id).find((id) => id !== args.p_item)!;
    const error = await expectAppError(checkOpeningBeforePaid(cached, pair, { ...args, p_item: other }), "UNAVAILABLE");
    expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('never pays a draw made on the literal seed "undefined": the opening is refused, nothing debited or won', async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "1.00" });
    const pair = await services().pairs.get(services().database.sql, user.userId);
    // A bug that lost the seed on the way to the draw (Clash.gg's battles drew on "undefined" for three hours).
    (pair as { serverSeed: string }).serverSeed = "undefined";
    await expectAppError(openPack(services(), { userId: user.userId, idOrSlug: pack.id }), "UNAVAILABLE");
    expect((await getBalance(services(), user.userId)).toFixed(2)).toBe("10.00");
    const spins = await services().database.sql.query(`SELECT id FROM spin WHERE "userId" = $1`, [user.userId]);
    expect(spins).toHaveLength(0);
    services().pairs.forget(user.userId);
    expect((await openPack(services(), { userId: user.userId, idOrSlug: pack.id })).spin.nonce).toBe(0);
  });

  it("refuses to settle a battle whose draws do not re-derive from its commitment: it stays locked, nothing paid", async () => {
    const battles = await withBeaconAhead(services());
    const pack = await createTestPack(services(), { price: "1.00" });
    const a = await createTestUser(services(), { balance: "10.00" });
    const b = await createTestUser(services(), { balance: "10.00" });
    const created = await createBattle(battles, a.userId, { packs: [pack.slug], layout: "1v1", winRule: "highest" });
    await joinBattle(battles, b.userId, created.id, {});
    // The seed drawn with is not the one committed to at creation.
    await services().database.sql.query(`UPDATE battle SET "serverSeed" = $2 WHERE id = $1`, [created.id, "0".repeat(64)]);
    await expectAppError(settleBattle(battles, created.id), "UNAVAILABLE");
    const [row] = await services().database.sql.query<{ status: string; items: number }>(
      `SELECT status, (SELECT count(*)::int FROM inventory_item WHERE "battleId" = $1) AS items FROM battle WHERE id = $1`,
      [created.id],
    );
    expect(row).toEqual({ status: "locked", items: 0 });
  });
});
