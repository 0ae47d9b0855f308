import { describe, expect, it } from "vitest";
import { diffLogEntry } from "./log-diff";

describe("diffLogEntry", () => {
  it("lists each field once with its change, nested objects as dotted paths and chances as key: value", () => {
    expect(
      diffLogEntry(
        { balance: "10.00", pack: { price: "5.00", name: "A" } },
        {
          balance: "12.50",
          amount: "2.50",
          pack: { price: "5.00", name: "B" },
          chances: [
            ["big", "2"],
            ["small", "98"],
          ],
        },
      ),
    ).toEqual([
      { field: "balance", before: "10.00", after: "12.50", change: "changed" },
      { field: "pack.price", before: "5.00", after: "5.00", change: "same" },
      { field: "pack.name", before: "A", after: "B", change: "changed" },
      { field: "amount", before: null, after: "2.50", change: "added" },
      { field: "chances", before: null, after: "big: 2, small: 98", change: "added" },
    ]);
  });

  it("has no rows for an entry without before or after, and shows removed fields", () => {
    expect(diffLogEntry(null, null)).toEqual([]);
    expect(diffLogEntry({ revokedAt: null }, {})).toEqual([{ field: "revokedAt", before: "–", after: null, change: "removed" }]);
  });
});
