import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBtcpayStandin, type BtcpayStandin } from "@prizepacks/core/testing/btcpay-standin";
import { startServer, type ServerInstance } from "./server-instance.ts";

// The built server with a BTCPay Server configured (the stand-in on loopback): its webhook is
// registered at start, a deposit is paid through a signed webhook, one paid while the service
// was down is credited by reconciliation once it is back, and a start while BTCPay is down
// serves everything else and opens deposits once BTCPay answers.

const root = path.resolve(import.meta.dirname, "..", "..", "..");
let btcpay: BtcpayStandin;
const servers: ServerInstance[] = [];

beforeAll(async () => {
  btcpay = await startBtcpayStandin();
});
afterAll(async () => {
  for (const server of servers.reverse()) await server.stop();
  await btcpay?.close();
});

const btcpayEnv = () => ({ BTCPAY_URL: btcpay.url, BTCPAY_STORE_ID: btcpay.storeId, BTCPAY_API_KEY: btcpay.apiKey });
const demoKeyOf = (server: ServerInstance) => /demo API key: (pp_live_\w+)/.exec(server.output())?.[1] ?? "";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server: ServerInstance, key: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as Record<string, unknown> };
}

/** Asks until `check` passes or `seconds` are over (a bound on waiting, not a claim about speed). */
async function eventually<T>(seconds: number, ask: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const value = await ask();
    if (check(value) || Date.now() > until) return value;
    await sleep(250);
  }
}

function audit(server: ServerInstance) {
  const result = spawnSync("npm", ["run", "--silent", "admin", "--", "audit"], {
    cwd: root,
    env: { ...process.env, PRIZEPACKS_DATA_DIR: server.dataDir, ...(server.databaseUrl && { DATABASE_URL: server.databaseUrl }) },
    encoding: "utf8",
  });
  return { status: result.status, report: JSON.parse(result.stdout || "{}") as { ok?: boolean } };
}

describe.skipIf(!process.env.DATABASE_URL)("deposits through BTCPay, on the built server", () => {
  it("credits a paid invoice once by its webhook, and one paid while the service was down once it is back", async () => {
    const first = await startServer({ label: "deposits", ownDatabase: true, env: btcpayEnv() });
    servers.push(first);
    const key = demoKeyOf(first);
    // The service registers its webhook at its own address (appBaseUrl: the host it listens on).
    const webhookUrl = `${first.baseUrl}/api/deposits/btcpay/webhook`;
    await eventually(10, async () => [...btcpay.webhooks.values()].some((w) => w.url === webhookUrl), Boolean);
    expect([...btcpay.webhooks.values()].filter((w) => w.url === webhookUrl)).toHaveLength(1);
    const before = Number((await call(first, key, "GET", "/v1/wallet")).json.balanceString);

    const paid = await call(first, key, "POST", "/v1/deposits", { amount: "25.00" });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const invoice = btcpay.invoiceFor(String(paid.json.id));
    expect(paid.json).toMatchObject({ status: "pending", checkoutUrl: invoice.checkoutLink });
    expect((await fetch(invoice.checkoutLink)).status).toBe(200);
    invoice.status = "Settled";
    expect(await btcpay.deliver(invoice.id, "InvoiceSettled")).toEqual([200]);
    expect((await call(first, key, "GET", `/v1/deposits/${invoice.metadata.orderId as string}`)).json.status).toBe("settled");
    expect((await call(first, key, "GET", "/v1/wallet")).json.balanceString).toBe((before + 25).toFixed(2));

    // Paid while the service is down: the webhook finds nobody; the deposit has been pending for over a minute.
    const lost = await call(first, key, "POST", "/v1/deposits", { amount: "10.00" });
    const lostId = String(lost.json.id);
    await first.terminate();
    const lostInvoice = btcpay.invoiceFor(lostId);
    lostInvoice.status = "Settled";
    await expect(btcpay.deliver(lostInvoice.id, "InvoiceSettled")).rejects.toThrow();
    const db = new pg.Client({ connectionString: first.databaseUrl });
    await db.connect();
    await db.query(`UPDATE deposit SET "createdAt" = "createdAt" - interval '2 minutes' WHERE id = $1`, [lostId]);
    await db.end();

    const again = await startServer({
      label: "deposits-again",
      dataDir: first.dataDir,
      env: { ...btcpayEnv(), DATABASE_URL: first.databaseUrl! },
    });
    servers.push(again);
    const credited = await eventually(
      60,
      async () => (await call(again, key, "GET", `/v1/deposits/${lostId}`)).json.status,
      (status) => status === "settled",
    );
    expect(credited).toBe("settled");
    expect((await call(again, key, "GET", "/v1/wallet")).json.balanceString).toBe((before + 35).toFixed(2));
    const result = audit(again);
    expect(result.status).toBe(0);
    expect(result.report.ok).toBe(true);
  });

  it("starts while BTCPay is down, serves the rest, answers deposits 503, and opens them once BTCPay answers", async () => {
    btcpay.unavailable = true;
    const server = await startServer({ label: "deposits-down", ownDatabase: true, env: btcpayEnv() });
    servers.push(server);
    const key = demoKeyOf(server);
    try {
      await eventually(
        10,
        async () => server.output(),
        (output) => output.includes("is unreachable or refuses the API key"),
      );
      expect(server.output()).toContain(`BTCPay Server at ${btcpay.url} is unreachable or refuses the API key`);
      expect((await call(server, key, "GET", "/v1/packs")).status).toBe(200);
      const refused = await call(server, key, "POST", "/v1/deposits", { amount: "10.00" });
      expect(refused.status).toBe(503);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      btcpay.unavailable = false;
    }
    const opened = await eventually(
      60,
      () => call(server, key, "POST", "/v1/deposits", { amount: "10.00" }),
      (response) => response.status === 201,
    );
    expect(opened.status).toBe(201);
  });
});
