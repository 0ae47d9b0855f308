export { adminCommandInputs, adminCommandNames, runAdminCommand } from "./commands.ts";
export type { AdminCommand, AdminInput, AdminOutcome } from "./commands.ts";
export { prepareService, DEMO_EMAIL } from "./prepare.ts";
