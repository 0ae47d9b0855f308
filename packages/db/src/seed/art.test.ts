import { describe, expect, it } from "vitest";
import { itemArtPath, packArtIcons, packArtPath } from "./art.ts";
import { demoCatalog } from "./catalog.ts";

describe("catalogue art", () => {
  it("a pack's art shows its three most valuable items, each once, best first", () => {
    const items = [
      { art: "coin", value: "0.50" },
      { art: "crown", value: "120.00" },
      { art: "gem-stone", value: "35.00" },
      { art: "crown", value: "99.00" },
      { art: "trophy", value: "40.00" },
    ];
    expect(packArtIcons(items)).toEqual(["crown", "trophy", "gem-stone"]);
    expect(packArtPath("GOLD", packArtIcons(items))).toBe("/art/pack/GOLD/crown,trophy,gem-stone.svg");
  });

  it("refuses anything but an icon name in a URL", () => {
    expect(itemArtPath("gem-stone", "EPIC")).toBe("/art/item/EPIC/gem-stone.svg");
    for (const bad of ["../etc", "Gem", "a/b", "", "x.svg"]) expect(() => itemArtPath(bad, "EPIC")).toThrow();
  });

  it("every pack and item of the demo catalogue has its own image", () => {
    for (const pack of demoCatalog) {
      const images = pack.items.map((item) => item.image);
      expect(new Set(images).size, pack.slug).toBe(images.length);
      expect(pack.image).toMatch(/^\/art\/pack\//);
    }
    const packImages = demoCatalog.map((pack) => pack.image);
    expect(new Set(packImages).size).toBe(packImages.length);
  });
});
