import { describe, expect, it } from "vitest";
import { openPack } from "../open/open-pack.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { readBestPulls } from "./drops.ts";

const services = useTestServices();
const database = () => services().database;

describe("readBestPulls", () => {
  it("gives each pack its most valuable drop of the last 24 hours, from the openings' events", async () => {
    const pack = await createTestPack(services(), { price: "1.00" });
    const user = await createTestUser(services(), { balance: "20.00" });
    const opened: Awaited<ReturnType<typeof openPack>>[] = [];
    for (let i = 0; i < 6; i++) opened.push(await openPack(services(), { userId: user.userId, idOrSlug: pack.slug }));
    const best = (results: typeof opened) =>
      results.reduce((top, result) => (Number(result.item.value) > Number(top.item.value) ? result : top));

    expect((await readBestPulls(services())).get(pack.id)?.item).toEqual(best(opened).item);

    // A day and more ago no longer counts.
    const top = best(opened);
    await database().sql.query(
      `UPDATE account_event SET "createdAt" = now() - interval '25 hours' WHERE type = 'open.completed' AND data->'spin'->>'id' = $1`,
      [top.spin.id],
    );
    const rest = opened.filter((result) => result.spin.id !== top.spin.id);
    expect(Number((await readBestPulls(services())).get(pack.id)?.item.value)).toBe(Number(best(rest).item.value));
  });
});
