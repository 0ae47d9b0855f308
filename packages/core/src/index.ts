export { AppError, ErrorCodeSchema, errorCodeStatus, isAppError } from "./errors.ts";
export type { ErrorCode, InputIssue } from "./errors.ts";
export * from "./schemas.ts";
export { demoDepositsEnabled, isDemoMode, isLoopbackHost, serviceEnv, webhooksMayTargetPrivateAddresses } from "./service-env.ts";
export type { ServiceEnv } from "./service-env.ts";
export { formatMoney, moneyToNumber, parseMoney, Money } from "./money.ts";
export { getPackDetail, listActivePacks, getActivePackOrThrow } from "./catalog/get-pack.ts";
export type { CachedPack } from "./catalog/catalog-cache.ts";
export { rollUpSpinCounts } from "./catalog/spin-count-rollup.ts";
export { serviceRuntime } from "./runtime/service-runtime.ts";
export type { ServiceRuntime } from "./runtime/service-runtime.ts";
export { publishPackOdds } from "./catalog/publish-pack-odds.ts";
export { createPack } from "./catalog/create-pack.ts";
export { seedDemoCatalog } from "./catalog/seed-demo-catalog.ts";
export { setPackActive } from "./catalog/set-pack-active.ts";
export { ensureActiveSeedPair, getFairnessState, rotateSeedPair } from "./fairness/seed-pairs.ts";
export { creditWallet, getBalance, getWalletBalance } from "./wallet/wallet.ts";
export { listLedgerEntries, LEDGER_PAGE_SIZE } from "./wallet/list-ledger-entries.ts";
export { depositDemoFunds, DEMO_DEPOSIT_MAX } from "./wallet/deposit-demo-funds.ts";
export { listInventory, INVENTORY_PAGE_SIZE } from "./inventory/list-inventory.ts";
export { sellInventoryItems, MAX_ITEMS_PER_SALE } from "./inventory/sell-inventory-items.ts";
export { listSpinHistory, HISTORY_PAGE_SIZE } from "./history/list-spin-history.ts";
export { drawOpening, openPack, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS } from "./open/open-pack.ts";
export type { OpenPackArgs } from "./open/open-pack.ts";
export {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  assertAccountMayAct,
  authenticateApiKey,
  createApiKey,
  findApiKeyHolder,
  generateApiKey,
  hashApiKey,
  listApiKeys,
  revokeApiKey,
} from "./keys/api-keys.ts";
export type { ApiKeyPrincipal } from "./keys/api-keys.ts";
export { createAccountApiKey, listAccountApiKeys, MAX_ACTIVE_API_KEYS, revokeAccountApiKey } from "./keys/account-api-keys.ts";
export { createUser, getUserByEmailOrThrow, provisionAccount, setUserFlags } from "./users/users.ts";
export { getAccount } from "./users/account.ts";
export { auditInvariants } from "./audit/audit.ts";
export { ACCOUNT_EVENT_TYPES, EVENT_REPLAY_HOURS, latestAccountEventId, listAccountEventsAfter, startEventRetention } from "./events/account-events.ts";
export type { AccountEvent, AccountEventType } from "./events/account-events.ts";
export { atLeastRarity, BEST_PULL_HOURS, listBestPulls, maskPlayerName, RARITIES, readBestPulls, recentDrops } from "./events/drops.ts";
export type { BestPull, Drop, Rarity } from "./events/drops.ts";
export {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
} from "./webhooks/webhook-endpoints.ts";
export type { WebhookDeliveryView, WebhookEndpointView } from "./webhooks/webhook-endpoints.ts";
export { deliverDueWebhooks, startWebhookDelivery, WEBHOOK_REQUEST_TIMEOUT_MS } from "./webhooks/deliver-webhooks.ts";
export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signWebhookPayload, verifyWebhookSignature } from "./webhooks/signature.ts";
export { ADMIN_ACTIONS, CLI_ACTOR, listAdminLog, writeAdminLog } from "./admin-log/admin-log.ts";
export type { AdminAction, AdminActor, AdminLogEntry, AdminLogFilter } from "./admin-log/admin-log.ts";
export { getRtpRange, setRtpRange } from "./catalog/catalog-settings.ts";
export { diffOddsVersions, exportPack, getPackForAdmin, listArtInUse, listPacksForAdmin } from "./catalog/pack-admin.ts";
export type { AdminPackDetail, AdminPackRow, OddsDiff, OddsVersionRow } from "./catalog/pack-admin.ts";
export { parsePackFileOrThrow, savePack } from "./catalog/save-pack.ts";
export type { SavedPack } from "./catalog/save-pack.ts";
export { archivePack, deletePack } from "./catalog/set-pack-active.ts";
export { simulatePack, SIMULATION_DRAWS } from "./catalog/simulate-pack.ts";
export type { SimulationResult } from "./catalog/simulate-pack.ts";
export {
  adjustBalance,
  getAccountForAdmin,
  isAdminRole,
  revokeAccountKeyAsAdmin,
  ROLES,
  searchAccounts,
  setAccountRole,
  setAccountStanding,
  STANDING_ACTIONS,
} from "./users/account-admin.ts";
export type { AccountRow, AdminAccountDetail, StandingAction } from "./users/account-admin.ts";
export { getPackReport, rollUpReports } from "./reports/pack-reports.ts";
export type { PackReport, ReportFigures } from "./reports/pack-reports.ts";
