import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSumsubStandin, type SumsubStandin } from "@prizepacks/core/testing/sumsub-standin";
import { freePort, runStartToExit, startServer, type ServerInstance } from "./server-instance.ts";

// The built server with Sumsub configured (SUMSUB_*, the stand-in on loopback): a bot reads its
// account's identity check over REST with its key, and Sumsub's webhook path is served with its
// digest checked. Starting a check is web-only (the WebSDK runs in the player's browser);
// packages/api/src/verification.db.test.ts follows a check through the stand-in end to end.

let sumsub: SumsubStandin;
let server: ServerInstance;

const sumsubEnv = () => ({
  SUMSUB_URL: sumsub.url,
  SUMSUB_APP_TOKEN: sumsub.appToken,
  SUMSUB_SECRET_KEY: sumsub.secretKey,
  SUMSUB_WEBHOOK_SECRET: sumsub.webhookSecret,
  SUMSUB_LEVEL_NAME: sumsub.levelName,
});

beforeAll(async () => {
  sumsub = await startSumsubStandin();
  server = await startServer({ label: "verification", ownDatabase: true, env: sumsubEnv() });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await sumsub?.close();
});

const demoKeyOf = (instance: ServerInstance) => /demo API key: (pp_live_\w+)/.exec(instance.output())?.[1] ?? "";

describe("GET /v1/me/verification", () => {
  it("answers the key's account: no check started yet, a withdrawal would need one", async () => {
    const response = await fetch(`${server.baseUrl}/v1/me/verification`, { headers: { authorization: `Bearer ${demoKeyOf(server)}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: "none",
      requiredFor: ["withdrawal"],
      requirements: [
        {
          requiredFor: "withdrawal",
          reason: "withdrawal",
          message: "Withdrawals need a verified identity. Start the check from your wallet (/wallet#verification).",
          threshold: null,
        },
      ],
      reason: null,
      rejectLabels: [],
      demo: false,
      updatedAt: null,
    });
    const anonymous = await fetch(`${server.baseUrl}/v1/me/verification`);
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/kyc/sumsub/webhook", () => {
  it("refuses a forged digest with 401 JSON, and acknowledges a well-signed event about no applicant of ours", async () => {
    const url = `${server.baseUrl}/api/kyc/sumsub/webhook`;
    const event = {
      type: "applicantReviewed",
      applicantId: "nobody",
      createdAtMs: "2026-11-29 01:00:00.000",
      reviewResult: { reviewAnswer: "GREEN" },
    };
    const forged = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-payload-digest": "00".repeat(32), "x-payload-digest-alg": "HMAC_SHA256_HEX" },
      body: JSON.stringify(event),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect(await sumsub.deliver(url, event)).toBe(200);
    // What a reviewer wrote about a player never reaches the logs.
    const noted = {
      ...event,
      reviewResult: { reviewAnswer: "RED", moderationComment: "note-for-player-7f3a", clientComment: "note-for-operators-9c1e" },
    };
    expect(await sumsub.deliver(url, noted)).toBe(200);
    expect(server.output()).not.toMatch(/note-for-(player|operators)/);
  });
});

describe("SUMSUB_* at start", () => {
  it("some but not all of them stop the start, saying which are needed", async () => {
    const { code, output } = await runStartToExit({ SUMSUB_APP_TOKEN: "sbx:only-this", PORT: String(await freePort()) });
    expect(code).not.toBe(0);
    expect(output).toContain("set all of SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY, SUMSUB_WEBHOOK_SECRET, SUMSUB_LEVEL_NAME, or none");
  });
});
