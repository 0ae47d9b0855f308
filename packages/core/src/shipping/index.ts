export * from "../contract/shipping.ts";
export { createAddress, listAddresses, deleteAddress, CreateAddressInputSchema, MAX_ADDRESSES } from "./addresses.ts";
export {
  quoteShipping,
  listShippingZones,
  setShippingZone,
  deleteShippingZone,
  findShippingFee,
  ShippingZoneSchema,
  DEFAULT_ZONE,
  type ShippingZone,
} from "./zones.ts";
export {
  requestShipment,
  moveShipment,
  moveShipmentInTransaction,
  cancelShipment,
  getShipment,
  listShipments,
  listShipmentsForAdmin,
  RequestShipmentInputSchema,
  ShipShipmentInputSchema,
  RejectShipmentInputSchema,
  MAX_ITEMS_PER_SHIPMENT,
  SHIPMENT_PAGE_SIZE,
  type AdminShipment,
  type ShipmentMover,
  type ShipmentMoveInput,
} from "./shipments.ts";
export { SHIPMENT_TRANSITIONS, canTransition, itemStatusIn, refundsFee } from "./shipment-states.ts";
export { trackingUrl } from "./tracking.ts";
export {
  AdminShipmentFilterSchema,
  MoveShipmentsSchema,
  MAX_SHIPMENTS_PER_MOVE,
  type MovedShipments,
  type SkippedShipment,
  SetShippingZoneSchema,
  DeleteShippingZoneSchema,
  moveShipmentsAsAdmin,
  setShippingZoneAsAdmin,
  deleteShippingZoneAsAdmin,
} from "./fulfilment.ts";
