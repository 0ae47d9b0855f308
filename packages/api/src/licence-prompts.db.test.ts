import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositDemoFunds } from "@prizepacks/core";
import { openServices } from "@prizepacks/core/server";
import { openTestDatabase } from "@prizepacks/core/testing";
import { createTestPack, createTestUser } from "@prizepacks/core/testing/fixtures";
import { createContext } from "./context.ts";
import { createCaller } from "./root.ts";
import { startRestServer, type RestServer } from "./testing/rest-server.ts";

// The prompts a licence requires (#37) over REST, as a bot's owner answers them, and through the
// web's procedures: each answer recorded once with its date, repeats harmless, bad input a JSON 400.
let services: Awaited<ReturnType<typeof openServices>>;
let app: RestServer | undefined;

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  app = await startRestServer(services);
});
afterAll(async () => {
  await app?.close();
  await services?.database.close();
});

// What a test reads of an answer: any field, as JSON has it.
type Answer = Record<string, any>;

async function rest(apiKey: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${app!.url}${path}`, {
    method,
    headers: { ...(apiKey && { authorization: `Bearer ${apiKey}` }), "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as Answer };
}

const web = (userId: string) =>
  createCaller(createContext({ source: "web", services, headers: new Headers(), resolveSessionUserId: async () => userId }));

const user = (userId: string) =>
  services.database.prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: { saferPlayAcknowledgedAt: true, depositLimitPromptAnswer: true, depositLimitPromptAnsweredAt: true },
  });

describe("GET /v1/me/prompts", () => {
  it("a new account has both prompts due and nothing answered", async () => {
    const { apiKey } = await createTestUser(services);
    expect(await rest(apiKey, "GET", "/v1/me/prompts")).toEqual({
      status: 200,
      body: {
        saferPlay: { acknowledgedAt: null, due: true },
        depositLimit: { answer: null, answeredAt: null, due: true },
      },
    });
  });

  it("401 JSON without a key", async () => {
    const answer = await rest(null, "GET", "/v1/me/prompts");
    expect(answer.status).toBe(401);
    expect(answer.body.message).toEqual(expect.any(String));
  });

  it("the deposit-limit prompt is not due after a first deposit, nor with a deposit limit set, though unanswered", async () => {
    const deposited = await createTestUser(services);
    await depositDemoFunds(services, { userId: deposited.userId, amount: "5.00" });
    const limited = await createTestUser(services);
    await rest(limited.apiKey, "POST", "/v1/me/limits", { kind: "deposit", period: "month", amount: "100.00" });
    for (const { apiKey } of [deposited, limited]) {
      expect((await rest(apiKey, "GET", "/v1/me/prompts")).body.depositLimit).toEqual({ answer: null, answeredAt: null, due: false });
    }
  });
});

describe("POST /v1/me/safer-play/acknowledgement", () => {
  it("records the date once: repeats, and calls at the same moment, keep the first", async () => {
    const { apiKey, userId } = await createTestUser(services);
    const first = await rest(apiKey, "POST", "/v1/me/safer-play/acknowledgement");
    expect(first.status).toBe(200);
    expect(first.body.saferPlay).toEqual({ acknowledgedAt: expect.any(String), due: false });
    const stored = (await user(userId)).saferPlayAcknowledgedAt;
    expect(stored?.toISOString()).toBe(first.body.saferPlay.acknowledgedAt);

    const [bare, withBody, fromWeb] = await Promise.all([
      rest(apiKey, "POST", "/v1/me/safer-play/acknowledgement"),
      rest(apiKey, "POST", "/v1/me/safer-play/acknowledgement", {}),
      web(userId).me.prompts.acknowledgeSaferPlay(),
    ]);
    expect(bare).toEqual(first);
    expect(withBody).toEqual(first);
    expect(fromWeb).toEqual(first.body);
    expect((await user(userId)).saferPlayAcknowledgedAt).toEqual(stored);
    // The deposit prompt is a separate answer.
    expect(first.body.depositLimit).toEqual({ answer: null, answeredAt: null, due: true });
  });

  it("concurrent first acknowledgements from two tabs leave one date", async () => {
    const { userId } = await createTestUser(services);
    const answers = await Promise.all(Array.from({ length: 5 }, () => web(userId).me.prompts.acknowledgeSaferPlay()));
    expect(new Set(answers.map((answer) => answer.saferPlay.acknowledgedAt)).size).toBe(1);
  });

  it("play is not refused before it (the web app asks; a bot's owner answers here): an opening goes through", async () => {
    const pack = await createTestPack(services, { price: "1.00" });
    const { apiKey } = await createTestUser(services, { balance: "5.00" });
    expect((await rest(apiKey, "POST", `/v1/packs/${pack.slug}/open`)).status).toBe(200);
    expect((await rest(apiKey, "GET", "/v1/me/prompts")).body.saferPlay).toEqual({ acknowledgedAt: null, due: true });
  });
});

describe("POST /v1/me/prompts/deposit-limit", () => {
  it("set: the deposit limit through the limit-setting rule, and the answer with its date", async () => {
    const { apiKey, userId } = await createTestUser(services);
    const answer = await rest(apiKey, "POST", "/v1/me/prompts/deposit-limit", { answer: "set", period: "week", amount: "75" });
    expect(answer.status).toBe(200);
    expect(answer.body.limit).toMatchObject({ applied: { kind: "deposit", period: "week", amount: "75.00" }, pending: null });
    expect(answer.body.prompts.depositLimit).toEqual({ answer: "set", answeredAt: expect.any(String), due: false });
    expect((await rest(apiKey, "GET", "/v1/me/limits")).body.limits).toMatchObject([{ kind: "deposit", period: "week", amount: "75.00" }]);
    const stored = await user(userId);
    expect(stored.depositLimitPromptAnswer).toBe("set");
    expect(stored.depositLimitPromptAnsweredAt?.toISOString()).toBe(answer.body.prompts.depositLimit.answeredAt);
  });

  it("skipped: nothing set, the answer recorded once; a later answer keeps the first record (a later set still sets its limit)", async () => {
    const { apiKey, userId } = await createTestUser(services);
    const skipped = await rest(apiKey, "POST", "/v1/me/prompts/deposit-limit", { answer: "skipped" });
    expect(skipped).toMatchObject({ status: 200, body: { limit: null, prompts: { depositLimit: { answer: "skipped", due: false } } } });
    const first = await user(userId);

    expect((await rest(apiKey, "POST", "/v1/me/prompts/deposit-limit", { answer: "skipped" })).body).toEqual(skipped.body);
    const later = await web(userId).me.prompts.answerDepositLimit({ answer: "set", period: "day", amount: "20.00" });
    expect(later.limit?.applied).toMatchObject({ kind: "deposit", period: "day", amount: "20.00" });
    expect(later.prompts.depositLimit).toEqual(skipped.body.prompts.depositLimit);
    expect(await user(userId)).toEqual(first);
  });

  it("bad input is a JSON 400 with a message, and records nothing", async () => {
    const { apiKey, userId } = await createTestUser(services);
    for (const body of [
      { answer: "maybe" },
      {},
      { answer: "set", period: "year", amount: "10.00" },
      { answer: "set", period: "day" },
      { answer: "set", period: "day", amount: "0" },
      { answer: "set", period: "day", amount: "-5" },
      { answer: "set", period: "day", amount: "1.001" },
      "{not json",
    ]) {
      const answer = await rest(apiKey, "POST", "/v1/me/prompts/deposit-limit", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ code: "BAD_REQUEST", message: expect.any(String) });
    }
    expect(await user(userId)).toEqual({
      saferPlayAcknowledgedAt: null,
      depositLimitPromptAnswer: null,
      depositLimitPromptAnsweredAt: null,
    });
    expect((await rest(apiKey, "GET", "/v1/me/limits")).body.limits).toEqual([]);
  });

  it("401 JSON without a key", async () => {
    const answer = await rest(null, "POST", "/v1/me/prompts/deposit-limit", { answer: "skipped" });
    expect(answer).toMatchObject({ status: 401, body: { message: expect.any(String) } });
  });
});
