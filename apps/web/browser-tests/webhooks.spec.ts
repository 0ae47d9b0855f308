import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { PASSWORD, admin, signIn, uniqueEmail } from "./support";

test("webhooks in Settings → API: add an endpoint, see its secret once, its deliveries, resend one, disable it", async ({
  page,
  baseURL,
}) => {
  const received: Array<{ type: string; signature: string }> = [];
  const receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      received.push({ type: JSON.parse(body).type, signature: String(req.headers["prizepacks-signature"]) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const email = uniqueEmail("hooks");
    const { apiKey } = await admin("user:create", { email, balance: "20.00", password: PASSWORD });
    await signIn(page, email, PASSWORD, "/settings/api");
    await expect(page.getByRole("heading", { name: "Webhooks" })).toBeVisible();

    const form = page.getByRole("form", { name: "Add a webhook endpoint" });
    await form.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    await form.getByRole("checkbox", { name: /Balance changed/ }).uncheck();
    await form.getByRole("button", { name: "Add endpoint" }).click();
    const secret = page.getByTestId("webhook-secret");
    await expect(secret).toHaveText(/^whsec_[0-9A-Za-z]{32}$/);
    const endpoint = page.getByTestId("webhook-endpoint");
    await expect(endpoint).toContainText("open.completed");
    await expect(endpoint).not.toContainText("wallet.changed");

    // An opening over REST is delivered, signed; the log shows it.
    const opened = await fetch(`${baseURL}/v1/packs/budget-tech-drop/open`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(opened.status).toBe(200);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    expect(received[0]).toMatchObject({ type: "open.completed", signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) });
    await endpoint.getByRole("button", { name: "Deliveries" }).click();
    const deliveries = endpoint.getByTestId("webhook-delivery");
    await expect(deliveries).toHaveCount(1);
    await expect(deliveries.first()).toContainText("delivered");

    await deliveries.first().getByRole("button", { name: "Resend" }).click();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    await expect(deliveries).toHaveCount(2, { timeout: 10_000 });

    await endpoint.getByRole("button", { name: "Disable" }).click();
    await expect(endpoint).toContainText("Disabled");
    // The secret was shown once: a reload does not show it again.
    await page.reload();
    await expect(page.getByTestId("webhook-secret")).toHaveCount(0);
    await expect(page.getByTestId("webhook-endpoint")).toContainText("Disabled");
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test("webhooks in Settings → API: at most 5 enabled; a sixth, and enabling one past 5, are refused saying why", async ({ page }) => {
  const email = uniqueEmail("hookcap");
  await admin("user:create", { email, password: PASSWORD });
  await signIn(page, email, PASSWORD, "/settings/api");
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  const endpoints = page.getByTestId("webhook-endpoint");
  // Nothing listens there: no event happens in this test, so nothing is delivered.
  const add = async (n: number) => {
    await form.getByLabel("Endpoint URL").fill(`http://127.0.0.1:9/hook-${n}`);
    await form.getByRole("button", { name: "Add endpoint" }).click();
  };
  for (let n = 1; n <= 5; n++) {
    await add(n);
    await expect(endpoints).toHaveCount(n);
  }
  await add(6);
  await expect(form.getByRole("alert")).toContainText("at most 5 enabled webhook endpoints");
  await expect(endpoints).toHaveCount(5);

  // Disable one and add another in its place: five enabled again, the sixth row disabled.
  const first = endpoints.filter({ hasText: "/hook-1" });
  await first.getByRole("button", { name: "Disable" }).click();
  await expect(first).toContainText("Disabled");
  await add(6);
  await expect(endpoints).toHaveCount(6);
  await first.getByRole("button", { name: "Enable" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "at most 5 enabled webhook endpoints; disable one first" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: "/hook-1" })).toContainText("Disabled");
  await expect(page.getByTestId("webhook-endpoint").filter({ hasText: "Active" })).toHaveCount(5);
});

test("webhooks in Settings → API: the add form takes input only once the page's scripts run, so nothing typed is lost", async ({
  page,
}) => {
  const email = uniqueEmail("hookslow");
  await admin("user:create", { email, password: PASSWORD });
  await signIn(page, email, PASSWORD);
  await page.waitForURL("/");
  // Scripts arriving late: the server's form is on screen seconds before React hydrates it.
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto("/settings/api", { waitUntil: "commit" });
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Endpoint URL").fill("http://127.0.0.1:9/hook-early");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByTestId("webhook-endpoint")).toHaveCount(1);
  await expect(page.getByTestId("webhook-endpoint")).toContainText("/hook-early");
});
