import { router } from "../../trpc.ts";
import { clearAgeRefusalRoute } from "./age/clear-age-refusal.ts";
import { listAgeRefusalsRoute } from "./age/list-age-refusals.ts";
import { adjustBalanceRoute } from "./accounts/adjust-balance.ts";
import { getAccountForAdminRoute } from "./accounts/get-account-for-admin.ts";
import { getPlayerSummaryRoute } from "./accounts/get-player-summary.ts";
import { revokeAccountKeyAsAdminRoute } from "./accounts/revoke-account-key-as-admin.ts";
import { searchAccountsRoute } from "./accounts/search-accounts.ts";
import { setAccountRoleRoute } from "./accounts/set-account-role.ts";
import { setAccountStandingRoute } from "./accounts/set-account-standing.ts";
import { getAffiliateSettingsRoute, setAffiliateSettingsRoute } from "./creators/affiliate-settings.ts";
import { disableCreatorCodeRoute } from "./creators/disable-creator-code.ts";
import { getCreatorReportRoute } from "./creators/get-creator-report.ts";
import { renameCreatorCodeRoute } from "./creators/rename-creator-code.ts";
import { decidePendingCreditRoute } from "./credits/decide-pending-credit.ts";
import { listPendingCreditsRoute } from "./credits/list-pending-credits.ts";
import { listHarmCasesRoute } from "./harm/list-harm-cases.ts";
import { getHarmCaseRoute } from "./harm/get-harm-case.ts";
import { assignHarmCaseRoute } from "./harm/assign-harm-case.ts";
import { noteHarmCaseRoute } from "./harm/note-harm-case.ts";
import { contactHarmCaseRoute } from "./harm/contact-harm-case.ts";
import { lowerHarmCaseLimitRoute } from "./harm/lower-harm-case-limit.ts";
import { suspendHarmCaseRoute } from "./harm/suspend-harm-case.ts";
import { requireHarmCaseVerificationRoute } from "./harm/require-harm-case-verification.ts";
import { closeHarmCaseRoute } from "./harm/close-harm-case.ts";
import { listHarmRulesRoute } from "./harm/list-harm-rules.ts";
import { setHarmRuleRoute } from "./harm/set-harm-rule.ts";
import { setHarmTimeZoneRoute } from "./harm/set-harm-time-zone.ts";
import { listAdminLogRoute } from "./log/list-admin-log.ts";
import { archivePackRoute } from "./packs/archive-pack.ts";
import { deletePackRoute } from "./packs/delete-pack.ts";
import { diffOddsVersionsRoute } from "./packs/diff-odds-versions.ts";
import { getPackForAdminRoute } from "./packs/get-pack-for-admin.ts";
import { listPacksForAdminRoute } from "./packs/list-packs-for-admin.ts";
import { savePackRoute } from "./packs/save-pack.ts";
import { setPackActiveRoute } from "./packs/set-pack-active.ts";
import { simulatePackRoute } from "./packs/simulate-pack.ts";
import { excludeOnRequestRoute } from "./protection/exclude-on-request.ts";
import { getAccountProtectionRoute } from "./protection/get-account-protection.ts";
import { listSaferPlayRoute } from "./protection/list-safer-play.ts";
import { getHourlyReportRoute } from "./reports/get-hourly-report.ts";
import { getPackReportRoute } from "./reports/get-pack-report.ts";
import { getReportActivityRoute } from "./reports/get-report-activity.ts";
import { getReportShippingRoute } from "./reports/get-report-shipping.ts";
import { getTopWinnersRoute } from "./reports/get-top-winners.ts";
import { getUpgradeReportRoute } from "./reports/get-upgrade-report.ts";
import { deleteShippingZoneRoute } from "./shipments/delete-shipping-zone.ts";
import { listShipmentsForAdminRoute } from "./shipments/list-shipments-for-admin.ts";
import { listShippingZonesRoute } from "./shipments/list-shipping-zones.ts";
import { moveShipmentsRoute } from "./shipments/move-shipments.ts";
import { setShippingZoneRoute } from "./shipments/set-shipping-zone.ts";
import { decideSettingChangeRoute } from "./settings/decide-setting-change.ts";
import { getCatalogSettingsRoute } from "./settings/get-catalog-settings.ts";
import { listPendingSettingChangesRoute } from "./settings/list-pending-setting-changes.ts";
import { setRtpRangeRoute } from "./settings/set-rtp-range.ts";
import { decideWithdrawalRoute } from "./withdrawals/decide-withdrawal.ts";
import { listWithdrawalsForAdminRoute } from "./withdrawals/list-withdrawals-for-admin.ts";
import { setWithdrawalSettingsRoute } from "./withdrawals/set-withdrawal-settings.ts";
import { getComplianceSettingsRoute, setComplianceSettingsRoute } from "./verification/compliance-settings.ts";
import { getGameSettingsRoute, setGameSettingRoute } from "./settings/game-settings.ts";
import { createPromoCodeRoute, disablePromoCodeRoute, listPromoCodesRoute } from "./rewards/promo-codes.ts";
import { getRewardSpendRoute } from "./rewards/get-reward-spend.ts";
import {
  getRewardSettingsRoute,
  setRewardLevelRoute,
  setRewardMoneySettingRoute,
  setRewardSwitchesRoute,
} from "./rewards/reward-settings.ts";
import { simulateUpgradesRoute } from "./upgrades/simulate-upgrades.ts";
import {
  getAccountVerificationRoute,
  requestVerificationRoute,
  withdrawVerificationRequestRoute,
} from "./verification/verification-request.ts";
import { getVerificationHistoryRoute, listVerificationQueueRoute } from "./verification/verification-queue.ts";

// The operator console's procedures, one file each (with its .types.ts), each calling the domain
// function it is named after with the acting admin; each input is the schema written beside that
// function. Every mutation from the console carries a requestKey and applies once per key
// (admin-request.ts). Web sessions of admins only (adminProcedure), and no OpenAPI meta: none of this is
// in the public REST facade (/v1/admin is a 404).

export const adminRouter = router({
  packs: router({
    list: listPacksForAdminRoute,
    get: getPackForAdminRoute,
    save: savePackRoute,
    simulate: simulatePackRoute,
    setActive: setPackActiveRoute,
    archive: archivePackRoute,
    delete: deletePackRoute,
    diff: diffOddsVersionsRoute,
  }),
  settings: router({
    get: getCatalogSettingsRoute,
    setRtpRange: setRtpRangeRoute,
    pendingChanges: listPendingSettingChangesRoute,
    decideChange: decideSettingChangeRoute,
  }),
  accounts: router({
    search: searchAccountsRoute,
    get: getAccountForAdminRoute,
    summary: getPlayerSummaryRoute,
    setStanding: setAccountStandingRoute,
    setRole: setAccountRoleRoute,
    adjust: adjustBalanceRoute,
    revokeKey: revokeAccountKeyAsAdminRoute,
  }),
  credits: router({
    pending: listPendingCreditsRoute,
    decide: decidePendingCreditRoute,
  }),
  ageRefusals: router({
    list: listAgeRefusalsRoute,
    clear: clearAgeRefusalRoute,
  }),
  withdrawals: router({
    list: listWithdrawalsForAdminRoute,
    decide: decideWithdrawalRoute,
    setSettings: setWithdrawalSettingsRoute,
  }),
  verification: router({
    account: getAccountVerificationRoute,
    request: requestVerificationRoute,
    withdrawRequest: withdrawVerificationRequestRoute,
    settings: getComplianceSettingsRoute,
    setSettings: setComplianceSettingsRoute,
    queue: listVerificationQueueRoute,
    history: getVerificationHistoryRoute,
  }),
  games: router({ settings: getGameSettingsRoute, setSetting: setGameSettingRoute }),
  upgrades: router({ simulate: simulateUpgradesRoute }),
  rewards: router({
    settings: getRewardSettingsRoute,
    setLevel: setRewardLevelRoute,
    setSwitches: setRewardSwitchesRoute,
    setMoneySetting: setRewardMoneySettingRoute,
    spend: getRewardSpendRoute,
    promoCodes: listPromoCodesRoute,
    createPromoCode: createPromoCodeRoute,
    disablePromoCode: disablePromoCodeRoute,
  }),
  log: router({ list: listAdminLogRoute }),
  creators: router({
    report: getCreatorReportRoute,
    rename: renameCreatorCodeRoute,
    disable: disableCreatorCodeRoute,
    settings: getAffiliateSettingsRoute,
    setSettings: setAffiliateSettingsRoute,
  }),
  reports: router({
    get: getPackReportRoute,
    activity: getReportActivityRoute,
    shipping: getReportShippingRoute,
    hourly: getHourlyReportRoute,
    winners: getTopWinnersRoute,
    upgrades: getUpgradeReportRoute,
  }),
  protection: router({
    account: getAccountProtectionRoute,
    saferPlay: listSaferPlayRoute,
    exclude: excludeOnRequestRoute,
  }),
  harm: router({
    cases: listHarmCasesRoute,
    case: getHarmCaseRoute,
    assign: assignHarmCaseRoute,
    note: noteHarmCaseRoute,
    contact: contactHarmCaseRoute,
    lowerLimit: lowerHarmCaseLimitRoute,
    suspend: suspendHarmCaseRoute,
    requireVerification: requireHarmCaseVerificationRoute,
    close: closeHarmCaseRoute,
    rules: listHarmRulesRoute,
    setRule: setHarmRuleRoute,
    setTimeZone: setHarmTimeZoneRoute,
  }),
  shipments: router({ list: listShipmentsForAdminRoute, move: moveShipmentsRoute }),
  shipping: router({ zones: listShippingZonesRoute, setZone: setShippingZoneRoute, deleteZone: deleteShippingZoneRoute }),
});
