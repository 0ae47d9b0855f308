import { describe, expect, it } from "vitest";
import { judgeDraw, type RecomputedDraw, type RecordedDraw } from "./draw-verdict";

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);
const ODDS = "c".repeat(64);

const recomputed: RecomputedDraw = {
  seedHash: HASH_A,
  expectedHash: HASH_A,
  result: 4242,
  pack: { slug: "starter", name: "Starter", oddsHash: ODDS },
  item: { itemId: "item-1", name: "Sticker" },
};
const recorded: RecordedDraw = { packSlug: "starter", itemId: "item-1", oddsHash: ODDS };

describe("judgeDraw", () => {
  it("confirms a draw whose seed matches its commitment and whose ticket falls on the recorded item", () => {
    expect(judgeDraw(recomputed, recorded)).toEqual({ kind: "confirmed", text: "✓ This draw gives the item you got: Sticker." });
  });

  it("refutes a seed that does not match the committed hash before looking at the item", () => {
    expect(judgeDraw({ ...recomputed, expectedHash: HASH_B }, recorded)?.kind).toBe("refuted");
    expect(judgeDraw({ ...recomputed, expectedHash: HASH_B }, null)?.text).toMatch(/not the one committed/);
  });

  it("refutes a ticket that falls on another item, naming it and the ticket", () => {
    const verdict = judgeDraw({ ...recomputed, item: { itemId: "item-2", name: "Watch" } }, recorded);
    expect(verdict).toEqual({ kind: "refuted", text: expect.stringContaining("gives Watch (ticket 4242)") as string });
  });

  it("does not judge against another pack or odds other than the draw's", () => {
    expect(judgeDraw({ ...recomputed, pack: { slug: "other", name: "Other", oddsHash: ODDS } }, recorded)?.kind).toBe("unchecked");
    expect(judgeDraw({ ...recomputed, pack: null, item: null }, recorded)?.kind).toBe("unchecked");
    expect(judgeDraw({ ...recomputed, pack: { ...recomputed.pack!, oddsHash: HASH_B } }, recorded)?.text).toMatch(
      /odds of Starter changed/,
    );
  });

  it("says nothing when no opening was recorded to compare with", () => {
    expect(judgeDraw(recomputed, null)).toBeNull();
    expect(judgeDraw({ ...recomputed, expectedHash: null }, null)).toBeNull();
  });
});
