import { AdminShipmentFilterSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside listShipmentsForAdmin.
export const listShipmentsForAdminInput = AdminShipmentFilterSchema;
