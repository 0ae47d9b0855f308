import { describe, expect, it } from "vitest";
import { Money } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { WalletChangedEventSchema } from "../contract/events.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { walletChange } from "../wallet/wallet-change.ts";
import { latestAccountEventId, listAccountEventsAfter, recordAccountEvent } from "./account-events.ts";

const services = useTestServices();
const database = () => services().database;

describe("account events", () => {
  it("lists an account's events after an id in numeric id order, across digit counts, in batches", async () => {
    const db = database();
    const user = await createTestUser(services());
    const other = await createTestUser(services());
    // Interleaved with another account's, so ids grow past a power of ten with gaps.
    for (let i = 0; i < 24; i++) {
      await db.prisma.$transaction((tx) =>
        recordAccountEvent(tx, i % 2 ? other.userId : user.userId, "wallet.changed", walletChange(new Money(i), new Money(1), "DEPOSIT")),
      );
    }
    const all = await listAccountEventsAfter(services(), { userId: user.userId, afterId: "0", limit: 100 });
    expect(all.map((e) => (e.type === "wallet.changed" ? e.data.balance : null))).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
    const ids = all.map((e) => BigInt(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(await latestAccountEventId(services(), user.userId)).toBe(all.at(-1)!.id);

    // Resuming after any id gets exactly what follows it, batch by batch.
    const resumed = [];
    let after = all[2]!.id;
    for (;;) {
      const batch = await listAccountEventsAfter(services(), { userId: user.userId, afterId: after, limit: 4 });
      resumed.push(...batch);
      if (batch.length < 4) break;
      after = batch.at(-1)!.id;
    }
    expect(resumed.map((e) => e.id)).toEqual(all.slice(3).map((e) => e.id));
  });

  it("an opening's wallet.changed (built in SQL by open_pack) is what walletChange builds", async () => {
    const user = await createTestUser(services(), { balance: "10.00" });
    const pack = await createTestPack(services(), { price: "4.99" });
    const opened = await openPack(services(), { userId: user.userId, idOrSlug: pack.slug });
    const events = await listAccountEventsAfter(services(), { userId: user.userId, afterId: "0", limit: 10 });
    const changed = events.findLast((event) => event.type === "wallet.changed");
    expect(WalletChangedEventSchema.parse(changed)).toEqual(changed);
    expect(changed!.data).toEqual({ ...walletChange(new Money("5.01"), new Money("-4.99"), "PACK_OPEN"), spinId: opened.spin.id });
  });
});
