import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBtcpayStandin } from "@prizepacks/core/testing/btcpay-standin";

// Deposits through BTCPay end to end over HTTP: the REST facade and the webhook endpoint on a
// loopback server of ours, a BTCPay stand-in speaking the Greenfield wire format (and signing
// its webhooks) on another. The settings are read once, so they are set before the imports.
const btcpay = await startBtcpayStandin();
vi.stubEnv("BTCPAY_URL", btcpay.url);
vi.stubEnv("BTCPAY_STORE_ID", btcpay.storeId);
vi.stubEnv("BTCPAY_API_KEY", btcpay.apiKey);
vi.stubEnv("DEPOSIT_MIN", "5.00");
vi.stubEnv("DEPOSIT_MAX", "500.00");
const { auditInvariants, BtcpayProvider, BTCPAY_WEBHOOK_PATH, createUser, Money, reconcileDeposits, setExclusion, setLimit } =
  await import("@prizepacks/core");
const { openServices } = await import("@prizepacks/core/server");
const { uniqueEmail, verifyIdentity } = await import("@prizepacks/core/testing/fixtures");
const { openTestDatabase } = await import("@prizepacks/core/testing");
const { createRestHandler } = await import("./rest.ts");
const { createDepositWebhookHandler } = await import("./deposit-webhook.ts");

type Services = Awaited<ReturnType<typeof openServices>>;
let services: Services;
let app: Server;
let appUrl: string;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  const handleRest = createRestHandler({ services });
  const handleWebhook = createDepositWebhookHandler({ services });
  app = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0]!;
    if (handleWebhook(req, res, path)) return;
    void handleRest(req, res);
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  await provider().start(services.database.prisma, appUrl);
});
afterAll(async () => {
  app?.closeAllConnections();
  await new Promise((resolve) => app?.close(resolve));
  await services?.database.close();
  await btcpay.close();
});

function provider() {
  const deposits = services.deposits;
  if (!(deposits instanceof BtcpayProvider)) throw new Error("BTCPay is configured, so deposits go through it");
  return deposits;
}
const db = () => services.database.prisma;

interface DepositBody {
  id: string;
  status: string;
  amount: string;
  currency: string;
  checkoutUrl: string | null;
  expiresAt: string | null;
  settledAt: string | null;
  code?: string;
}

async function rest(apiKey: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as DepositBody & Record<string, unknown> };
}

async function player() {
  return createUser(services, { email: uniqueEmail() });
}

/** A player with a pending deposit of `amount` and its invoice at the stand-in. */
async function pendingDeposit(amount = "25.00") {
  const account = await player();
  const created = await rest(account.apiKey, "POST", "/v1/deposits", { amount });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { ...account, deposit: created.body, invoice: btcpay.invoiceFor(created.body.id) };
}

const balanceOf = async (userId: string) => (await db().wallet.findUnique({ where: { userId } }))?.balance.toFixed(2) ?? "0.00";
const depositRow = (id: string) => db().deposit.findUniqueOrThrow({ where: { id } });
const creditsOf = (depositId: string) => db().ledgerEntry.count({ where: { depositId } });

/** The books outside demo mode: every DEPOSIT entry is one settled invoice's credit. */
async function expectBooksClean() {
  expect((await auditInvariants(services, { demoMode: false })).breaches).toEqual([]);
}

describe("BTCPay deposits", () => {
  it("registers one webhook for the invoice events with the secret it keeps, also when it starts again", async () => {
    const ours = [...btcpay.webhooks.values()].filter((w) => w.url === `${appUrl}${BTCPAY_WEBHOOK_PATH}`);
    expect(ours).toHaveLength(1);
    expect(ours[0]!.authorizedEvents.specificEvents).toEqual(
      expect.arrayContaining(["InvoiceSettled", "InvoiceExpired", "InvoiceInvalid"]),
    );
    const kept = await db().providerSecret.findUniqueOrThrow({ where: { name: "btcpay-webhook" } });
    expect(ours[0]!.secret).toBe(kept.secret);

    // A second instance (or a restart) finds it and sets the same secret: still one.
    const again = new BtcpayProvider({ url: btcpay.url, storeId: btcpay.storeId, apiKey: btcpay.apiKey });
    await again.start(db(), appUrl);
    expect([...btcpay.webhooks.values()].filter((w) => w.url === ours[0]!.url)).toHaveLength(1);
    expect(btcpay.webhooks.get(ours[0]!.id)!.secret).toBe(kept.secret);
  });

  it("creates an invoice for the amount, with our deposit id and the way back to the wallet", async () => {
    const { apiKey, deposit, invoice } = await pendingDeposit("25.00");
    expect(deposit).toMatchObject({
      status: "pending",
      amount: "25.00",
      currency: "USD",
      checkoutUrl: invoice.checkoutLink,
      settledAt: null,
    });
    expect(deposit.expiresAt).toBe(new Date(invoice.expirationTime * 1000).toISOString());
    expect(invoice).toMatchObject({ amount: "25.00", currency: "USD", metadata: { orderId: deposit.id } });
    expect(invoice.checkout).toMatchObject({ redirectURL: `${appUrl}/wallet?deposit=${deposit.id}` });

    expect((await rest(apiKey, "GET", `/v1/deposits/${deposit.id}`)).body).toEqual(deposit);
    const list = await rest(apiKey, "GET", "/v1/deposits");
    expect(list.body).toEqual({ deposits: [deposit], nextCursor: null });
    // Someone else's deposit is not found.
    const other = await player();
    expect((await rest(other.apiKey, "GET", `/v1/deposits/${deposit.id}`)).status).toBe(404);
    await expectBooksClean();
  });

  it("honours Idempotency-Key: a retry returns the same deposit and creates no second invoice", async () => {
    const { apiKey } = await player();
    const key = { "idempotency-key": `dep-${Date.now()}` };
    const invoicesBefore = btcpay.invoices.size;
    const first = await rest(apiKey, "POST", "/v1/deposits", { amount: "10.00" }, key);
    const retry = await rest(apiKey, "POST", "/v1/deposits", { amount: "10.00" }, key);
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(btcpay.invoices.size).toBe(invoicesBefore + 1);
    const otherAmount = await rest(apiKey, "POST", "/v1/deposits", { amount: "11.00" }, key);
    expect(otherAmount.status).toBe(409);
  });

  it("refuses amounts outside DEPOSIT_MIN..DEPOSIT_MAX and malformed ones with a 400", async () => {
    const { apiKey } = await player();
    for (const amount of ["4.99", "500.01", "abc", "1.234"]) {
      const refused = await rest(apiKey, "POST", "/v1/deposits", { amount });
      expect(refused.status, amount).toBe(400);
      expect(typeof refused.body.message).toBe("string");
    }
  });

  it("refuses a deposit past the due-diligence threshold with 403 KYC_REQUIRED (open invoices count), and takes it once verified", async () => {
    const { apiKey, userId } = await player();
    for (let i = 0; i < 4; i++) expect((await rest(apiKey, "POST", "/v1/deposits", { amount: "500.00" })).status).toBe(201);
    const invoices = btcpay.invoices.size;
    const refused = await rest(apiKey, "POST", "/v1/deposits", { amount: "5.00" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: "KYC_REQUIRED",
      message: "Deposits past $2,000.00 in 30 days need a verified identity. Start the check from your wallet (/wallet#verification).",
      requiredFor: "deposit",
      reason: "due_diligence",
      threshold: "2000.00",
      verifyAt: "/wallet#verification",
    });
    expect(btcpay.invoices.size).toBe(invoices); // nothing asked of BTCPay
    await verifyIdentity(services, userId);
    expect((await rest(apiKey, "POST", "/v1/deposits", { amount: "5.00" })).status).toBe(201);
  });

  it("credits an InvoiceSettled delivered once, as a DEPOSIT entry naming the invoice, with a deposit.settled event", async () => {
    const { userId, apiKey, deposit, invoice } = await pendingDeposit("25.00");
    invoice.status = "Settled";
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled")).toEqual([200]);
    expect(await balanceOf(userId)).toBe("25.00");
    const entry = await db().ledgerEntry.findFirstOrThrow({ where: { depositId: deposit.id } });
    expect(entry).toMatchObject({ kind: "DEPOSIT", note: `btcpay invoice ${invoice.id}` });
    expect(entry.amount.toFixed(2)).toBe("25.00");
    const settled = (await rest(apiKey, "GET", `/v1/deposits/${deposit.id}`)).body;
    expect(settled).toMatchObject({ status: "settled", amount: "25.00" });
    const events = await db().accountEvent.findMany({ where: { userId, type: "deposit.settled" } });
    expect(events.map((e) => e.data)).toEqual([settled]);
    await expectBooksClean();
  });

  it("credits once when InvoiceSettled is delivered three times", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("12.50");
    invoice.status = "Settled";
    for (let i = 0; i < 3; i++) expect(await btcpay.deliver(invoice.id, "InvoiceSettled")).toEqual([200]);
    expect(await balanceOf(userId)).toBe("12.50");
    expect(await creditsOf(deposit.id)).toBe(1);
    await expectBooksClean();
  });

  it("closes an expired invoice without money, and credits it once if it is paid late", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("20.00");
    invoice.status = "Expired";
    expect(await btcpay.deliver(invoice.id, "InvoiceExpired")).toEqual([200]);
    expect((await depositRow(deposit.id)).status).toBe("expired");
    expect(await balanceOf(userId)).toBe("0.00");
    await expectBooksClean();

    invoice.status = "Settled";
    invoice.additionalStatus = "PaidLate";
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled")).toEqual([200]);
    // The expiry redelivered afterwards changes nothing: BTCPay's invoice says Settled.
    expect(await btcpay.deliver(invoice.id, "InvoiceExpired")).toEqual([200]);
    expect((await depositRow(deposit.id)).status).toBe("settled");
    expect(await balanceOf(userId)).toBe("20.00");
    await expectBooksClean();
  });

  it("credits a late payment of an expired invoice whose webhook was lost, by reconciliation, once", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("18.00");
    invoice.status = "Expired";
    expect(await btcpay.deliver(invoice.id, "InvoiceExpired")).toEqual([200]);
    expect((await depositRow(deposit.id)).status).toBe("expired");
    // Paid late; BTCPay settles it, and its InvoiceSettled never arrives.
    invoice.status = "Settled";
    invoice.additionalStatus = "PaidLate";
    expect(await reconcileDeposits(services, provider(), { pendingForSeconds: 0 })).toBeGreaterThan(0);
    expect((await depositRow(deposit.id)).status).toBe("settled");
    expect(await balanceOf(userId)).toBe("18.00");
    await reconcileDeposits(services, provider(), { pendingForSeconds: 0 });
    expect(await creditsOf(deposit.id)).toBe(1);
    await expectBooksClean();
  });

  it("closes an invalid invoice without money", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("8.00");
    invoice.status = "Invalid";
    expect(await btcpay.deliver(invoice.id, "InvoiceInvalid")).toEqual([200]);
    expect((await depositRow(deposit.id)).status).toBe("invalid");
    expect(await balanceOf(userId)).toBe("0.00");
  });

  it("answers a bad or missing signature with 401, before asking BTCPay anything, and changes nothing", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("30.00");
    invoice.status = "Settled";
    const asked = () => btcpay.requests.filter((r) => r.endsWith(`/invoices/${invoice.id}`)).length;
    const before = asked();
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled", { signature: `sha256=${"0".repeat(64)}` })).toEqual([401]);
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled", { signature: "sha256=not-hex" })).toEqual([401]);
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled", { signature: null })).toEqual([401]);
    expect(asked()).toBe(before);
    expect((await depositRow(deposit.id)).status).toBe("pending");
    expect(await balanceOf(userId)).toBe("0.00");
    await expectBooksClean();
  });

  it("credits a settled invoice whose webhooks never came, by reconciliation, once", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("40.00");
    invoice.status = "Settled";
    // Deposits pending for at least 0 s (the job's own threshold is a minute).
    expect(await reconcileDeposits(services, provider(), { pendingForSeconds: 0 })).toBeGreaterThan(0);
    expect(await balanceOf(userId)).toBe("40.00");
    expect((await depositRow(deposit.id)).status).toBe("settled");
    // Settled deposits are not claimed again; a webhook arriving late changes nothing.
    await reconcileDeposits(services, provider(), { pendingForSeconds: 0 });
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled")).toEqual([200]);
    expect(await creditsOf(deposit.id)).toBe(1);
    expect(await balanceOf(userId)).toBe("40.00");
    await expectBooksClean();
  });

  it("credits only what was created, and flags it, when the invoice is for another amount or was paid over", async () => {
    const changed = await pendingDeposit("15.00");
    changed.invoice.amount = "150.00";
    changed.invoice.status = "Settled";
    expect(await btcpay.deliver(changed.invoice.id, "InvoiceSettled")).toEqual([200]);
    expect(await balanceOf(changed.userId)).toBe("15.00");
    expect((await depositRow(changed.deposit.id)).flag).toContain("150.00 USD");

    const overpaid = await pendingDeposit("15.00");
    overpaid.invoice.status = "Settled";
    overpaid.invoice.additionalStatus = "PaidOver";
    expect(await btcpay.deliver(overpaid.invoice.id, "InvoiceSettled")).toEqual([200]);
    expect(await balanceOf(overpaid.userId)).toBe("15.00");
    expect((await depositRow(overpaid.deposit.id)).flag).toContain("paid over");
    await expectBooksClean();
    // The audit lists both for the operator, without calling them breaches.
    const flagged = (await auditInvariants(services, { demoMode: false })).flaggedDeposits.map((d) => d.depositId);
    expect(flagged).toEqual(expect.arrayContaining([changed.deposit.id, overpaid.deposit.id]));
  });

  it("credits once under 50 concurrent deliveries of InvoiceSettled", async () => {
    const { userId, deposit, invoice } = await pendingDeposit("50.00");
    invoice.status = "Settled";
    const statuses = (await Promise.all(Array.from({ length: 50 }, () => btcpay.deliver(invoice.id, "InvoiceSettled")))).flat();
    expect(statuses).toEqual(Array(50).fill(200));
    expect(await creditsOf(deposit.id)).toBe(1);
    expect(await balanceOf(userId)).toBe("50.00");
    expect(await db().accountEvent.count({ where: { userId, type: "deposit.settled" } })).toBe(1);
    await expectBooksClean();
  });

  it("refuses a deposit with 403 EXCLUDED during a time-out, and counts pending deposits against a deposit limit", async () => {
    const excluded = await player();
    await setExclusion(services, excluded.userId, { period: "24h" }, { player: true });
    const refused = await rest(excluded.apiKey, "POST", "/v1/deposits", { amount: "10.00" });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("EXCLUDED");

    const limited = await player();
    await setLimit(services, limited.userId, { kind: "deposit", period: "day", amount: "30.00" });
    expect((await rest(limited.apiKey, "POST", "/v1/deposits", { amount: "25.00" })).status).toBe(201);
    // The first is still pending (it may yet be paid): 25 + 10 passes the 30.
    const over = await rest(limited.apiKey, "POST", "/v1/deposits", { amount: "10.00" });
    expect(over.status).toBe(403);
    expect(over.body.code).toBe("LIMIT_REACHED");
    expect((await rest(limited.apiKey, "POST", "/v1/deposits", { amount: "5.00" })).status).toBe(201);
    // Letting invoices expire frees nothing: an expired invoice can still be paid late and credited.
    for (const row of await db().deposit.findMany({ where: { userId: limited.userId } })) {
      await db().deposit.update({ where: { id: row.id }, data: { status: "expired" } });
    }
    const afterExpiry = await rest(limited.apiKey, "POST", "/v1/deposits", { amount: "5.00" });
    expect(afterExpiry.status).toBe(403);
    expect(afterExpiry.body.code).toBe("LIMIT_REACHED");
    // The refusals are on the account's protection log (at most one per limit and hour).
    expect(await db().protectionEvent.count({ where: { userId: limited.userId, kind: "limit_reached" } })).toBeGreaterThanOrEqual(1);
  });

  it("answers 503 with Retry-After while BTCPay cannot be reached, and creates nothing", async () => {
    const { userId, apiKey } = await player();
    btcpay.unavailable = true;
    try {
      const refused = await rest(apiKey, "POST", "/v1/deposits", { amount: "10.00" });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await db().deposit.count({ where: { userId } })).toBe(0);
    } finally {
      btcpay.unavailable = false;
    }
    // A service started while BTCPay is down starts anyway, and refuses deposits the same way.
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    const closedPort = (gone.address() as AddressInfo).port;
    await new Promise((resolve) => gone.close(resolve));
    const down = new BtcpayProvider({ url: `http://127.0.0.1:${closedPort}`, storeId: btcpay.storeId, apiKey: btcpay.apiKey });
    await down.start(db(), appUrl);
    await expect(
      down.createPayment({
        depositId: "x",
        amount: new Money("10"),
        currency: "USD",
        returnPath: "/wallet",
      }),
    ).rejects.toMatchObject({
      code: "UNAVAILABLE",
    });
  });
});
