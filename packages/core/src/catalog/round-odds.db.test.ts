import { describe, expect, it } from "vitest";
import { oddsHash } from "@prizepacks/fairness";
import { useTestServices } from "../testing/vitest.ts";
import { getPackDetail, listActivePacks } from "./get-pack.ts";
import { listRoundOdds } from "./round-odds.ts";
import { seedDemoCatalog } from "./seed-demo-catalog.ts";

const services = useTestServices();

describe("listRoundOdds", () => {
  it("finds each round's odds version by pack id and odds hash, with item values, in the order asked; null where none matches", async () => {
    if ((await listActivePacks(services())).length === 0) await seedDemoCatalog(services());
    const [first, second] = await listActivePacks(services());
    const [a, b] = await Promise.all([getPackDetail(services(), first!.id), getPackDetail(services(), second!.id)]);

    const found = await listRoundOdds(services(), [
      { packId: b.id, oddsHash: b.oddsHash },
      { packId: a.id, oddsHash: a.oddsHash },
      { packId: b.id, oddsHash: b.oddsHash },
      { packId: a.id, oddsHash: b.oddsHash },
      { packId: a.id, oddsHash: "not-a-hash" },
    ]);

    expect(found.map((round) => round?.packId ?? null)).toEqual([b.id, a.id, b.id, null, null]);
    const round = found[1]!;
    expect(round).toMatchObject({ slug: a.slug, name: a.name, image: a.image, oddsVersion: a.oddsVersion, oddsHash: a.oddsHash });
    expect(round.items).toEqual(
      a.items.map(({ id, name, rarity, image, value, ticketFrom, ticketTo }) => ({
        itemId: id,
        name,
        rarity,
        image,
        value,
        ticketFrom,
        ticketTo,
      })),
    );
    // The ranges hash to the version's published odds hash: what the battle verifier checks.
    expect(await oddsHash(round.items)).toBe(a.oddsHash);
  });

  it("asks nothing of the database when no pair is well formed", async () => {
    expect(await listRoundOdds(services(), [{ packId: "x", oddsHash: "zz" }])).toEqual([null]);
  });
});
