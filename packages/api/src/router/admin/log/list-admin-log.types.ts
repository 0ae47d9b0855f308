import { AdminLogFilterSchema } from "@prizepacks/core";

// The input is the domain's own schema, written once beside listAdminLog.
export const listAdminLogInput = AdminLogFilterSchema;
