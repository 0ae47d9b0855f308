import { z } from "zod";

// BTCPay Server's Greenfield API (docs.btcpayserver.org/API/Greenfield/v1), only the calls and
// fields we use. Amounts travel as decimal strings; times as Unix seconds.

/** An invoice's status (InvoiceStatus) and its refinement (InvoiceAdditionalStatus). */
export const InvoiceSchema = z.object({
  id: z.string().min(1),
  storeId: z.string().optional(),
  amount: z.string(),
  currency: z.string(),
  checkoutLink: z.string(),
  status: z.enum(["New", "Processing", "Expired", "Invalid", "Settled"]),
  additionalStatus: z.enum(["None", "PaidLate", "PaidPartial", "Marked", "Invalid", "PaidOver"]).default("None"),
  expirationTime: z.number().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const WebhookSchema = z.object({
  id: z.string().min(1),
  url: z.string(),
  enabled: z.boolean(),
  secret: z.string().nullish(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** A store payout (PayoutData); older servers name the method `paymentMethod`. */
export const PayoutSchema = z.object({
  id: z.string().min(1),
  state: z.enum(["AwaitingApproval", "AwaitingPayment", "InProgress", "Completed", "Cancelled"]),
  destination: z.string().optional(),
  payoutMethodId: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export interface CreatePayoutRequest {
  destination: string;
  amount: string;
  payoutMethodId: string;
  approved: boolean;
  metadata: { withdrawalId: string };
}

export interface CreateInvoiceRequest {
  amount: string;
  currency: string;
  metadata: { orderId: string };
  checkout: { redirectURL: string; redirectAutomatically: boolean };
}

export interface WebhookRequest {
  url: string;
  enabled: boolean;
  automaticRedelivery: boolean;
  secret: string;
  authorizedEvents: { everything: boolean; specificEvents: string[] };
}

/** The invoice events our webhook asks for: every change of status. */
export const INVOICE_EVENTS = ["InvoiceProcessing", "InvoiceSettled", "InvoiceExpired", "InvoiceInvalid"];

/** A Greenfield call that got an answer other than success. */
export class GreenfieldError extends Error {
  override readonly name = "GreenfieldError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** How long one call may take; BTCPay answers these from its own database. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The Greenfield calls of one store, authenticated with its API key (`Authorization: token …`). */
export class GreenfieldClient {
  constructor(private readonly config: { url: string; storeId: string; apiKey: string }) {}

  private get store(): string {
    return `/api/v1/stores/${encodeURIComponent(this.config.storeId)}`;
  }

  createInvoice(request: CreateInvoiceRequest): Promise<Invoice> {
    return this.call("POST", `${this.store}/invoices`, InvoiceSchema, request);
  }

  getInvoice(invoiceId: string): Promise<Invoice> {
    return this.call("GET", `${this.store}/invoices/${encodeURIComponent(invoiceId)}`, InvoiceSchema);
  }

  createPayout(request: CreatePayoutRequest): Promise<Payout> {
    return this.call("POST", `${this.store}/payouts`, PayoutSchema, request);
  }

  getPayout(payoutId: string): Promise<Payout> {
    return this.call("GET", `${this.store}/payouts/${encodeURIComponent(payoutId)}`, PayoutSchema);
  }

  /** The store's payouts, cancelled ones included. */
  listPayouts(): Promise<Payout[]> {
    return this.call("GET", `${this.store}/payouts?includeCancelled=true`, z.array(PayoutSchema));
  }

  listWebhooks(): Promise<Webhook[]> {
    return this.call("GET", `${this.store}/webhooks`, z.array(WebhookSchema));
  }

  createWebhook(request: WebhookRequest): Promise<Webhook> {
    return this.call("POST", `${this.store}/webhooks`, WebhookSchema, request);
  }

  updateWebhook(webhookId: string, request: WebhookRequest): Promise<Webhook> {
    return this.call("PUT", `${this.store}/webhooks/${encodeURIComponent(webhookId)}`, WebhookSchema, request);
  }

  private async call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const response = await fetch(`${this.config.url}${path}`, {
      method,
      headers: {
        authorization: `token ${this.config.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    if (!response.ok) throw new GreenfieldError(response.status, `${method} ${path}: HTTP ${response.status} ${errorMessage(text)}`);
    const parsed = schema.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new GreenfieldError(response.status, `${method} ${path}: unexpected answer: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }
}

/** Greenfield errors are `{ code, message }`, or a list of `{ path, message }` for a 422/400. */
function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as unknown;
    const list = Array.isArray(body) ? body : [body];
    return list
      .map((e: { message?: unknown }) => (typeof e?.message === "string" ? e.message : ""))
      .join("; ")
      .slice(0, 300);
  } catch {
    return text.slice(0, 300);
  }
}
