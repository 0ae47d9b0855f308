import { describe, expect, it } from "vitest";
import type { Drop, Rarity } from "@prizepacks/core";
import { DROPS_PER_FLUSH, featuredDrops } from "./streams/index.ts";

const drop = (id: number, rarity: Rarity, value: string): Drop => ({
  id: String(id),
  at: new Date(0).toISOString(),
  player: "J***",
  pack: { id: "p", slug: "p", name: "P", price: "1.00" },
  item: { id: `i${id}`, name: "Item", rarity, value, image: "/i.svg" },
  kind: "open",
});

describe("featuredDrops", () => {
  it("shows a quiet moment whole", () => {
    const drops = [drop(1, "COMMON", "0.10"), drop(2, "COMMON", "0.20")];
    expect(featuredDrops(drops)).toEqual(drops);
  });

  it("shows the rarest, then the most valuable, then the newest of a busy moment, in the order they happened", () => {
    const drops = [
      drop(1, "LEGENDARY", "50.00"),
      drop(2, "COMMON", "9.00"),
      drop(3, "RARE", "2.00"),
      drop(4, "COMMON", "0.10"),
      drop(5, "RARE", "3.00"),
      drop(6, "COMMON", "0.10"),
      drop(7, "EPIC", "1.00"),
    ];
    const shown = featuredDrops(drops);
    expect(shown).toHaveLength(DROPS_PER_FLUSH);
    expect(shown.map((d) => d.id)).toEqual(["1", "3", "5", "7"]);
    expect(featuredDrops([...drops.slice(1, 2), drop(8, "COMMON", "9.00"), ...drops.slice(2)]).map((d) => d.id)).toEqual([
      "3",
      "5",
      "7",
      "8",
    ]);
  });
});
