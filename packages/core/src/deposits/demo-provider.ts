import { AppError } from "../errors.ts";
import type { CreatedPayment, CreatePaymentInput, DepositProvider, PaymentState } from "./deposit-provider.ts";

/**
 * Demo mode's play money: a payment that is settled the moment it is created. Its invoice id
 * carries what was asked (`demo:<deposit>:<amount>:<currency>`), so nothing is kept to answer
 * fetchPayment. It receives no webhooks.
 */
export class DemoProvider implements DepositProvider {
  readonly name = "demo";

  createPayment({ depositId, amount, currency }: CreatePaymentInput): Promise<CreatedPayment> {
    return Promise.resolve({ invoiceId: `demo:${depositId}:${amount.toFixed(2)}:${currency}`, checkoutUrl: null, expiresAt: null });
  }

  verifyWebhook(): Promise<null> {
    return Promise.reject(new AppError("UNAUTHORIZED", "Demo deposits receive no webhooks."));
  }

  fetchPayment(invoiceId: string): Promise<PaymentState> {
    const [, orderId, amount, currency] = invoiceId.split(":");
    if (!orderId || !amount || !currency) return Promise.reject(new AppError("NOT_FOUND", `No demo payment ${invoiceId}.`));
    return Promise.resolve({ invoiceId, status: "settled", amount, currency, orderId, overpaid: false });
  }
}
