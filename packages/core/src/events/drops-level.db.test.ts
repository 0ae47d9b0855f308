import { describe, expect, it } from "vitest";
import { CLI_ACTOR } from "../admin-log/write-admin-log.ts";
import { openPack } from "../open/open-pack.ts";
import { setRewardLevel } from "../rewards/reward-settings.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { recentDrops, type Drop } from "./drops.ts";

const services = useTestServices();

describe("the drop feed's level (#39)", () => {
  it("carries each player's level, in the hub's live batches and in the recent drops alike", async () => {
    // Level 1 from 100.00 wagered (the default table's, set again so this test does not lean on it).
    await setRewardLevel(services(), CLI_ACTOR, { level: 1, threshold: "100.00", rakebackBps: 500 });
    const pack = await createTestPack(services(), { price: "60.00" });
    const player = await createTestUser(services(), { balance: "200.00" });
    const hub = await services().events();
    const seen: Drop[] = [];
    const stop = hub.watchDrops((drops) => seen.push(...drops.filter((drop) => drop.pack.id === pack.id)));
    try {
      // 60.00 wagered: level 0 after the first opening; 120.00: level 1 after the second. The hub
      // reads the level as it reads the event (at once when live): the first is read before the second.
      const first = await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
      hub.readSoon();
      await expect.poll(() => seen.map((drop) => drop.level), { timeout: 5_000 }).toEqual([0]);
      const second = await openPack(services(), { userId: player.userId, idOrSlug: pack.id });
      hub.readSoon();
      await expect.poll(() => seen.map((drop) => drop.level), { timeout: 5_000 }).toEqual([0, 1]);
      expect(seen.map((drop) => drop.item.id)).toEqual([first.item.id, second.item.id]);
      // Read later, both drops show the level the player has now.
      const recent = (await recentDrops(services(), services().catalog, { limit: 50 })).filter((drop) => drop.pack.id === pack.id);
      expect(recent.map((drop) => drop.level)).toEqual([1, 1]);
    } finally {
      stop();
    }
  });
});
