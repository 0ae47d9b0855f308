import type { ShipmentState } from "../contract/shipping.ts";

/** Who moves a shipment: its owner (cancel only) or an operator. */
export type ShipmentActorKind = "player" | "operator";

/**
 * The one table of a shipment's moves: from each state, the states it may go to and who may
 * move it there. Everything not listed is refused (409).
 *
 * A player cancels only until the operator approves; an operator may still reject an approved
 * shipment (say, the item is out of stock). A returned parcel gives the items back (HELD) but
 * not the fee: the postage was spent.
 */
export const SHIPMENT_TRANSITIONS: Record<ShipmentState, Partial<Record<ShipmentState, ShipmentActorKind>>> = {
  REQUESTED: { APPROVED: "operator", REJECTED: "operator", CANCELLED: "player" },
  APPROVED: { SHIPPED: "operator", REJECTED: "operator" },
  SHIPPED: { DELIVERED: "operator", RETURNED: "operator" },
  DELIVERED: {},
  REJECTED: {},
  CANCELLED: {},
  RETURNED: {},
};

export function canTransition(from: ShipmentState, to: ShipmentState, actor: ShipmentActorKind): boolean {
  return SHIPMENT_TRANSITIONS[from][to] === actor;
}

/** The inventory status the shipment's items have in each state; null: the items are HELD again (not in it any more). */
export function itemStatusIn(state: ShipmentState): "REDEEMING" | "SHIPPED" | null {
  if (state === "REQUESTED" || state === "APPROVED") return "REDEEMING";
  if (state === "SHIPPED" || state === "DELIVERED") return "SHIPPED";
  return null;
}

/** A cancelled or rejected shipment's fee is refunded (once); no other's. */
export function refundsFee(state: ShipmentState): boolean {
  return state === "CANCELLED" || state === "REJECTED";
}
