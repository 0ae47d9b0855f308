import { expect, test, type Page } from "@playwright/test";
import { startBtcpayStandin, type BtcpayStandin } from "@prizepacks/core/testing/btcpay-standin";
import { startServer, type ServerInstance } from "../tests/server-instance";
import { expectHeaderBalance, expectLayoutSound, expectNoAxeViolations, signUpVerified, uniqueEmail } from "./support";

// Add funds through BTCPay Server's checkout: a server of this spec's own, configured with the
// BTCPay stand-in (the suite's shared server has demo deposits), reached at the address it prints
// (127.0.0.1), which is also where its mails' links and its invoices send the player back to.

let btcpay: BtcpayStandin;
let server: ServerInstance;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  btcpay = await startBtcpayStandin();
  server = await startServer({
    label: "browser-btcpay",
    ownDatabase: true,
    env: {
      BTCPAY_URL: btcpay.url,
      BTCPAY_STORE_ID: btcpay.storeId,
      BTCPAY_API_KEY: btcpay.apiKey,
      RATE_LIMIT_DROPS_PER_MINUTE: "100000",
      DROP_STREAMS_PER_ADDRESS: "1000",
      RATE_LIMIT_AUTH_PER_MINUTE: "1000",
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await btcpay?.close();
});

async function checkWallet(page: Page, state: string) {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await expectLayoutSound(page, `${state} at ${width}`);
  }
  await expectNoAxeViolations(page, state);
}

test("Wallet → Add funds → BTCPay checkout → back to the wallet, which shows the deposit until it is credited", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  await signUpVerified(page, uniqueEmail("btcpay"));

  await page.goto("/wallet");
  await expect(page.getByRole("button", { name: "Continue to checkout" })).toBeVisible();
  await checkWallet(page, "wallet with BTCPay");
  await page.getByLabel("Amount").fill("25.00");
  await page.getByRole("button", { name: "Continue to checkout" }).click();

  await expect(page.getByRole("heading", { name: "Pay 25.00 USD" })).toBeVisible();
  // The one invoice of this spec's BTCPay.
  const [invoice] = [...btcpay.invoices.values()];
  if (!invoice) throw new Error("no invoice was created");
  invoice.status = "Processing"; // paid, waiting for confirmations
  await page.getByRole("link", { name: "Return to the store" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/wallet" && url.searchParams.has("deposit"));
  const status = page.getByTestId("deposit-status");
  await expect(status).toContainText("Deposit of $25.00: waiting for the payment to settle");
  await checkWallet(page, "wallet with a pending deposit");

  invoice.status = "Settled";
  expect(await btcpay.deliver(invoice.id, "InvoiceSettled")).toEqual([200]);
  await expect(status).toContainText("Deposit of $25.00: settled and credited");
  await expect(page.getByTestId("wallet-balance")).toHaveText("$25.00");
  await expectHeaderBalance(page, 2500);
  await checkWallet(page, "wallet with a settled deposit");
  await context.close();
});
