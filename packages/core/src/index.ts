export { AppError, DATABASE_RETRY_AFTER_SECONDS, databaseUnavailable, ErrorCodeSchema, errorCodeStatus, isAppError } from "./errors.ts";
export type { ErrorCode, InputIssue, ProtectionRefusalDetails } from "./errors.ts";
export { describeInputIssues, inputIssuesMessage, parseInputOrThrow } from "./parse-input.ts";
export * from "./schemas.ts";
export { demoDepositsEnabled, isDemoMode, isLoopbackHost, serviceEnv, webhooksMayTargetPrivateAddresses } from "./service-env.ts";
export type { ServiceEnv } from "./service-env.ts";
export { formatMoney, moneyToNumber, parseMoney, Money } from "./money.ts";
export { getPackDetail, listActivePacks, getActivePackOrThrow } from "./catalog/get-pack.ts";
export { findDrawOdds } from "./catalog/draw-odds.ts";
export type { DrawOdds, DrawOddsItem } from "./catalog/draw-odds.ts";
export { listRoundOdds } from "./catalog/round-odds.ts";
export type { RoundOdds, RoundOddsItem } from "./catalog/round-odds.ts";
export type { CachedPack } from "./catalog/catalog-cache.ts";
export { rollUpSpinCounts } from "./catalog/spin-count-rollup.ts";
export type { BackgroundJob } from "./runtime/background-job.ts";
export type { Deps } from "./runtime/deps.ts";
export { publishPackOdds } from "./catalog/publish-pack-odds.ts";
export { seedDemoCatalog } from "./catalog/seed-demo-catalog.ts";
export { setPackActive } from "./catalog/set-pack-active.ts";
export { ensureActiveSeedPair, getFairnessState, rotateSeedPair } from "./fairness/seed-pairs.ts";
export { BATTLE_PROTOCOL_TEXT, verifyBattle, type BattleProof } from "@prizepacks/fairness";
export { creditWallet, getBalance, getWalletBalance } from "./wallet/wallet.ts";
export { listLedgerEntries, LEDGER_PAGE_SIZE } from "./wallet/list-ledger-entries.ts";
export { depositDemoFunds, DEMO_DEPOSIT_MAX } from "./wallet/deposit-demo-funds.ts";
export { listInventory, INVENTORY_PAGE_SIZE } from "./inventory/list-inventory.ts";
export { listInventoryGroups } from "./inventory/list-inventory-groups.ts";
export { sellInventoryItems, MAX_ITEMS_PER_SALE } from "./inventory/sell-inventory-items.ts";
export { listSpinHistory, summarizeSpinHistory, HISTORY_PAGE_SIZE } from "./history/list-spin-history.ts";
export { isPageCursor, MAX_PAGE_SIZE } from "./pagination/page-cursor.ts";
export { drawOpening, openPack } from "./open/open-pack.ts";
export { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_WINDOW_HOURS } from "./idempotency-key.ts";
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
  hashPresentedKey,
  listApiKeys,
  revokeApiKey,
} from "./keys/api-keys.ts";
export type { ApiKeyPrincipal } from "./keys/api-keys.ts";
export { createAccountApiKey, listAccountApiKeys, MAX_ACTIVE_API_KEYS, revokeAccountApiKey } from "./keys/account-api-keys.ts";
export { createUser, getUserByEmailOrThrow, provisionAccount, setUserFlags } from "./users/users.ts";
export { getAccount } from "./users/account.ts";
export { auditInvariants } from "./audit/audit.ts";
export {
  ACCOUNT_EVENT_TYPES,
  EVENT_REPLAY_HOURS,
  latestAccountEventId,
  listAccountEventsAfter,
  startEventRetention,
} from "./events/account-events.ts";
export type { AccountEvent, AccountEventType } from "./events/account-events.ts";
export { BEST_PULL_HOURS, listBestPulls, maskPlayerName, readBestPulls, recentDrops } from "./events/drops.ts";
export type { BestPull, Drop } from "./events/drops.ts";
export type { AccountWaker } from "./events/event-hub.ts";
export { atLeastRarity, RARITIES } from "./shared/catalog-labels.ts";
export type { Rarity } from "./shared/catalog-labels.ts";
export {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  MAX_WEBHOOK_ENDPOINTS,
  resendWebhookDelivery,
  setWebhookEndpointEnabled,
} from "./webhooks/webhook-endpoints.ts";
export type { WebhookDeliveryView, WebhookEndpointView } from "./webhooks/webhook-endpoints.ts";
export {
  deliverDueWebhooks,
  startWebhookDelivery,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_RESPONSE_TIMEOUT_MS,
} from "./webhooks/deliver-webhooks.ts";
export { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signWebhookPayload, verifyWebhookSignature } from "./webhooks/signature.ts";
export { ADMIN_ACTIONS, AdminLogFilterSchema, CLI_ACTOR, listAdminLog, writeAdminLog } from "./admin-log/admin-log.ts";
export type { AdminAction, AdminActor, AdminLogEntry, AdminLogFilter, AdminLogTarget } from "./admin-log/admin-log.ts";
export { getRtpRange, RtpRangeSchema, setRtpRange } from "./catalog/catalog-settings.ts";
export {
  AdminPackListSchema,
  diffOddsVersions,
  exportPack,
  getCatalogSettings,
  getPackForAdmin,
  listArtInUse,
  listPacksForAdmin,
  OddsDiffQuerySchema,
  PackRefSchema,
  PackSlugSchema,
} from "./catalog/pack-admin.ts";
export type { AdminPackDetail, AdminPackRow, OddsDiff, OddsVersionRow } from "./catalog/pack-admin.ts";
export { parsePackFileOrThrow, savePack } from "./catalog/save-pack.ts";
export type { SavedPack } from "./catalog/save-pack.ts";
export { archivePack, deletePack, PackActivationSchema } from "./catalog/set-pack-active.ts";
export { PackDraftSchema } from "./catalog/pack-rules.ts";
export { simulatePack, SIMULATION_DRAWS } from "./catalog/simulate-pack.ts";
export type { SimulationResult } from "./catalog/simulate-pack.ts";
export {
  AccountRefSchema,
  AccountSearchSchema,
  AdjustmentSchema,
  adjustBalance,
  getAccountForAdmin,
  isAdminRole,
  KeyRevocationSchema,
  listPendingRoleGrants,
  revokeAccountKeyAsAdmin,
  RoleChangeSchema,
  ROLES,
  searchAccounts,
  setAccountRole,
  setAccountStanding,
  STANDING_ACTIONS,
  StandingChangeSchema,
} from "./users/account-admin.ts";
export type { AccountRow, AdminAccountDetail, PendingRoleGrantRow, RoleChangeResult, StandingAction } from "./users/account-admin.ts";
export type { AdjustmentResult } from "./users/apply-adjustment.ts";
export {
  CreditDecisionSchema,
  creditApprovalAbove,
  dailyCreditApprovalAbove,
  decidePendingCredit,
  listPendingCredits,
} from "./users/pending-credits.ts";
export {
  listPendingSettingChanges,
  MONEY_SETTINGS,
  type MoneySettingChange,
  type MoneySettingName,
  type PendingSettingChangeRow,
} from "./settings/money-settings.ts";
export {
  decideSettingChange,
  SettingChangeDecisionSchema,
  type SettingChangeDecision,
  type SettingChangeDecisionResult,
} from "./settings/decide-setting-change.ts";
export type { CreditDecision, CreditDecisionResult, PendingCreditRow } from "./users/pending-credits.ts";
export { RequestKeySchema } from "./admin-log/admin-request.ts";
export { getPackReport, MARGIN_FORMULA, ReportQuerySchema, rollUpReports } from "./reports/pack-reports.ts";
export type { PackReport, ReportFigures } from "./reports/pack-reports.ts";
export {
  getHourlyReport,
  getReportActivity,
  getReportShipping,
  getTopWinners,
  HourlyQuerySchema,
  TOP_WINNERS_LIMIT,
  type ReportShipping,
} from "./reports/operator-reports.ts";
export type { HourlyBucket, HourlyQuery, HourlyReport, ReportActivity, TopWinner } from "./reports/operator-reports.ts";
export * from "./protection/index.ts";
export { exportLedgerCsv, getMonthlyStatement, LEDGER_CSV_HEADER, monthOf } from "./statements/statements.ts";
export * from "./statements/statement.schemas.ts";
export * from "./deposits/index.ts";
export * from "./withdrawals/index.ts";
export * from "./battles/beacon/index.ts";
export * from "./shipping/index.ts";
export * from "./battles/index.ts";
