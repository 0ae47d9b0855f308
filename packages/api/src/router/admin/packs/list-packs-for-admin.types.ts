import { AdminPackListSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside listPacksForAdmin.
export const listPacksForAdminInput = AdminPackListSchema;
