import { logger } from "@prizepacks/db/log";
import { GreenfieldClient, GreenfieldError, type Payout } from "../deposits/btcpay-client.ts";
import type { BtcpayConfig } from "../deposits/btcpay-provider.ts";
import { AppError } from "../errors.ts";
import type { CreatePayoutInput, PayoutProvider, PayoutState, PayoutStatus } from "./payout-provider.ts";

/**
 * Withdrawals through the BTCPay store's payouts (Greenfield `POST /stores/{storeId}/payouts`,
 * created approved: the operator's approval is ours). The store's payout processor pays them;
 * we follow each with `GET /stores/{storeId}/payouts/{payoutId}` until Completed or Cancelled.
 * The API key needs the store's payout permissions (btcpay.store.canmanagepayouts).
 */
export class BtcpayPayoutProvider implements PayoutProvider {
  readonly name = "btcpay";
  private readonly client: GreenfieldClient;

  constructor(config: BtcpayConfig) {
    this.client = new GreenfieldClient(config);
  }

  async createPayout({ withdrawalId, amount, payoutMethodId, destination }: CreatePayoutInput): Promise<PayoutState> {
    try {
      // A payout made before for this withdrawal (we crashed before recording its id) is the one.
      const earlier = (await this.client.listPayouts()).find((payout) => payout.metadata?.withdrawalId === withdrawalId);
      if (earlier) return state(earlier);
      return state(
        await this.client.createPayout({
          destination,
          amount: amount.toFixed(2),
          payoutMethodId,
          approved: true,
          metadata: { withdrawalId },
        }),
      );
    } catch (error) {
      if (error instanceof GreenfieldError && (error.status === 400 || error.status === 422)) {
        throw new AppError("BAD_REQUEST", `BTCPay refused the payout: ${error.message.replace(/^POST \S+: /, "")}`);
      }
      logger("withdrawals").error({ err: error, withdrawalId }, "BTCPay did not take a payout; retrying");
      throw unavailable();
    }
  }

  async fetchPayout(payoutId: string): Promise<PayoutState> {
    try {
      return state(await this.client.getPayout(payoutId));
    } catch (error) {
      if (error instanceof GreenfieldError && error.status === 404) throw new AppError("NOT_FOUND", `BTCPay knows no payout ${payoutId}.`);
      throw unavailable();
    }
  }
}

const STATUS: Record<Payout["state"], PayoutStatus> = {
  AwaitingApproval: "pending",
  AwaitingPayment: "pending",
  InProgress: "pending",
  Completed: "completed",
  Cancelled: "cancelled",
};

const state = (payout: Payout): PayoutState => ({ payoutId: payout.id, status: STATUS[payout.state] });

const unavailable = () =>
  new AppError("UNAVAILABLE", "Payouts are unavailable: the payment server cannot be reached; try again shortly.", {
    retryAfterSeconds: 10,
  });
