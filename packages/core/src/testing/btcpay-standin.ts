import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A BTCPay Server stand-in on loopback for tests, speaking the Greenfield API's wire format for
// the calls we make (invoices, webhooks, store payouts) and sending webhooks as BTCPay does (BTCPay-Sig:
// sha256=<hex HMAC-SHA256(secret, body)>). Anything it does not implement is a 404, a bad
// request a 400 (malformed JSON) or 422 (a list of { path, message }), as BTCPay answers.

export type StandinInvoiceStatus = "New" | "Processing" | "Expired" | "Invalid" | "Settled";
export type StandinAdditionalStatus = "None" | "PaidLate" | "PaidPartial" | "Marked" | "Invalid" | "PaidOver";

export interface StandinInvoice {
  id: string;
  storeId: string;
  amount: string;
  currency: string;
  type: "Standard";
  checkoutLink: string;
  status: StandinInvoiceStatus;
  additionalStatus: StandinAdditionalStatus;
  createdTime: number;
  expirationTime: number;
  monitoringExpiration: number;
  archived: boolean;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
}

export interface StandinWebhook {
  id: string;
  url: string;
  enabled: boolean;
  automaticRedelivery: boolean;
  secret: string;
  authorizedEvents: { everything: boolean; specificEvents: string[] };
}

export type StandinPayoutState = "AwaitingApproval" | "AwaitingPayment" | "InProgress" | "Completed" | "Cancelled";

/** A store payout as Greenfield's PayoutData shows it. */
export interface StandinPayout {
  id: string;
  revision: number;
  pullPaymentId: string | null;
  date: number;
  destination: string;
  originalAmount: string;
  originalCurrency: string;
  payoutAmount: string | null;
  payoutCurrency: string;
  payoutMethodId: string;
  state: StandinPayoutState;
  paymentProof: Record<string, unknown> | null;
  metadata: Record<string, unknown>;
}

/** The payout methods the stand-in's store has (BTCPay answers 422 for any other). */
const PAYOUT_METHODS = ["BTC-CHAIN", "BTC-LN"];

export interface BtcpayStandin {
  url: string;
  storeId: string;
  apiKey: string;
  invoices: Map<string, StandinInvoice>;
  webhooks: Map<string, StandinWebhook>;
  payouts: Map<string, StandinPayout>;
  /** Destinations the store refuses to pay (a 422 on destination, as for an address of another network). */
  invalidDestinations: Set<string>;
  /** Moves a payout on, as the store's payout processor (InProgress, Completed) or an operator (Cancelled) would. */
  setPayoutState(payoutId: string, state: StandinPayoutState): void;
  /** Every Greenfield request, as "METHOD path". */
  requests: string[];
  /** While true every request is answered 503 (a server that is down for maintenance). */
  unavailable: boolean;
  /** The invoice whose metadata.orderId is this deposit id. */
  invoiceFor(orderId: string): StandinInvoice;
  /** Sends `type` for the invoice to every enabled webhook, signed unless `signature` overrides the header (null: none). Resolves to the receivers' statuses. */
  deliver(invoiceId: string, type: string, options?: { signature?: string | null }): Promise<number[]>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
const error = (res: ServerResponse, status: number, code: string, message: string) => json(res, status, { code, message });
const id = (length = 22) => randomBytes(32).toString("base64url").replace(/[-_]/g, "").slice(0, length);
const now = () => Math.floor(Date.now() / 1000);

function readJson(req: IncomingMessage): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false }> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      try {
        const body = JSON.parse(text) as unknown;
        resolve(
          body !== null && typeof body === "object" && !Array.isArray(body)
            ? { ok: true, body: body as Record<string, unknown> }
            : { ok: false },
        );
      } catch {
        resolve({ ok: false });
      }
    });
  });
}

export async function startBtcpayStandin({ storeId = `store${id(10)}`, apiKey = id(40) } = {}): Promise<BtcpayStandin> {
  const invoices = new Map<string, StandinInvoice>();
  const webhooks = new Map<string, StandinWebhook>();
  const payouts = new Map<string, StandinPayout>();
  const invalidDestinations = new Set<string>();
  const requests: string[] = [];
  let base = "";

  const server: Server = createServer((req, res) => void handle(req, res));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").split("?")[0]!;
    const checkout = /^\/i\/([\w]+)$/.exec(path);
    if (checkout && req.method === "GET") {
      const invoice = invoices.get(checkout[1]!);
      if (!invoice) return error(res, 404, "invoice-not-found", "The invoice could not be found");
      // BTCPay's checkout links back to the store's redirectURL once the invoice is paid.
      const back = typeof invoice.checkout.redirectURL === "string" ? invoice.checkout.redirectURL : null;
      const link = back ? `<a href="${back.replace(/"/g, "&quot;")}">Return to the store</a>` : "";
      return res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><html lang="en"><title>Checkout</title><h1>Pay ${invoice.amount} ${invoice.currency}</h1>${link}</html>`);
    }
    if (!path.startsWith("/api/v1/")) return error(res, 404, "not-found", "Not found");
    requests.push(`${req.method} ${path}`);
    if (standin.unavailable) return error(res, 503, "service-unavailable", "BTCPay Server is starting");
    if (req.headers.authorization !== `token ${apiKey}`)
      return error(res, 401, "unauthenticated", "Authentication is required for accessing this endpoint");
    const store = /^\/api\/v1\/stores\/([^/]+)(\/.*)$/.exec(path);
    if (!store) return error(res, 404, "not-found", "Not found");
    if (decodeURIComponent(store[1]!) !== storeId)
      return error(
        res,
        403,
        "missing-permission",
        "Insufficient API Permissions. Please use an API key with permission: btcpay.store.canviewinvoices",
      );
    const rest = store[2]!;
    const method = req.method ?? "GET";

    if (rest === "/invoices" && method === "POST") {
      const read = await readJson(req);
      if (!read.ok) return error(res, 400, "invalid-json", "Invalid JSON");
      const { amount, currency, metadata, checkout: options } = read.body;
      const issues = [];
      if (typeof amount !== "string" || !/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0)
        issues.push({ path: "amount", message: "The amount should be more than 0" });
      if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) issues.push({ path: "currency", message: "Invalid currency" });
      if (issues.length) return json(res, 422, issues);
      const invoiceId = id();
      const invoice: StandinInvoice = {
        id: invoiceId,
        storeId,
        amount: String(amount),
        currency: String(currency),
        type: "Standard",
        checkoutLink: `${base}/i/${invoiceId}`,
        status: "New",
        additionalStatus: "None",
        createdTime: now(),
        expirationTime: now() + 15 * 60,
        monitoringExpiration: now() + 75 * 60,
        archived: false,
        metadata: (metadata as Record<string, unknown>) ?? {},
        checkout: (options as Record<string, unknown>) ?? {},
      };
      invoices.set(invoiceId, invoice);
      return json(res, 200, invoice);
    }
    const invoice = /^\/invoices\/([^/]+)$/.exec(rest);
    if (invoice && method === "GET") {
      const found = invoices.get(decodeURIComponent(invoice[1]!));
      return found ? json(res, 200, found) : error(res, 404, "invoice-not-found", "The invoice could not be found");
    }
    if (rest === "/payouts" && method === "POST") {
      const read = await readJson(req);
      if (!read.ok) return error(res, 400, "invalid-json", "Invalid JSON");
      const { destination, amount, payoutMethodId, approved, metadata, pullPaymentId } = read.body;
      const issues = [];
      if (pullPaymentId !== undefined && pullPaymentId !== null)
        return error(res, 400, "not-implemented", "The stand-in does not implement pull payments");
      if (typeof payoutMethodId !== "string" || !PAYOUT_METHODS.includes(payoutMethodId))
        issues.push({ path: "payoutMethodId", message: "Invalid payment method" });
      if (typeof destination !== "string" || destination.length === 0 || invalidDestinations.has(destination))
        issues.push({ path: "destination", message: "The destination is invalid for this payment method" });
      if (typeof amount !== "string" || !/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0)
        issues.push({ path: "amount", message: "The amount should be more than 0" });
      if (approved !== undefined && typeof approved !== "boolean") issues.push({ path: "approved", message: "Invalid boolean" });
      if (issues.length) return json(res, 422, issues);
      const payout: StandinPayout = {
        id: id(),
        revision: 0,
        pullPaymentId: null,
        date: now(),
        destination: String(destination),
        originalAmount: String(amount),
        originalCurrency: "USD",
        payoutAmount: null,
        payoutCurrency: "BTC",
        payoutMethodId: String(payoutMethodId),
        state: approved === true ? "AwaitingPayment" : "AwaitingApproval",
        paymentProof: null,
        metadata: (metadata as Record<string, unknown>) ?? {},
      };
      payouts.set(payout.id, payout);
      return json(res, 200, payout);
    }
    if (rest === "/payouts" && method === "GET") {
      const includeCancelled = new URL(req.url ?? "/", "http://standin").searchParams.get("includeCancelled") === "true";
      return json(
        res,
        200,
        [...payouts.values()].filter((payout) => includeCancelled || payout.state !== "Cancelled"),
      );
    }
    const payout = /^\/payouts\/([^/]+)$/.exec(rest);
    if (payout && method === "GET") {
      const found = payouts.get(decodeURIComponent(payout[1]!));
      return found ? json(res, 200, found) : error(res, 404, "payout-not-found", "The payout could not be found");
    }
    if (rest === "/webhooks" && method === "GET")
      return json(
        res,
        200,
        [...webhooks.values()].map(({ secret: _secret, ...shown }) => shown),
      );
    const webhook = /^\/webhooks\/([^/]+)$/.exec(rest);
    if ((rest === "/webhooks" && method === "POST") || (webhook && method === "PUT")) {
      const existing = webhook ? webhooks.get(decodeURIComponent(webhook[1]!)) : undefined;
      if (webhook && !existing) return error(res, 404, "webhook-not-found", "The webhook was not found");
      const read = await readJson(req);
      if (!read.ok) return error(res, 400, "invalid-json", "Invalid JSON");
      const body = read.body as Partial<StandinWebhook>;
      if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) return json(res, 422, [{ path: "url", message: "Invalid URL" }]);
      const saved: StandinWebhook = {
        id: existing?.id ?? id(),
        url: body.url,
        enabled: body.enabled ?? true,
        automaticRedelivery: body.automaticRedelivery ?? true,
        // BTCPay generates a secret when none is given, and shows it only in this answer.
        secret: body.secret || existing?.secret || id(),
        authorizedEvents: body.authorizedEvents ?? { everything: true, specificEvents: [] },
      };
      webhooks.set(saved.id, saved);
      const { secret, ...shown } = saved;
      return json(res, 200, existing ? shown : { ...shown, secret });
    }
    return error(res, 404, "not-found", "Not found");
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standin: BtcpayStandin = {
    url: base,
    storeId,
    apiKey,
    invoices,
    webhooks,
    payouts,
    invalidDestinations,
    setPayoutState(payoutId, state) {
      const found = payouts.get(payoutId);
      if (!found) throw new Error(`no payout ${payoutId}`);
      found.state = state;
      found.revision++;
    },
    requests,
    unavailable: false,
    invoiceFor(orderId) {
      const found = [...invoices.values()].find((invoice) => invoice.metadata.orderId === orderId);
      if (!found) throw new Error(`no invoice for order ${orderId}`);
      return found;
    },
    async deliver(invoiceId, type, { signature } = {}) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const targets = [...webhooks.values()].filter(
        (w) => w.enabled && (w.authorizedEvents.everything || w.authorizedEvents.specificEvents.includes(type)),
      );
      return Promise.all(
        targets.map(async (target) => {
          const deliveryId = id();
          const body = JSON.stringify({
            deliveryId,
            webhookId: target.id,
            originalDeliveryId: deliveryId,
            isRedelivery: false,
            type,
            timestamp: now(),
            storeId,
            invoiceId,
            metadata: invoice.metadata,
            ...(type === "InvoiceSettled" && { manuallyMarked: false, overPaid: invoice.additionalStatus === "PaidOver" }),
            ...(type === "InvoiceExpired" && { partiallyPaid: invoice.additionalStatus === "PaidPartial" }),
          });
          const sig = signature === undefined ? `sha256=${createHmac("sha256", target.secret).update(body).digest("hex")}` : signature;
          const response = await fetch(target.url, {
            method: "POST",
            headers: { "content-type": "application/json", "user-agent": "BTCPayServer", ...(sig !== null && { "BTCPay-Sig": sig }) },
            body,
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standin;
}
