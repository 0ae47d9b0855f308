// The verifier's answer to "did this draw give what I got?", in words, from what the browser
// recomputed and what the opening recorded. Kept apart from the component so that the rules
// (which check fails first, when there is nothing to say) are tested on their own.

export interface DrawVerdict {
  /** confirmed: the draw gives the recorded item; refuted: it does not; unchecked: it cannot be told here. */
  kind: "confirmed" | "refuted" | "unchecked";
  text: string;
}

export interface RecordedDraw {
  packSlug: string;
  itemId: string;
  oddsHash: string | null;
}

export interface RecomputedDraw {
  seedHash: string;
  /** The hash shown before the opening, when known. */
  expectedHash: string | null;
  result: number;
  pack: { slug: string; name: string; oddsHash: string } | null;
  item: { itemId: string; name: string } | null;
}

/** Null when nothing was recorded to compare with (the verifier used by hand). */
export function judgeDraw(recomputed: RecomputedDraw, recorded: RecordedDraw | null): DrawVerdict | null {
  if (recomputed.expectedHash !== null && recomputed.expectedHash !== recomputed.seedHash) {
    return {
      kind: "refuted",
      text: "✗ This server seed is not the one committed before the opening: its SHA-256 differs from the hash shown then.",
    };
  }
  if (!recorded) return null;
  const { pack, item } = recomputed;
  if (!pack || pack.slug !== recorded.packSlug) {
    return { kind: "unchecked", text: "Choose the pack that was opened to check the item." };
  }
  if (recorded.oddsHash !== null && pack.oddsHash !== recorded.oddsHash) {
    return {
      kind: "unchecked",
      text: `The odds of ${pack.name} changed since this draw and its odds version was not found, so ticket ${recomputed.result} cannot be matched to an item here.`,
    };
  }
  if (item?.itemId === recorded.itemId) {
    return { kind: "confirmed", text: `✓ This draw gives the item you got: ${item.name}.` };
  }
  return {
    kind: "refuted",
    text: `✗ This draw gives ${item ? item.name : "no item"} (ticket ${recomputed.result}), not the item recorded for this opening.`,
  };
}
