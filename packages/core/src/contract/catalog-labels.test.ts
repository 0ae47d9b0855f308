import { describe, expect, it } from "vitest";
import { displayChance } from "./catalog-labels.ts";

describe("displayChance", () => {
  it("shows every chance with the tickets' three decimals", () => {
    expect(displayChance(68)).toBe("68.000%");
    expect(displayChance(4.85)).toBe("4.850%");
    expect(displayChance(0.001)).toBe("0.001%");
    expect(displayChance(100)).toBe("100.000%");
  });
});
