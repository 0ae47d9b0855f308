import { adminRouter } from "./router/admin/admin-router.ts";
import { getFairnessRoute, getOddsTableRoute, getRevealedSeedRoute, rotateSeedRoute } from "./router/fairness/fairness.ts";
import { createDepositRoute, getDepositRoute, listDepositsRoute } from "./router/deposits/deposits.ts";
import {
  addPayoutDestinationRoute,
  confirmPayoutDestinationRoute,
  listPayoutDestinationsRoute,
  removePayoutDestinationRoute,
} from "./router/withdrawals/payout-destinations.ts";
import { createWithdrawalRoute, getWithdrawalRoute, listWithdrawalsRoute } from "./router/withdrawals/withdrawals.ts";
import { listHistoryRoute } from "./router/history/list-history.ts";
import { summarizeHistoryRoute } from "./router/history/summarize-history.ts";
import { listInventoryRoute } from "./router/inventory/list-inventory.ts";
import { listInventoryGroupsRoute } from "./router/inventory/list-inventory-groups.ts";
import { sellInventoryItemsRoute } from "./router/inventory/sell-inventory-items.ts";
import { createKeyRoute, listKeysRoute, revokeKeyRoute } from "./router/keys/keys.ts";
import { confirmAgeRoute, getAgeRoute } from "./router/me/age.ts";
import { requestResumeRoute, setExclusionRoute } from "./router/me/exclusion.ts";
import { getMeRoute } from "./router/me/get-me.ts";
import { acknowledgeSaferPlayRoute, answerDepositLimitPromptRoute, getLicencePromptsRoute } from "./router/me/licence-prompts.ts";
import { confirmLimitChangeRoute, getLimitsRoute, setLimitRoute } from "./router/me/limits.ts";
import { getStatementRoute } from "./router/me/statements.ts";
import { getSecondFactorStatusRoute } from "./router/me/second-factor.ts";
import { getRealityCheckRoute, setRealityCheckRoute } from "./router/me/reality-check.ts";
import { getVerificationRoute, startVerificationRoute } from "./router/me/verification.ts";
import { packFamilyRouter } from "./router/packs/pack-family.ts";
import { depositRoute, getWalletRoute, listLedgerRoute } from "./router/wallet/wallet.ts";
import {
  createWebhookRoute,
  listDeliveriesRoute,
  listWebhooksRoute,
  resendDeliveryRoute,
  setWebhookEnabledRoute,
} from "./router/webhooks/webhooks.ts";
import { createAddressRoute } from "./router/addresses/create-address.ts";
import { deleteAddressRoute } from "./router/addresses/delete-address.ts";
import { listAddressesRoute } from "./router/addresses/list-addresses.ts";
import { cancelShipmentRoute } from "./router/shipments/cancel-shipment.ts";
import { getShipmentRoute } from "./router/shipments/get-shipment.ts";
import { listShipmentsRoute } from "./router/shipments/list-shipments.ts";
import { quoteShippingRoute } from "./router/shipments/quote-shipping.ts";
import { requestShipmentRoute } from "./router/shipments/request-shipment.ts";
import {
  addBattleBotsRoute,
  createBattleRoute,
  getBattleRoute,
  joinBattleRoute,
  leaveBattleRoute,
  listBattlesRoute,
  battleRoundOddsRoute,
} from "./router/battles/battles.ts";
import {
  createUpgradeRoute,
  getUpgradeRoute,
  listUpgradesRoute,
  listUpgradeTargetsRoute,
  quoteUpgradeRoute,
} from "./router/upgrades/upgrades.ts";
import { createExchangeRoute } from "./router/exchanges/exchanges.ts";
import {
  claimCommissionRoute,
  claimWelcomeRoute,
  createCreatorCodeRoute,
  enterReferralRoute,
  getAffiliateRoute,
  getReferralRoute,
} from "./router/rewards/affiliate.ts";
import { claimRakebackRoute, getRewardsRoute, openDailyCaseRoute, redeemPromoCodeRoute } from "./router/rewards/rewards.ts";
import {
  getConsistencyProofRoute,
  getHeadRoute,
  getInclusionProofRoute,
  getLogKeyRoute,
  listHeadsRoute,
  listLeavesRoute,
} from "./router/transparency/transparency.ts";
import { createCallerFactory, router } from "./trpc.ts";

export const appRouter = router({
  packs: packFamilyRouter("packs"),
  boxes: packFamilyRouter("boxes"),
  me: router({
    get: getMeRoute,
    limits: router({ get: getLimitsRoute, set: setLimitRoute, confirm: confirmLimitChangeRoute }),
    exclusion: router({ set: setExclusionRoute, resume: requestResumeRoute }),
    statements: router({ get: getStatementRoute }),
    age: router({ get: getAgeRoute, confirm: confirmAgeRoute }),
    realityCheck: router({ get: getRealityCheckRoute, set: setRealityCheckRoute }),
    secondFactor: router({ status: getSecondFactorStatusRoute }),
    // welcome before enter: /v1/me/referral/welcome is not the referral itself.
    referral: router({ get: getReferralRoute, welcome: claimWelcomeRoute, enter: enterReferralRoute }),
    verification: router({ get: getVerificationRoute, start: startVerificationRoute }),
    prompts: router({
      get: getLicencePromptsRoute,
      acknowledgeSaferPlay: acknowledgeSaferPlayRoute,
      answerDepositLimit: answerDepositLimitPromptRoute,
    }),
  }),
  fairness: router({ get: getFairnessRoute, rotate: rotateSeedRoute, seed: getRevealedSeedRoute, odds: getOddsTableRoute }),
  inventory: router({ list: listInventoryRoute, groups: listInventoryGroupsRoute, sell: sellInventoryItemsRoute }),
  history: router({ list: listHistoryRoute, summary: summarizeHistoryRoute }),
  wallet: router({ get: getWalletRoute, ledger: listLedgerRoute, deposit: depositRoute }),
  battles: router({
    list: listBattlesRoute,
    create: createBattleRoute,
    join: joinBattleRoute,
    bots: addBattleBotsRoute,
    leave: leaveBattleRoute,
    get: getBattleRoute,
    roundOdds: battleRoundOddsRoute,
  }),
  // targets and quote before get: /v1/upgrades/targets is not an upgrade's id (routes match in this order).
  upgrades: router({
    targets: listUpgradeTargetsRoute,
    quote: quoteUpgradeRoute,
    create: createUpgradeRoute,
    list: listUpgradesRoute,
    get: getUpgradeRoute,
  }),
  exchanges: router({ create: createExchangeRoute }),
  rewards: router({ get: getRewardsRoute, claimRakeback: claimRakebackRoute, openDaily: openDailyCaseRoute }),
  promoCodes: router({ redeem: redeemPromoCodeRoute }),
  affiliate: router({ get: getAffiliateRoute, createCode: createCreatorCodeRoute, claim: claimCommissionRoute }),
  transparency: router({
    key: getLogKeyRoute,
    head: getHeadRoute,
    heads: listHeadsRoute,
    leaves: listLeavesRoute,
    inclusion: getInclusionProofRoute,
    consistency: getConsistencyProofRoute,
  }),
  deposits: router({ create: createDepositRoute, list: listDepositsRoute, get: getDepositRoute }),
  withdrawals: router({ create: createWithdrawalRoute, list: listWithdrawalsRoute, get: getWithdrawalRoute }),
  payoutDestinations: router({
    list: listPayoutDestinationsRoute,
    add: addPayoutDestinationRoute,
    confirm: confirmPayoutDestinationRoute,
    remove: removePayoutDestinationRoute,
  }),
  shipments: router({
    create: requestShipmentRoute,
    list: listShipmentsRoute,
    get: getShipmentRoute,
    cancel: cancelShipmentRoute,
    quote: quoteShippingRoute,
  }),
  addresses: router({ create: createAddressRoute, list: listAddressesRoute, delete: deleteAddressRoute }),
  keys: router({ list: listKeysRoute, create: createKeyRoute, revoke: revokeKeyRoute }),
  webhooks: router({
    list: listWebhooksRoute,
    create: createWebhookRoute,
    setEnabled: setWebhookEnabledRoute,
    deliveries: listDeliveriesRoute,
    resend: resendDeliveryRoute,
  }),
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side calls (React Server Components) with a web context, no HTTP in between. */
export const createCaller = createCallerFactory(appRouter);
