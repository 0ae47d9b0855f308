import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSumsubStandin } from "@prizepacks/core/testing/sumsub-standin";

// Identity checks through Sumsub over HTTP: the REST facade and the webhook endpoint on a
// loopback server of ours, a Sumsub stand-in (which checks every request's signature itself,
// and signs its webhooks) on another. The settings are read once, so they are set before the imports.
const sumsub = await startSumsubStandin();
vi.stubEnv("SUMSUB_URL", sumsub.url);
vi.stubEnv("SUMSUB_APP_TOKEN", sumsub.appToken);
vi.stubEnv("SUMSUB_SECRET_KEY", sumsub.secretKey);
vi.stubEnv("SUMSUB_WEBHOOK_SECRET", sumsub.webhookSecret);
vi.stubEnv("SUMSUB_LEVEL_NAME", sumsub.levelName);
const {
  AppError,
  createUser,
  creditWallet,
  DemoVerificationProvider,
  parseMoney,
  reconcileVerifications,
  startVerification,
  SumsubProvider,
  SUMSUB_WEBHOOK_PATH,
} = await import("@prizepacks/core");
const { openServices } = await import("@prizepacks/core/server");
const { uniqueEmail } = await import("@prizepacks/core/testing/fixtures");
const { openTestDatabase } = await import("@prizepacks/core/testing");
const { createRestHandler } = await import("./rest.ts");
const { createVerificationWebhookHandler } = await import("./verification-webhook.ts");

type Services = Awaited<ReturnType<typeof openServices>>;
let services: Services;
let app: Server;
let webhookUrl: string;
let appUrl: string;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  const handleRest = createRestHandler({ services });
  const handleWebhook = createVerificationWebhookHandler({ services });
  app = createServer((req, res) => {
    if (handleWebhook(req, res, (req.url ?? "/").split("?")[0]!)) return;
    void handleRest(req, res);
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  webhookUrl = `${appUrl}${SUMSUB_WEBHOOK_PATH}`;
});
afterAll(async () => {
  app?.closeAllConnections();
  await new Promise((resolve) => app?.close(resolve));
  await services?.database.close();
  await sumsub.close();
});

function provider() {
  const verifications = services.verifications;
  if (!(verifications instanceof SumsubProvider)) throw new Error("Sumsub is configured, so checks go through it");
  return verifications;
}

async function getVerification(apiKey: string) {
  const response = await fetch(`${appUrl}/v1/me/verification`, { headers: { authorization: `Bearer ${apiKey}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A player who started a check: their applicant at the stand-in. */
async function startedCheck() {
  const account = await createUser(services, { email: uniqueEmail() });
  const started = await startVerification(services, account.userId);
  return { ...account, started, applicantId: started.applicantId };
}

const row = (userId: string) => services.database.prisma.accountVerification.findUniqueOrThrow({ where: { userId } });

describe("Sumsub identity checks", () => {
  it("POST /resources/applicants and the WebSDK token: signed requests the stand-in accepts; GET /v1/me/verification says pending", async () => {
    const before = sumsub.requests.length;
    const { apiKey, userId, started, applicantId } = await startedCheck();
    const calls = sumsub.requests.slice(before);
    expect(calls).toEqual([
      { request: `POST /resources/applicants?levelName=${sumsub.levelName}`, status: 200 },
      { request: "POST /resources/accessTokens/sdk", status: 200 },
    ]);
    expect(sumsub.applicantFor(userId).id).toBe(applicantId);
    expect(started.accessToken).toMatch(/^_act-/);
    expect(started.verification).toMatchObject({ status: "pending", demo: false, reason: null });

    const { status, body } = await getVerification(apiKey);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "pending", requiredFor: ["withdrawal"], reason: null, rejectLabels: [], demo: false });

    // Starting again reuses the applicant: only a new token is asked for.
    const again = await startVerification(services, userId);
    expect(again.applicantId).toBe(applicantId);
    expect([...sumsub.applicants.values()].filter((a) => a.externalUserId === userId)).toHaveLength(1);
    expect(sumsub.requests.at(-1)).toEqual({ request: "POST /resources/accessTokens/sdk", status: 200 });
  });

  it("GET /v1/me/verification with no check started: none, a withdrawal would need one", async () => {
    const { apiKey } = await createUser(services, { email: uniqueEmail() });
    const { status, body } = await getVerification(apiKey);
    expect(status).toBe(200);
    expect(body).toEqual({
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
  });

  it("GET /v1/me/verification: deposits wait on a check once deposits over 30 days reach 2,000.00", async () => {
    const { apiKey, userId } = await createUser(services, { email: uniqueEmail() });
    const deposit = (amount: string) =>
      creditWallet(services, { userId, amount: parseMoney(amount), kind: "DEPOSIT", note: "demo deposit" });
    await deposit("500.00");
    await services.database.prisma.ledgerEntry.updateMany({
      where: { userId },
      data: { createdAt: new Date(Date.now() - 31 * 86_400_000) },
    });
    await deposit("1999.99");
    expect((await getVerification(apiKey)).body.requiredFor).toEqual(["withdrawal"]);
    await deposit("0.01"); // 2,000.00 reached, not passed
    const { body } = await getVerification(apiKey);
    expect(body.requiredFor).toEqual(["withdrawal", "deposit"]);
    expect(body.requirements).toContainEqual({
      requiredFor: "deposit",
      reason: "due_diligence",
      message: "Deposits past $2,000.00 in 30 days need a verified identity. Start the check from your wallet (/wallet#verification).",
      threshold: "2000.00",
    });
  });

  it("the stand-in refuses an unsigned, a wrongly signed and a stale request (401), and what it does not implement (501)", async () => {
    const path = "/resources/applicants/nobody/one";
    const sign = (ts: string, secret = sumsub.secretKey) => createHmac("sha256", secret).update(`${ts}GET${path}`).digest("hex");
    const call = (headers: Record<string, string>, target = path) => fetch(`${sumsub.url}${target}`, { headers });
    const now = String(Math.floor(Date.now() / 1000));
    expect((await call({})).status).toBe(401);
    expect((await call({ "x-app-token": sumsub.appToken, "x-app-access-ts": now, "x-app-access-sig": sign(now, "wrong") })).status).toBe(
      401,
    );
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    expect((await call({ "x-app-token": sumsub.appToken, "x-app-access-ts": stale, "x-app-access-sig": sign(stale) })).status).toBe(401);
    // Rightly signed: the stand-in answers (404: no such applicant), so the refusals above were the signature's.
    expect((await call({ "x-app-token": sumsub.appToken, "x-app-access-ts": now, "x-app-access-sig": sign(now) })).status).toBe(404);
    const other = "/resources/applicants/nobody/requiredIdDocsStatus";
    const signedOther = createHmac("sha256", sumsub.secretKey).update(`${now}GET${other}`).digest("hex");
    expect((await call({ "x-app-token": sumsub.appToken, "x-app-access-ts": now, "x-app-access-sig": signedOther }, other)).status).toBe(
      501,
    );
  });

  it("a check started while Sumsub is down: 503 UNAVAILABLE with a retry time, nothing kept", async () => {
    const { userId } = await createUser(services, { email: uniqueEmail() });
    sumsub.unavailable = true;
    try {
      const refused = await startVerification(services, userId).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "UNAVAILABLE", details: { retryAfterSeconds: expect.any(Number) as number } });
    } finally {
      sumsub.unavailable = false;
    }
    expect(await services.database.prisma.accountVerification.findUnique({ where: { userId } })).toBeNull();
  });

  it("POST the webhook with a forged, missing or unknown-algorithm digest: 401 JSON, nothing changes", async () => {
    const { userId, applicantId } = await startedCheck();
    const event = sumsub.review(applicantId, { reviewAnswer: "GREEN" });
    const forged = createHmac("sha256", "not-the-secret").update(JSON.stringify(event)).digest("hex");
    expect(await sumsub.deliver(webhookUrl, event, { digest: forged })).toBe(401);
    expect(await sumsub.deliver(webhookUrl, event, { digest: null })).toBe(401);
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-payload-digest": forged, "x-payload-digest-alg": "HMAC_MD5_HEX" },
      body: JSON.stringify(event),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
    expect((await row(userId)).status).toBe("pending");
  });

  it("POST the webhook: applicantPending then applicantReviewed GREEN, delivered reordered and replayed, ends verified", async () => {
    const { apiKey, userId, applicantId } = await startedCheck();
    const pending = sumsub.submit(applicantId);
    const reviewed = sumsub.review(applicantId, { reviewAnswer: "GREEN", rejectLabels: [] });
    expect(await sumsub.deliver(webhookUrl, reviewed, { algorithm: "HMAC_SHA1_HEX" })).toBe(200);
    expect(await sumsub.deliver(webhookUrl, pending, { algorithm: "HMAC_SHA512_HEX" })).toBe(200);
    expect(await sumsub.deliver(webhookUrl, pending)).toBe(200);
    expect(await sumsub.deliver(webhookUrl, reviewed)).toBe(200);
    expect(await row(userId)).toMatchObject({ status: "verified", reviewAnswer: "GREEN", rejectType: null });
    const { body } = await getVerification(apiKey);
    expect(body).toMatchObject({ status: "verified", requiredFor: [], reason: null });
    // A type we do not use is acknowledged and ignored.
    const other = { ...reviewed, type: "applicantPersonalInfoChanged", createdAtMs: "2099-01-01 00:00:00.000" };
    expect(await sumsub.deliver(webhookUrl, other)).toBe(200);
    expect((await row(userId)).status).toBe("verified");
  });

  it("RED with RETRY: the player sees the moderationComment and the labels, never the clientComment; a new submission is pending again", async () => {
    const { apiKey, userId, applicantId } = await startedCheck();
    const retry = sumsub.review(applicantId, {
      reviewAnswer: "RED",
      reviewRejectType: "RETRY",
      rejectLabels: ["DOCUMENT_PAGE_MISSING"],
      moderationComment: "Please upload both pages of your passport.",
      clientComment: "Operators only: second page missing, possible edit on page one.",
    });
    expect(await sumsub.deliver(webhookUrl, retry)).toBe(200);
    const { body } = await getVerification(apiKey);
    expect(body).toMatchObject({
      status: "retry",
      reason: "Please upload both pages of your passport.",
      rejectLabels: ["DOCUMENT_PAGE_MISSING"],
    });
    expect(JSON.stringify(body)).not.toContain("Operators only");
    expect((await row(userId)).clientComment).toBe("Operators only: second page missing, possible edit on page one.");

    expect(await sumsub.deliver(webhookUrl, sumsub.submit(applicantId))).toBe(200);
    expect(await sumsub.deliver(webhookUrl, retry)).toBe(200); // the old review, replayed: older than the submission
    expect((await getVerification(apiKey)).body).toMatchObject({ status: "pending", reason: null, rejectLabels: [] });
  });

  it("RED with FINAL is final: a later reset or review does not move it", async () => {
    const { apiKey, userId, applicantId } = await startedCheck();
    const final = sumsub.review(applicantId, {
      reviewAnswer: "RED",
      reviewRejectType: "FINAL",
      rejectLabels: ["FORGERY"],
      moderationComment: "We cannot verify you.",
    });
    expect(await sumsub.deliver(webhookUrl, final)).toBe(200);
    expect(await sumsub.deliver(webhookUrl, sumsub.reset(applicantId))).toBe(200);
    expect(await sumsub.deliver(webhookUrl, sumsub.review(applicantId, { reviewAnswer: "GREEN" }))).toBe(200);
    expect((await row(userId)).status).toBe("rejected");
    expect((await getVerification(apiKey)).body).toMatchObject({
      status: "rejected",
      requiredFor: ["deposit", "play"],
      reason: "We cannot verify you.",
    });
    await expect(startVerification(services, userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("applicantReset after a GREEN review: pending again (a later event)", async () => {
    const { userId, applicantId } = await startedCheck();
    expect(await sumsub.deliver(webhookUrl, sumsub.review(applicantId, { reviewAnswer: "GREEN" }))).toBe(200);
    expect(await sumsub.deliver(webhookUrl, sumsub.reset(applicantId))).toBe(200);
    expect((await row(userId)).status).toBe("pending");
  });

  it("a lost webhook: the review is found by polling GET /resources/applicants/{id}/one", async () => {
    const { userId, applicantId } = await startedCheck();
    expect(await sumsub.deliver(webhookUrl, sumsub.submit(applicantId))).toBe(200);
    sumsub.review(applicantId, {
      reviewAnswer: "RED",
      reviewRejectType: "RETRY",
      rejectLabels: ["BAD_SELFIE"],
      moderationComment: "Retake the selfie.",
    });
    expect((await row(userId)).status).toBe("pending");
    expect(await reconcileVerifications(services, provider(), { unchangedForSeconds: 0 })).toBeGreaterThanOrEqual(1);
    expect(sumsub.requests).toContainEqual({ request: `GET /resources/applicants/${applicantId}/one`, status: 200 });
    expect(await row(userId)).toMatchObject({ status: "retry", rejectLabels: ["BAD_SELFIE"], moderationComment: "Retake the selfie." });
    // Claimed: not polled again before its next check time.
    const polls = sumsub.requests.length;
    await reconcileVerifications(services, provider(), { unchangedForSeconds: 0 });
    expect(sumsub.requests.slice(polls).some((r) => r.request.includes(applicantId))).toBe(false);
  });

  it("demo mode's check: verified by the one call that starts it, marked demo", async () => {
    const { apiKey, userId } = await createUser(services, { email: uniqueEmail() });
    const started = await startVerification({ ...services, verifications: new DemoVerificationProvider() }, userId);
    expect(started).toMatchObject({ applicantId: `demo:${userId}`, accessToken: null, verification: { status: "verified", demo: true } });
    expect((await getVerification(apiKey)).body).toMatchObject({ status: "verified", demo: true, requiredFor: [] });
  });
});
