import { createAuthClient } from "better-auth/react";

/** The browser's auth client: same origin, so no base URL is needed. */
export const authClient = createAuthClient();
