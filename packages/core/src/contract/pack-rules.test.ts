import { describe, expect, it } from "vitest";
import { freshItemKey, publishedItemIssues } from "./pack-rules.ts";

const published = [
  { key: "watch", value: "8999.00", rarity: "LEGENDARY" },
  { key: "sticker", value: "0.50", rarity: "COMMON" },
];

describe("publishedItemIssues", () => {
  it("names the item whose published key got a new value or rarity, at its value field", () => {
    const items = [
      { key: "watch", value: "8999", rarity: "LEGENDARY" as const },
      { key: "sticker", value: "0.75", rarity: "COMMON" as const },
      { key: "new-one", value: "3.00", rarity: "RARE" as const },
    ];
    expect(publishedItemIssues(items, published)).toEqual([
      {
        path: ["items", 1, "value"],
        message:
          'item "sticker" is in published odds, so its value (0.50) and rarity (COMMON) cannot change; give the changed item a new key',
      },
    ]);
    expect(publishedItemIssues([{ key: "watch", value: "8999.00", rarity: "EPIC" }], published)).toHaveLength(1);
    expect(publishedItemIssues([{ key: "watch", value: "8999.00", rarity: "LEGENDARY" }], published)).toEqual([]);
  });
});

describe("freshItemKey", () => {
  it("numbers the key past every key in use", () => {
    expect(freshItemKey("sticker", ["sticker"])).toBe("sticker-2");
    expect(freshItemKey("sticker-2", ["sticker", "sticker-2", "sticker-3"])).toBe("sticker-4");
  });
});
