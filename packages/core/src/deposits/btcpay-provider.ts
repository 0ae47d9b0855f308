import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Db } from "@prizepacks/db";
import { logger } from "@prizepacks/db/log";
import { AppError } from "../errors.ts";
import { GreenfieldClient, GreenfieldError, INVOICE_EVENTS, type Invoice } from "./btcpay-client.ts";
import type {
  CreatedPayment,
  CreatePaymentInput,
  DepositProvider,
  HeaderReader,
  PaymentState,
  PaymentStatus,
  VerifiedNotice,
} from "./deposit-provider.ts";

/** Where BTCPay posts invoice events, under the app's public URL. */
export const BTCPAY_WEBHOOK_PATH = "/api/deposits/btcpay/webhook";
export const BTCPAY_SIGNATURE_HEADER = "BTCPay-Sig";
/** A client told 503 tries again after this long; registration is retried no more often. */
export const BTCPAY_RETRY_AFTER_SECONDS = 10;
const SECRET_NAME = "btcpay-webhook";

/** What every BTCPay webhook carries; only invoiceId and storeId are read, after the signature. */
const WebhookBodySchema = z.object({ type: z.string(), storeId: z.string(), invoiceId: z.string().min(1).optional() });

export interface BtcpayConfig {
  url: string;
  storeId: string;
  apiKey: string;
}

/**
 * Deposits through a BTCPay Server store: an invoice per deposit, paid at its checkout page.
 * `start` keeps the webhook's signing secret in the database (the same for every instance) and
 * finds or registers the store's webhook with it; until that succeeds, new deposits are refused
 * with 503 (registration is retried on the next attempt and by the reconciliation job).
 */
export class BtcpayProvider implements DepositProvider {
  readonly name = "btcpay";
  private readonly client: GreenfieldClient;
  private secret: Buffer | null = null;
  private publicUrl: string | null = null;
  private db: Db | null = null;
  private registered = false;
  private lastAttempt = 0;
  private registering: Promise<boolean> | null = null;

  constructor(private readonly config: BtcpayConfig) {
    this.client = new GreenfieldClient(config);
  }

  /**
   * Loads (or creates) the kept secret and finds or registers the webhook. Never throws: a
   * database or BTCPay that does not answer is logged, and ensureWebhook tries again.
   */
  async start(db: Db, publicUrl: string): Promise<void> {
    this.db = db;
    this.publicUrl = publicUrl.replace(/\/$/, "");
    await this.ensureWebhook();
  }

  /** Whether the webhook is registered; tries again (at most every BTCPAY_RETRY_AFTER_SECONDS) when not. */
  ensureWebhook(): Promise<boolean> {
    if (this.registered) return Promise.resolve(true);
    if (this.registering) return this.registering;
    if (Date.now() - this.lastAttempt < BTCPAY_RETRY_AFTER_SECONDS * 1000) return Promise.resolve(false);
    this.lastAttempt = Date.now();
    this.registering = this.loadSecret()
      .then((loaded) => loaded && this.registerWebhook())
      .finally(() => (this.registering = null));
    return this.registering;
  }

  /** The secret every instance shares: the first to start creates it. */
  private async loadSecret(): Promise<boolean> {
    if (this.secret) return true;
    if (!this.db) return false;
    try {
      await this.db.$executeRaw`
        INSERT INTO provider_secret (name, secret) VALUES (${SECRET_NAME}, ${randomBytes(32).toString("hex")})
        ON CONFLICT (name) DO NOTHING`;
      const kept = await this.db.providerSecret.findUniqueOrThrow({ where: { name: SECRET_NAME } });
      this.secret = Buffer.from(kept.secret);
      return true;
    } catch (error) {
      logger("deposits").error({ err: error }, "the BTCPay webhook secret could not be read; retrying");
      return false;
    }
  }

  private async registerWebhook(): Promise<boolean> {
    if (!this.secret || !this.publicUrl) return false;
    const url = `${this.publicUrl}${BTCPAY_WEBHOOK_PATH}`;
    const request = {
      url,
      enabled: true,
      automaticRedelivery: true,
      secret: this.secret.toString(),
      authorizedEvents: { everything: false, specificEvents: INVOICE_EVENTS },
    };
    try {
      const ours = (await this.client.listWebhooks()).find((webhook) => webhook.url === url);
      // Updated even when found: BTCPay never shows a secret again, so ours is set every start.
      if (ours) await this.client.updateWebhook(ours.id, request);
      else await this.client.createWebhook(request);
      this.registered = true;
      logger("deposits").info({ url }, "BTCPay webhook registered; deposits are open");
      return true;
    } catch (error) {
      logger("deposits").error(
        { err: error, btcpay: this.config.url, store: this.config.storeId },
        `BTCPay Server at ${this.config.url} is unreachable or refuses the API key (${describe(error)}): deposits answer 503 until it answers; everything else is served`,
      );
      return false;
    }
  }

  async createPayment({ depositId, amount, currency, returnPath }: CreatePaymentInput): Promise<CreatedPayment> {
    if (!(await this.ensureWebhook())) throw unavailable();
    let invoice: Invoice;
    try {
      invoice = await this.client.createInvoice({
        amount: amount.toFixed(2),
        currency,
        metadata: { orderId: depositId },
        checkout: { redirectURL: `${this.publicUrl}${returnPath}`, redirectAutomatically: true },
      });
    } catch (error) {
      logger("deposits").error({ err: error, depositId }, "BTCPay refused or did not answer an invoice");
      throw unavailable();
    }
    return {
      invoiceId: invoice.id,
      checkoutUrl: invoice.checkoutLink,
      expiresAt: invoice.expirationTime ? new Date(invoice.expirationTime * 1000) : null,
    };
  }

  verifyWebhook(rawBody: Buffer, headers: HeaderReader): Promise<VerifiedNotice | null> {
    const header = headers.get(BTCPAY_SIGNATURE_HEADER) ?? "";
    const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
    if (!this.secret || !match) return Promise.reject(badSignature());
    const expected = createHmac("sha256", this.secret).update(rawBody).digest();
    if (!timingSafeEqual(expected, Buffer.from(match[1]!, "hex"))) return Promise.reject(badSignature());
    let body: z.infer<typeof WebhookBodySchema>;
    try {
      body = WebhookBodySchema.parse(JSON.parse(rawBody.toString("utf8")));
    } catch {
      return Promise.reject(new AppError("BAD_REQUEST", "The webhook body is not a BTCPay event."));
    }
    if (body.storeId !== this.config.storeId || !body.invoiceId) return Promise.resolve(null);
    return Promise.resolve({ invoiceId: body.invoiceId });
  }

  async fetchPayment(invoiceId: string): Promise<PaymentState> {
    let invoice: Invoice;
    try {
      invoice = await this.client.getInvoice(invoiceId);
    } catch (error) {
      if (error instanceof GreenfieldError && error.status === 404)
        throw new AppError("NOT_FOUND", `BTCPay knows no invoice ${invoiceId}.`);
      throw unavailable();
    }
    const orderId = invoice.metadata?.orderId;
    return {
      invoiceId: invoice.id,
      status: STATUS[invoice.status],
      amount: invoice.amount,
      currency: invoice.currency,
      orderId: typeof orderId === "string" ? orderId : null,
      overpaid: invoice.additionalStatus === "PaidOver",
    };
  }
}

/** New and Processing (paid, awaiting confirmations) are both still pending for us. */
const STATUS: Record<Invoice["status"], PaymentStatus> = {
  New: "pending",
  Processing: "pending",
  Settled: "settled",
  Expired: "expired",
  Invalid: "invalid",
};

const unavailable = () =>
  new AppError("UNAVAILABLE", "Deposits are unavailable: the payment server cannot be reached; try again shortly.", {
    retryAfterSeconds: BTCPAY_RETRY_AFTER_SECONDS,
  });

const badSignature = () => new AppError("UNAUTHORIZED", `Missing or invalid ${BTCPAY_SIGNATURE_HEADER} signature.`);

const describe = (error: unknown) =>
  error instanceof GreenfieldError
    ? error.message
    : error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
