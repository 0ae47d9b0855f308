import { MoveShipmentsSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside moveShipmentsAsAdmin.
export const moveShipmentsInput = MoveShipmentsSchema;
