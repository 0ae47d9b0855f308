import { SetShippingZoneSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside setShippingZoneAsAdmin.
export const setShippingZoneInput = SetShippingZoneSchema;
