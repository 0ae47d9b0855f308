import { describe, expect, it } from "vitest";
import { call, newPlayer } from "./support.ts";

// A leaked API key must not move money out: over HTTP against the built server, a key can list
// withdrawals, never make one, and has no way to add a payout destination.
describe("withdrawals with an API key", () => {
  it("lists them, and is refused a withdrawal (403) and a payout destination", async () => {
    const player = await newPlayer("50.00");
    const listed = await call("/v1/withdrawals", { key: player.apiKey });
    expect(listed).toMatchObject({ status: 200, json: { withdrawals: [], nextCursor: null } });
    expect((await call("/v1/withdrawals/nope", { key: player.apiKey })).status).toBe(404);

    for (const body of [{ amount: "20.00", destinationId: "x", code: "123456" }, {}]) {
      const refused = await call("/v1/withdrawals", {
        key: player.apiKey,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/web app and your second factor/) });
    }
    const noRoute = await call("/v1/payout-destinations", {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payoutMethodId: "BTC-CHAIN", address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", label: "x" }),
    });
    expect(noRoute.status).toBe(404);
    // The web app's procedures take the session cookie, never a key.
    const viaTrpc = await call("/api/trpc/payoutDestinations.add", {
      key: player.apiKey,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        payoutMethodId: "BTC-CHAIN",
        address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        label: "x",
        code: "123456",
      }),
    });
    expect([401, 403]).toContain(viaTrpc.status);
    expect((await call("/v1/wallet", { key: player.apiKey })).json).toMatchObject({ balanceString: "50.00", pendingWithdrawals: "0.00" });
  });
});
