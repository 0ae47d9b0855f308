import { RoleChangeSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside setAccountRole.
export const setAccountRoleInput = RoleChangeSchema;
