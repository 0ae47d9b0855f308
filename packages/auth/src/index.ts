export { getAuth, findSessionUser, findActingUserId } from "./session.ts";
export type { SessionUser } from "./session.ts";
export type { Auth } from "./auth.ts";
export { appBaseUrl, assertAuthEnvForMode, trustedOrigins, authEnv } from "./env.ts";
export { listOutbox, sendMailInBackground, usesDevOutbox } from "./mail.ts";
export type { Mail } from "./mail.ts";
export { handleAuthRequest } from "./handle-auth-request.ts";
export type { AuthRateLimitPolicy, TakeRateLimitSlot } from "./auth-request-limits.ts";
