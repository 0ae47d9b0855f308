export { runAdminCommand, adminCommandNames } from "./commands.ts";
export type { AdminFlags, AdminOutcome } from "./commands.ts";
export { runAdmin, ADMIN_ENDPOINT } from "./run-admin.ts";
export { readServerHandoff } from "./handoff.ts";
export { prepareService, DEMO_EMAIL } from "./prepare.ts";
