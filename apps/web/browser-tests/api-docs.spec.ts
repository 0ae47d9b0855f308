import { expect, test } from "@playwright/test";

test("/docs renders the API reference from our own origin only, with the bearer key preselected and no dead cloud buttons", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) elsewhere.push(request.url());
  });
  // Our CSP already blocks other origins, so an attempt may show only as a refusal in the console.
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) elsewhere.push(message.text());
  });
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "prizepacks REST API" })).toBeVisible({ timeout: 20_000 });
  await page.getByText("Open a pack").first().click();
  // The request example uses the preselected scheme: the key as a bearer token, not X-Api-Key.
  const sample = page.locator("pre, code").filter({ hasText: "/v1/packs/" }).first();
  await expect(sample).toContainText("Authorization: Bearer");
  await expect(sample).not.toContainText("X-Api-Key");

  for (const dead of [/Ask AI/i, /^Share$/, /Deploy/, /Open API Client/i]) await expect(page.getByText(dead)).toHaveCount(0);
  expect(elsewhere).toEqual([]);
});
