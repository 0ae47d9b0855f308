import { KeyRevocationSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside revokeAccountKeyAsAdmin.
export const revokeAccountKeyAsAdminInput = KeyRevocationSchema;
