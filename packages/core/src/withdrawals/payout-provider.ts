import type { Money } from "../money.ts";

/** Where a payout stands at its provider, in our terms. */
export type PayoutStatus = "pending" | "completed" | "cancelled";

export interface CreatePayoutInput {
  /** Our withdrawal id: the provider keeps it on the payout (BTCPay: metadata.withdrawalId). */
  withdrawalId: string;
  amount: Money;
  currency: string;
  payoutMethodId: string;
  destination: string;
}

export interface PayoutState {
  payoutId: string;
  status: PayoutStatus;
}

/**
 * A way to pay a player's money out. `demo` pays at once (demo mode only); `btcpay` through a
 * BTCPay Server store's payouts (created approved, paid by the store's payout processor).
 */
export interface PayoutProvider {
  readonly name: "demo" | "btcpay";
  /**
   * Creates the payout, or finds the one made for this withdrawal before (a crash after the
   * provider answered). Throws UNAVAILABLE while the provider cannot be reached (try again),
   * BAD_REQUEST when it refuses the payout itself (an invalid destination: it will never pass).
   */
  createPayout(input: CreatePayoutInput): Promise<PayoutState>;
  /** Throws NOT_FOUND for a payout the provider does not know, UNAVAILABLE when unreachable. */
  fetchPayout(payoutId: string): Promise<PayoutState>;
}
