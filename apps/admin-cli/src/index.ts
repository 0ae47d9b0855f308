export { ADMIN_ENDPOINT, runAdmin } from "./run-admin.ts";
