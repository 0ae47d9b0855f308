import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

/**
 * The browser's auth client: same origin, so no base URL is needed. With the two-factor
 * plugin's client (authClient.twoFactor.*); a sign-in that needs a second factor answers
 * { twoFactorRedirect: true }, which the sign-in form handles itself (no redirect here).
 */
export const authClient = createAuthClient({ plugins: [twoFactorClient()] });
