import { demoDepositsEnabled } from "../service-env.ts";
import { DemoVerificationProvider } from "./demo-verification-provider.ts";
import { SumsubProvider } from "./sumsub-provider.ts";
import { verificationEnv } from "./verification-env.ts";
import type { VerificationProvider } from "./verification-provider.ts";

/**
 * Sumsub when configured (in every mode, as BTCPay is for deposits); else the demo check where
 * demo money is (a demo check verifies nothing, so it goes with demo deposits); else none.
 */
export function configuredVerificationProvider(): VerificationProvider | null {
  const { sumsub } = verificationEnv();
  if (sumsub) return new SumsubProvider(sumsub);
  return demoDepositsEnabled() ? new DemoVerificationProvider() : null;
}
