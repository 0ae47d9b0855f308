export * from "../contract/withdrawals.ts";
export { BtcpayPayoutProvider } from "./btcpay-payout-provider.ts";
export { DemoPayoutProvider } from "./demo-payout-provider.ts";
export { configuredPayoutProvider } from "./configured-payout-provider.ts";
export {
  addPayoutDestination,
  AddDestinationSchema,
  confirmPayoutDestination,
  ConfirmDestinationSchema,
  listPayoutDestinations,
  removePayoutDestination,
  RemoveDestinationSchema,
  type MailSender,
} from "./destinations.ts";
export type { PayoutProvider, PayoutState, PayoutStatus } from "./payout-provider.ts";
export { processWithdrawals, startWithdrawalPayouts } from "./process-withdrawals.ts";
export { DESTINATION_USABLE_AFTER_HOURS, destinationUsableAfterHours, usableAfterText, withdrawalEnv } from "./withdrawal-env.ts";
export {
  AdminWithdrawalFilterSchema,
  decideWithdrawal,
  getWithdrawal,
  getWithdrawalSettings,
  listWithdrawals,
  listWithdrawalsForAdmin,
  requestWithdrawal,
  RequestWithdrawalSchema,
  setWithdrawalSettings,
  WITHDRAWAL_PAGE_SIZE,
  WithdrawalDecisionSchema,
  WithdrawalSettingsSchema,
  type AdminWithdrawalRow,
} from "./withdrawals.ts";
