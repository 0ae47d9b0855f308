import { describe, expect, it } from "vitest";
import { ShipmentStateSchema, type ShipmentState } from "../contract/shipping.ts";
import { canTransition, itemStatusIn, refundsFee, type ShipmentActorKind } from "./shipment-states.ts";

const STATES = ShipmentStateSchema.options;
const ALLOWED: Array<[ShipmentState, ShipmentState, ShipmentActorKind]> = [
  ["REQUESTED", "APPROVED", "operator"],
  ["REQUESTED", "REJECTED", "operator"],
  ["REQUESTED", "CANCELLED", "player"],
  ["APPROVED", "SHIPPED", "operator"],
  ["APPROVED", "REJECTED", "operator"],
  ["SHIPPED", "DELIVERED", "operator"],
  ["SHIPPED", "RETURNED", "operator"],
];

describe("the shipment state machine", () => {
  it("allows exactly the listed moves, each only to its actor", () => {
    for (const from of STATES)
      for (const to of STATES)
        for (const actor of ["player", "operator"] as const) {
          const allowed = ALLOWED.some(([f, t, a]) => f === from && t === to && a === actor);
          expect(canTransition(from, to, actor), `${from} → ${to} by ${actor}`).toBe(allowed);
        }
  });

  it("names where the items are and whether the fee comes back", () => {
    expect(STATES.map((s) => [s, itemStatusIn(s), refundsFee(s)])).toEqual([
      ["REQUESTED", "REDEEMING", false],
      ["APPROVED", "REDEEMING", false],
      ["SHIPPED", "SHIPPED", false],
      ["DELIVERED", "SHIPPED", false],
      ["REJECTED", null, true],
      ["CANCELLED", null, true],
      ["RETURNED", null, false],
    ]);
  });
});
