import { describe, expect, it } from "vitest";
import { celebrationFor, outcomeVerb } from "./open-outcome";

describe("what an outcome is called", () => {
  it("a win only when it is worth more than it cost", () => {
    expect(outcomeVerb("5.00", "4.99")).toBe("You won");
    expect(outcomeVerb("4.99", "4.99")).toBe("You got");
    expect(outcomeVerb("1.20", "4.99")).toBe("You got");
  });

  it("celebrates by how many times the price it is worth", () => {
    expect([
      celebrationFor("4.99", "4.99"),
      celebrationFor("5.00", "4.99"),
      celebrationFor("14.97", "4.99"),
      celebrationFor("49.90", "4.99"),
    ]).toEqual([0, 1, 2, 3]);
  });
});
