export * from "../contract/deposits.ts";
export { BtcpayProvider, BTCPAY_RETRY_AFTER_SECONDS, BTCPAY_SIGNATURE_HEADER, BTCPAY_WEBHOOK_PATH } from "./btcpay-provider.ts";
export { configuredDepositProvider } from "./configured-provider.ts";
export { DemoProvider } from "./demo-provider.ts";
export { depositEnv } from "./deposit-env.ts";
export type { DepositProvider, PaymentState, PaymentStatus } from "./deposit-provider.ts";
export {
  applyPayment,
  createDeposit,
  DEPOSIT_PAGE_SIZE,
  getDeposit,
  handleDepositWebhook,
  listDeposits,
  parseDepositAmount,
} from "./deposits.ts";
export { reconcileDeposits, RECONCILE_AFTER_SECONDS, startDepositReconciliation } from "./reconcile-deposits.ts";
