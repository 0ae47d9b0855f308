import { expect, test, type Page } from "@playwright/test";
import { DEMO_PACK, expectControlsReachable, expectLayoutSound, expectNoAxeViolations, signedInPlayer } from "./support";

// Issue #40, the web side: the fairness page checks, in the browser, that a draw is in the public
// transparency log (the latest head's signature and the draw's inclusion proof), reached from the
// history row's Verify link once the opening is logged.

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

async function checkPage(page: Page, state: string) {
  await expectLayoutSound(page, state);
  await expectControlsReachable(page, state);
  await expectNoAxeViolations(page, state);
}

for (const viewport of VIEWPORTS) {
  test(`the verifier shows a draw's inclusion in the signed log, at ${viewport.width} px`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const { apiKey } = await signedInPlayer(page, "20.00", `log-${viewport.width}`);
    const opened = await request.post(`/v1/packs/${DEMO_PACK.slug}/open`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(opened.status()).toBe(200);
    const { spin } = (await opened.json()) as { spin: { id: string } };
    // Logged within a second or two, in a signed head within about ten.
    await expect
      .poll(async () => (await request.get(`/v1/transparency/proof/inclusion?kind=open&id=${spin.id}`)).status(), { timeout: 30_000 })
      .toBe(200);

    await page.goto(`/fairness?logKind=open&logId=${spin.id}`);
    const result = page.getByTestId("inclusion-result");
    await expect(result).toContainText("In the log.");
    await expect(result).toContainText("Head signature under the log key: valid");
    await expect(result).toContainText("Inclusion proof (RFC 9162) against the head's root: valid");
    await checkPage(page, `fairness inclusion ${viewport.width}`);

    // From history: the row's Verify link carries the draw to the same check.
    await page.goto("/history");
    const verify = page
      .getByTestId("history-row")
      .first()
      .getByRole("link", { name: /verify/i });
    await expect(verify).toHaveAttribute("href", new RegExp(`logId=${spin.id}`));
  });
}
