import { demoDepositsEnabled } from "../service-env.ts";
import { BtcpayProvider } from "./btcpay-provider.ts";
import { DemoProvider } from "./demo-provider.ts";
import { depositEnv } from "./deposit-env.ts";
import type { DepositProvider } from "./deposit-provider.ts";

/** BTCPay when configured; else demo deposits where demo mode allows them; else none (deposits refused). */
export function configuredDepositProvider(): DepositProvider | null {
  const { btcpay } = depositEnv();
  if (btcpay) return new BtcpayProvider(btcpay);
  return demoDepositsEnabled() ? new DemoProvider() : null;
}
