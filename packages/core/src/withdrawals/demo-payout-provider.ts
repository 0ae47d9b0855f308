import { AppError } from "../errors.ts";
import type { CreatePayoutInput, PayoutProvider, PayoutState } from "./payout-provider.ts";

/** Demo mode's play money leaves at once: a payout completed the moment it is created, kept nowhere. */
export class DemoPayoutProvider implements PayoutProvider {
  readonly name = "demo";

  createPayout({ withdrawalId }: CreatePayoutInput): Promise<PayoutState> {
    return Promise.resolve({ payoutId: `demo:${withdrawalId}`, status: "completed" });
  }

  fetchPayout(payoutId: string): Promise<PayoutState> {
    if (!payoutId.startsWith("demo:")) return Promise.reject(new AppError("NOT_FOUND", `No demo payout ${payoutId}.`));
    return Promise.resolve({ payoutId, status: "completed" });
  }
}
