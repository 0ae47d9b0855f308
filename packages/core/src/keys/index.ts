export * from "../contract/keys.ts";
export {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  assertAccountMayAct,
  authenticateApiKey,
  createApiKey,
  findApiKeyHolder,
  generateApiKey,
  hashApiKey,
  hashPresentedKey,
  listApiKeys,
  revokeApiKey,
} from "./api-keys.ts";
export type { ApiKeyPrincipal } from "./api-keys.ts";
export { createAccountApiKey, listAccountApiKeys, MAX_ACTIVE_API_KEYS, revokeAccountApiKey } from "./account-api-keys.ts";
