import { depositEnv } from "../deposits/deposit-env.ts";
import { demoDepositsEnabled } from "../service-env.ts";
import { BtcpayPayoutProvider } from "./btcpay-payout-provider.ts";
import { DemoPayoutProvider } from "./demo-payout-provider.ts";
import type { PayoutProvider } from "./payout-provider.ts";

/** The deposits' BTCPay store when configured; else demo payouts where demo deposits are allowed; else none (withdrawals refused). */
export function configuredPayoutProvider(): PayoutProvider | null {
  const { btcpay } = depositEnv();
  if (btcpay) return new BtcpayPayoutProvider(btcpay);
  return demoDepositsEnabled() ? new DemoPayoutProvider() : null;
}
