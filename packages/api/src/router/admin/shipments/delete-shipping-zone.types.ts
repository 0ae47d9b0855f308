import { DeleteShippingZoneSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside deleteShippingZoneAsAdmin.
export const deleteShippingZoneInput = DeleteShippingZoneSchema;
