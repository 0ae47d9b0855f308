import type { Money } from "../money.ts";

/** Where a payment stands at its provider, in our terms. */
export type PaymentStatus = "pending" | "settled" | "expired" | "invalid";

export interface CreatePaymentInput {
  /** Our deposit id: the provider keeps it on the payment (BTCPay: metadata.orderId). */
  depositId: string;
  amount: Money;
  currency: string;
  /** Where the player returns after paying, under the app's public URL (e.g. "/wallet?deposit=…"). */
  returnPath: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment (BTCPay's invoice id). */
  invoiceId: string;
  /** Where the player pays; null when the payment needs no visit (demo). */
  checkoutUrl: string | null;
  expiresAt: Date | null;
}

/** A payment as its provider reports it: never taken from a webhook's body, always fetched. */
export interface PaymentState {
  invoiceId: string;
  status: PaymentStatus;
  amount: string;
  currency: string;
  /** Our deposit id as the provider holds it, if any. */
  orderId: string | null;
  /** Paid more than asked (BTCPay's additionalStatus PaidOver). */
  overpaid: boolean;
}

/** A webhook whose signature checked out: only which payment it is about (the body is not trusted further). */
export interface VerifiedNotice {
  invoiceId: string;
}

/**
 * A way to take a player's money in. `demo` pays at once (demo mode only); `btcpay` through a
 * BTCPay Server's invoices. A second provider implements the same four calls.
 */
export interface DepositProvider {
  readonly name: "demo" | "btcpay";
  /** Throws UNAVAILABLE (503) while the provider cannot be reached. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /**
   * Checks a webhook's signature over its raw body before anything else reads it: UNAUTHORIZED
   * when it is missing or wrong. Null for a well-signed notice about something else.
   */
  verifyWebhook(rawBody: Buffer, headers: HeaderReader): Promise<VerifiedNotice | null>;
  fetchPayment(invoiceId: string): Promise<PaymentState>;
}

/** A request's headers, case-insensitive (Fetch Headers, or the REST handler's view of Node's). */
export interface HeaderReader {
  get(name: string): string | null;
}
