import { PackRefSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside getPackForAdmin.
export const getPackForAdminInput = PackRefSchema;
