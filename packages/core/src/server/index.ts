// The composition root: the one module that knows every part a running service holds.
export { openServices, startBackgroundJobs } from "./services.ts";
export type { Services } from "./services.ts";
