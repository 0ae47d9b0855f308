export { ADMIN_ACTIONS, AdminLogFilterSchema, CLI_ACTOR, listAdminLog, writeAdminLog } from "./admin-log.ts";
export type { AdminAction, AdminActor, AdminLogEntry, AdminLogFilter, AdminLogTarget } from "./admin-log.ts";
export { RequestKeySchema } from "./admin-request.ts";
