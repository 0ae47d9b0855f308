import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startBtcpayStandin } from "@prizepacks/core/testing/btcpay-standin";

// Withdrawals through BTCPay's store payouts, on a stand-in speaking the Greenfield wire format
// on loopback; the REST facade on a loopback server of ours for what an API key may (list) and
// may not (withdraw) do. Web calls go through the router with a context whose second factor
// answers as each test says. The settings are read once, so they are set before the imports.
const btcpay = await startBtcpayStandin();
vi.stubEnv("BTCPAY_URL", btcpay.url);
vi.stubEnv("BTCPAY_STORE_ID", btcpay.storeId);
vi.stubEnv("BTCPAY_API_KEY", btcpay.apiKey);
vi.stubEnv("WITHDRAWAL_MIN", "10.00");
vi.stubEnv("WITHDRAWAL_DAILY_MAX", "500.00");
const {
  AppError,
  auditInvariants,
  BtcpayPayoutProvider,
  CLI_ACTOR,
  createUser,
  getMonthlyStatement,
  Money,
  processWithdrawals,
  requestWithdrawal,
  setExclusion,
  setWithdrawalSettings,
} = await import("@prizepacks/core");
const { openServices } = await import("@prizepacks/core/server");
const { uniqueEmail, verifyIdentity } = await import("@prizepacks/core/testing/fixtures");
const { openTestDatabase } = await import("@prizepacks/core/testing");
const { startRestServer } = await import("./testing/rest-server.ts");
const { createContext } = await import("./context.ts");
const { createCaller } = await import("./root.ts");

type Services = Awaited<ReturnType<typeof openServices>>;
type SecondFactorCheck = import("./context.ts").SecondFactorCheck;
let services: Services;
let app: import("./testing/rest-server.ts").RestServer | undefined;
let appUrl: string;
const mails: Array<{ to: string; subject: string; text: string }> = [];
const mailer = { send: (mail: { to: string; subject: string; text: string }) => void mails.push(mail), linkBase: "https://packs.test" };

beforeAll(async () => {
  services = await openServices(await openTestDatabase());
  app = await startRestServer(services);
  appUrl = app.url;
});
afterAll(async () => {
  await app?.close();
  await services?.database.close();
  await btcpay.close();
});

const db = () => services.database.prisma;

const web = (userId: string, factor: SecondFactorCheck | ((code: string) => SecondFactorCheck) = "ok", headers = new Headers()) =>
  createCaller(
    createContext({
      source: "web",
      services,
      headers,
      resolveSessionUserId: async () => userId,
      verifySecondFactor: async (id, code) => (id !== userId ? "wrong" : typeof factor === "function" ? factor(code) : factor),
      mailer,
    }),
  );

/** An authenticator's codes as the web transport checks them: each right code is accepted once, then "used". */
function singleUseCodes(...codes: string[]) {
  const unused = new Set(codes);
  return (code: string): SecondFactorCheck => (unused.delete(code) ? "ok" : codes.includes(code) ? "used" : "wrong");
}

async function rest(apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${appUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The AppError a call failed with (tRPC wraps it as the cause). */
async function failure(promise: Promise<unknown>): Promise<InstanceType<typeof AppError>> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = error instanceof AppError ? error : (error as { cause?: unknown } | null)?.cause;
  if (!(cause instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return cause;
}

/** A player whose identity is verified (withdrawals wait for it). */
async function player(balance = "100.00") {
  const account = await createUser(services, { email: uniqueEmail(), balance: new Money(balance) });
  await verifyIdentity(services, account.userId);
  return account;
}

async function admin() {
  const account = await player("0");
  await db().user.update({ where: { id: account.userId }, data: { role: "admin" } });
  return { ...account, caller: web(account.userId) };
}

/** A destination added in the web app, confirmed through the mailed link, and (unless told) past its 24 hours. */
async function destination(userId: string, { address = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", usable = true } = {}) {
  const added = await web(userId).payoutDestinations.add({ payoutMethodId: "BTC-CHAIN", address, label: "cold wallet", code: "123456" });
  expect(added.status).toBe("pending_confirmation");
  const mail = mails.at(-1)!;
  const token = new URL(/https:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;
  const confirmed = await web(userId).payoutDestinations.confirm({ token });
  expect(confirmed).toMatchObject({ id: added.id, status: "confirmed" });
  if (usable)
    await db().$executeRaw`
      UPDATE payout_destination SET "confirmedAt" = now() - interval '25 hours', "usableAt" = now() - interval '1 hour' WHERE id = ${added.id}`;
  return added.id;
}

/** One pass of the payout job for this withdrawal, as if its next check were due. */
async function poll(id: string) {
  await db().withdrawal.update({ where: { id }, data: { nextCheckAt: null } });
  await processWithdrawals(services, { ids: [id] });
  return db().withdrawal.findUniqueOrThrow({ where: { id } });
}

async function expectBooksBalance() {
  expect((await auditInvariants(services, { demoMode: false })).breaches).toEqual([]);
}

const balanceOf = async (userId: string) => (await db().wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2);
const eventsOf = async (userId: string) =>
  (await db().accountEvent.findMany({ where: { userId, type: { startsWith: "withdrawal." } }, orderBy: { id: "asc" } })).map((e) => e.type);

describe("payout destinations", () => {
  it("are never usable before their confirmation, whatever the wait (the row's own check)", async () => {
    const { userId } = await player();
    const id = await destination(userId, { usable: false });
    await expect(
      db().$executeRaw`UPDATE payout_destination SET "usableAt" = "confirmedAt" - interval '1 second' WHERE id = ${id}`,
    ).rejects.toThrow(/payout_destination_confirmed_check/);
    // PAYOUT_DESTINATION_DELAY_HOURS=0 (demo mode only) makes one usable the moment it is confirmed.
    await db().$executeRaw`UPDATE payout_destination SET "usableAt" = "confirmedAt" WHERE id = ${id}`;
  });

  it("are confirmed by the mailed link, usable 24 h later, and need the second factor", async () => {
    expect(services.payouts).toBeInstanceOf(BtcpayPayoutProvider);
    const { userId, email } = await player();
    const id = await destination(userId, { usable: false });
    expect(mails.at(-1)).toMatchObject({ to: email, subject: "Confirm your new payout destination" });
    const [listed] = await web(userId).payoutDestinations.list();
    expect(listed).toMatchObject({ id, status: "confirmed" });
    expect(new Date(listed!.usableAt!).getTime() - new Date(listed!.confirmedAt!).getTime()).toBe(24 * 3_600_000);
    const early = await failure(web(userId).withdrawals.create({ amount: "20.00", destinationId: id, code: "123456" }));
    expect(early.code).toBe("FORBIDDEN");
    expect(early.message).toMatch(/24 hours after its confirmation/);

    const notEnrolled = await failure(
      web(userId, "not_enrolled").payoutDestinations.add({
        payoutMethodId: "BTC-LN",
        address: "me@wallet.example",
        label: "ln",
        code: "000000",
      }),
    );
    expect([notEnrolled.code, notEnrolled.message]).toEqual(["FORBIDDEN", expect.stringMatching(/Set up two-factor authentication/)]);
    const bad = await failure(
      web(userId).payoutDestinations.add({ payoutMethodId: "BTC-CHAIN", address: "nope", label: "x", code: "123456" }),
    );
    expect(bad.code).toBe("BAD_REQUEST");
    await web(userId).payoutDestinations.remove({ id });
    expect(await web(userId).payoutDestinations.list()).toEqual([]);
  });
});

describe("withdrawals", () => {
  it("need the web session and the second factor: wrong, not enrolled and unavailable are refused", async () => {
    const { userId, apiKey } = await player();
    const destinationId = await destination(userId);
    const input = { amount: "20.00", destinationId, code: "123456" };
    expect((await failure(web(userId, "wrong").withdrawals.create(input))).code).toBe("BAD_REQUEST");
    const notEnrolled = await failure(web(userId, "not_enrolled").withdrawals.create(input));
    expect([notEnrolled.code, notEnrolled.message]).toEqual(["FORBIDDEN", expect.stringMatching(/two-factor/)]);
    const unavailable = await failure(web(userId, "unavailable").withdrawals.create(input));
    expect([unavailable.code, unavailable.message]).toEqual(["FORBIDDEN", expect.stringMatching(/web app and your second factor/)]);

    // Over HTTP with the account's API key: 403 whatever the body, and no route to add a destination.
    for (const body of [input, {}]) {
      const refused = await rest(apiKey, "POST", "/v1/withdrawals", body);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "FORBIDDEN", message: expect.stringMatching(/never make one/) });
    }
    expect((await rest(apiKey, "POST", "/v1/payout-destinations", { payoutMethodId: "BTC-CHAIN", address: "bc1q" })).status).toBe(404);
    expect(await db().withdrawal.count({ where: { userId } })).toBe(0);
    expect(await balanceOf(userId)).toBe("100.00");
  });

  it("ten submissions at once with one code make one withdrawal, the others refused as used; the next code is accepted", async () => {
    const { userId } = await player();
    const destinationId = await destination(userId);
    const codes = singleUseCodes("111111", "222222");
    const input = { amount: "20.00", destinationId, code: "111111" };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => web(userId, codes).withdrawals.create(input)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    // tRPC's caller wraps the AppError as the cause.
    const refusals = results.flatMap((r) => (r.status === "rejected" ? [(r.reason as { cause?: unknown }).cause] : []));
    expect(refusals).toHaveLength(9);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringMatching(/^code: this two-factor code was already used/),
      });
    expect(await db().withdrawal.count({ where: { userId } })).toBe(1);
    expect(await balanceOf(userId)).toBe("80.00");
    // No lock-out: the authenticator's next code moves money at once.
    expect(await web(userId, codes).withdrawals.create({ ...input, code: "222222" })).toMatchObject({ state: "requested" });
    expect(await balanceOf(userId)).toBe("60.00");
    await expectBooksBalance();
  });

  it("ten submissions at once with one Idempotency-Key make one withdrawal and all answer it; another amount is a 409", async () => {
    const { userId, apiKey } = await player();
    const destinationId = await destination(userId);
    const codes = singleUseCodes("111111", "222222");
    const keyed = new Headers({ "idempotency-key": randomUUID() });
    const input = { amount: "20.00", destinationId, code: "111111" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => web(userId, codes, keyed).withdrawals.create(input)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await db().withdrawal.count({ where: { userId } })).toBe(1);
    expect(await balanceOf(userId)).toBe("80.00");
    // A retry replays without asking for the code again; the key with another amount does nothing.
    expect(await web(userId, codes, keyed).withdrawals.create({ ...input, code: "999999" })).toEqual(answers[0]);
    const reused = await failure(web(userId, codes, keyed).withdrawals.create({ ...input, amount: "30.00", code: "222222" }));
    expect([reused.code, reused.message]).toEqual([
      "CONFLICT",
      "This Idempotency-Key was already used for another withdrawal (another amount or destination).",
    ]);
    expect(await balanceOf(userId)).toBe("80.00");
    // The code the refusal did not use still moves money; an API key with the header is still a 403.
    expect(await web(userId, codes).withdrawals.create({ ...input, code: "222222" })).toMatchObject({ state: "requested" });
    const overRest = await fetch(`${appUrl}/v1/withdrawals`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "idempotency-key": keyed.get("idempotency-key")! },
      body: JSON.stringify(input),
    });
    expect(overRest.status).toBe(403);
    expect(await balanceOf(userId)).toBe("60.00");
    await expectBooksBalance();
  });

  it("reserve at once, are approved, paid through BTCPay and followed to completion; keys can list them", async () => {
    const { userId, apiKey } = await player();
    const destinationId = await destination(userId);
    const requested = await web(userId).withdrawals.create({ amount: "40.00", destinationId, code: "123456" });
    expect(requested).toMatchObject({ state: "requested", amount: "40.00", payoutMethodId: "BTC-CHAIN" });
    expect(await web(userId).wallet.get()).toMatchObject({ balanceString: "60.00", pendingWithdrawals: "40.00" });
    expect(await db().ledgerEntry.findMany({ where: { withdrawalId: requested.id }, select: { kind: true, amount: true } })).toEqual([
      { kind: "WITHDRAWAL", amount: new Money("-40.00") },
    ]);
    await expectBooksBalance();

    const listed = await rest(apiKey, "GET", "/v1/withdrawals");
    expect(listed).toMatchObject({ status: 200, body: { withdrawals: [{ id: requested.id, state: "requested" }], nextCursor: null } });
    expect((await rest(apiKey, "GET", `/v1/withdrawals/${requested.id}`)).body).toMatchObject({ id: requested.id });

    const boss = await admin();
    const approved = await boss.caller.admin.withdrawals.decide({
      withdrawalId: requested.id,
      decision: "approve",
      requestKey: randomUUID(),
    });
    expect(approved.state).toBe("paying");
    const row = await db().withdrawal.findUniqueOrThrow({ where: { id: requested.id } });
    const payout = btcpay.payouts.get(row.payoutId!)!;
    expect(payout).toMatchObject({
      state: "AwaitingPayment",
      destination: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      originalAmount: "40.00",
      payoutMethodId: "BTC-CHAIN",
      metadata: { withdrawalId: requested.id },
    });
    expect((await poll(requested.id)).state).toBe("paying");
    btcpay.setPayoutState(payout.id, "InProgress");
    expect((await poll(requested.id)).state).toBe("paying");
    btcpay.setPayoutState(payout.id, "Completed");
    expect((await poll(requested.id)).state).toBe("completed");
    expect((await poll(requested.id)).state).toBe("completed");

    expect(await web(userId).wallet.get()).toMatchObject({ balanceString: "60.00", pendingWithdrawals: "0.00" });
    expect(await eventsOf(userId)).toEqual(["withdrawal.requested", "withdrawal.approved", "withdrawal.completed"]);
    const log = await db().adminLog.findMany({ where: { action: "withdrawal.approved", targetId: userId } });
    expect(log).toHaveLength(1);
    expect(log[0]!.actor).toBe(boss.email);
    await expectBooksBalance();
  });

  it("a payout cancelled at BTCPay fails and gives the money back exactly once", async () => {
    const { userId } = await player();
    const destinationId = await destination(userId);
    const { id } = await web(userId).withdrawals.create({ amount: "30.00", destinationId, code: "123456" });
    await (await admin()).caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey: randomUUID() });
    const row = await db().withdrawal.findUniqueOrThrow({ where: { id } });
    btcpay.setPayoutState(row.payoutId!, "Cancelled");
    const failed = await poll(id);
    expect(failed).toMatchObject({ state: "failed", reason: expect.stringMatching(/cancelled/) });
    await poll(id);
    await Promise.all([poll(id), poll(id)]);
    expect(await balanceOf(userId)).toBe("100.00");
    expect(await db().ledgerEntry.count({ where: { withdrawalId: id, kind: "WITHDRAWAL_RETURN" } })).toBe(1);
    expect(await eventsOf(userId)).toEqual(["withdrawal.requested", "withdrawal.approved", "withdrawal.failed"]);
    await expectBooksBalance();
  });

  it("a payout BTCPay refuses (an invalid destination) fails and is given back", async () => {
    const { userId } = await player();
    const address = "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh";
    btcpay.invalidDestinations.add(address);
    const destinationId = await destination(userId, { address });
    const { id } = await web(userId).withdrawals.create({ amount: "25.00", destinationId, code: "123456" });
    const decided = await (
      await admin()
    ).caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey: randomUUID() });
    expect(decided).toMatchObject({ state: "failed", reason: expect.stringMatching(/BTCPay refused the payout/) });
    expect(await balanceOf(userId)).toBe("100.00");
    await expectBooksBalance();
  });

  it("a payout BTCPay cannot take now is retried by the job, and paid once", async () => {
    const { userId } = await player();
    const destinationId = await destination(userId);
    const { id } = await web(userId).withdrawals.create({ amount: "15.00", destinationId, code: "123456" });
    btcpay.unavailable = true;
    try {
      const decided = await (
        await admin()
      ).caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey: randomUUID() });
      expect(decided.state).toBe("approved");
    } finally {
      btcpay.unavailable = false;
    }
    expect((await poll(id)).state).toBe("paying");
    expect((await poll(id)).state).toBe("paying");
    expect([...btcpay.payouts.values()].filter((p) => p.metadata.withdrawalId === id)).toHaveLength(1);
    await expectBooksBalance();
  });

  it("a rejection needs a reason, gives the money back, and is logged", async () => {
    const { userId } = await player();
    const destinationId = await destination(userId);
    const { id } = await web(userId).withdrawals.create({ amount: "50.00", destinationId, code: "123456" });
    const month = new Date().toISOString().slice(0, 7);
    expect(await getMonthlyStatement(services, userId, { month })).toMatchObject({ withdrawals: "50.00", closingBalance: "50.00" });
    const boss = await admin();
    expect(
      (await failure(boss.caller.admin.withdrawals.decide({ withdrawalId: id, decision: "reject", requestKey: randomUUID() }))).code,
    ).toBe("BAD_REQUEST");
    const rejected = await boss.caller.admin.withdrawals.decide({
      withdrawalId: id,
      decision: "reject",
      reason: "Please verify your identity first.",
      requestKey: randomUUID(),
    });
    expect(rejected).toMatchObject({ state: "rejected", reason: "Please verify your identity first." });
    expect(await balanceOf(userId)).toBe("100.00");
    // Given back: nothing withdrawn this month.
    expect(await getMonthlyStatement(services, userId, { month })).toMatchObject({ withdrawals: "0.00", closingBalance: "100.00" });
    const again = await failure(boss.caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey: randomUUID() }));
    expect(again.code).toBe("CONFLICT");
    expect(await eventsOf(userId)).toEqual(["withdrawal.requested", "withdrawal.rejected"]);
    expect(await db().adminLog.count({ where: { action: "withdrawal.rejected", targetId: userId } })).toBe(1);
    expect(await db().payoutDestination.count({ where: { userId } })).toBe(1);
    await expectBooksBalance();
  });

  it("a double approval applies once: the same request key replays, another admin's is told it was decided", async () => {
    const { userId } = await player();
    const destinationId = await destination(userId);
    const { id } = await web(userId).withdrawals.create({ amount: "35.00", destinationId, code: "123456" });
    const [first, second] = [await admin(), await admin()];
    const requestKey = randomUUID();
    const outcomes = await Promise.allSettled([
      first.caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey }),
      first.caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey }),
      second.caller.admin.withdrawals.decide({ withdrawalId: id, decision: "approve", requestKey: randomUUID() }),
      second.caller.admin.withdrawals.decide({ withdrawalId: id, decision: "reject", reason: "no", requestKey: randomUUID() }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(await db().adminLog.count({ where: { action: { in: ["withdrawal.approved", "withdrawal.rejected"] }, targetId: userId } })).toBe(
      1,
    );
    expect([...btcpay.payouts.values()].filter((p) => p.metadata.withdrawalId === id).length).toBeLessThanOrEqual(1);
    expect(await db().ledgerEntry.count({ where: { withdrawalId: id } })).toBeLessThanOrEqual(2);
    await expectBooksBalance();
  });

  it("20 concurrent requests never overdraw, and the daily maximum and minimum hold", async () => {
    const { userId } = await player("55.00");
    const destinationId = await destination(userId);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => requestWithdrawal(services, { userId, amount: "10.00", destinationId })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    for (const r of results)
      if (r.status === "rejected") expect((r.reason as InstanceType<typeof AppError>).code).toBe("INSUFFICIENT_BALANCE");
    expect(await balanceOf(userId)).toBe("5.00");
    await expectBooksBalance();

    const rich = await player("900.00");
    const to = await destination(rich.userId);
    await requestWithdrawal(services, { userId: rich.userId, amount: "450.00", destinationId: to });
    const over = await failure(requestWithdrawal(services, { userId: rich.userId, amount: "60.00", destinationId: to }));
    expect([over.code, over.message]).toEqual(["BAD_REQUEST", expect.stringMatching(/in 24 hours; \$50\.00 is left/)]);
    const small = await failure(requestWithdrawal(services, { userId: rich.userId, amount: "9.99", destinationId: to }));
    expect(small.code).toBe("BAD_REQUEST");
    await expectBooksBalance();
  });

  it("a self-excluded player can still withdraw; under the operator's amount it is approved and paid at once", async () => {
    const { userId } = await player();
    await fundedLongAgo(userId);
    const destinationId = await destination(userId);
    await setExclusion(services, userId, { period: "6m" }, { player: true });
    const boss = await admin();
    await autoApproveBelow("25.00", boss);
    const auto = await web(userId).withdrawals.create({ amount: "20.00", destinationId, code: "123456" });
    expect(auto.state).toBe("paying");
    const row = await db().withdrawal.findUniqueOrThrow({ where: { id: auto.id } });
    expect(row.decidedBy).toBe("auto");
    btcpay.setPayoutState(row.payoutId!, "Completed");
    expect((await poll(auto.id)).state).toBe("completed");
    const manual = await web(userId).withdrawals.create({ amount: "25.00", destinationId, code: "123456" });
    expect(manual.state).toBe("requested");
    const listed = await boss.caller.admin.withdrawals.list({ state: "requested" });
    expect(listed.withdrawals.map((w) => w.id)).toContain(manual.id);
    expect(listed.settings).toEqual({ autoApproveBelow: "25.00" });
    await boss.caller.admin.withdrawals.setSettings({ autoApproveBelow: "0", requestKey: randomUUID() });
    await expectBooksBalance();
  });

  it("are never approved automatically for an admin's own withdrawal, after one admin raised the amount alone", async () => {
    const boss = await admin();
    const other = await admin();
    // Funded by another admin (a credit to oneself is refused), more than 30 days ago.
    await other.caller.admin.accounts.adjust({
      userId: boss.userId,
      direction: "credit",
      amount: "400.00",
      reason: "bonus",
      requestKey: randomUUID(),
    });
    await fundedLongAgo(boss.userId);
    const own = await failure(
      boss.caller.admin.accounts.adjust({
        userId: boss.userId,
        direction: "credit",
        amount: "1.00",
        reason: "to myself",
        requestKey: randomUUID(),
      }),
    );
    expect(own.code).toBe("FORBIDDEN");
    // Raised alone, it waits: the amount in force stays 0 (off).
    const raised = await boss.caller.admin.withdrawals.setSettings({ autoApproveBelow: "1999.99", requestKey: randomUUID() });
    expect(raised).toMatchObject({ status: "pending", current: "0.00", requested: "1999.99" });
    const destinationId = await destination(boss.userId);
    const first = await web(boss.userId).withdrawals.create({ amount: "190.00", destinationId, code: "123456" });
    expect(first.state).toBe("requested");
    // Approved by a second admin, it is in force, and still an admin's own withdrawal waits.
    if (raised.status !== "pending") throw new Error("expected a pending change");
    await other.caller.admin.settings.decideChange({
      pendingChangeId: raised.pendingChangeId,
      decision: "approve",
      requestKey: randomUUID(),
    });
    const second = await web(boss.userId).withdrawals.create({ amount: "190.00", destinationId, code: "123456" });
    expect(second.state).toBe("requested");
    expect((await db().withdrawal.findUniqueOrThrow({ where: { id: second.id } })).decidedBy).toBeNull();
    await autoApproveBelow("0");
    await expectBooksBalance();
  });

  it("are never approved automatically with money credited by adjustment in the last 30 days", async () => {
    await autoApproveBelow("100.00");
    const [one, two] = [await admin(), await admin()];
    const { userId } = await player("0");
    const destinationId = await destination(userId);
    await one.caller.admin.accounts.adjust({ userId, direction: "credit", amount: "60.00", reason: "goodwill", requestKey: randomUUID() });
    const fresh = await web(userId).withdrawals.create({ amount: "50.00", destinationId, code: "123456" });
    expect(fresh.state).toBe("requested");
    // Money older than 30 days (the 50.00 reserved left 10.00; 40.00 more, dated back) may leave
    // automatically, up to what it covers: the 60.00 credit is still within 30 days.
    await two.caller.admin.accounts.adjust({ userId, direction: "credit", amount: "40.00", reason: "older", requestKey: randomUUID() });
    await db().$executeRaw`
      UPDATE ledger_entry SET "createdAt" = now() - interval '31 days' WHERE "userId" = ${userId} AND kind = 'ADJUSTMENT' AND note = 'older'`;
    expect(await balanceOf(userId)).toBe("50.00");
    // 50.00 balance less 60.00 adjusted within 30 days covers nothing.
    expect((await web(userId).withdrawals.create({ amount: "10.00", destinationId, code: "123456" })).state).toBe("requested");
    await autoApproveBelow("0");
    await expectBooksBalance();
  });
});

/** The player's ADJUSTMENT credits so far (createUser's starting balance is one) dated 31 days back. */
async function fundedLongAgo(userId: string) {
  await db()
    .$executeRaw`UPDATE ledger_entry SET "createdAt" = now() - interval '31 days' WHERE "userId" = ${userId} AND kind = 'ADJUSTMENT'`;
}

/** Sets the automatic amount: by the operator at the machine, or raised by one admin and approved by another. */
async function autoApproveBelow(value: string, by?: Awaited<ReturnType<typeof admin>>) {
  if (!by) return setWithdrawalSettings(services, CLI_ACTOR, { autoApproveBelow: value });
  const asked = await by.caller.admin.withdrawals.setSettings({ autoApproveBelow: value, requestKey: randomUUID() });
  if (asked.status === "pending")
    await (
      await admin()
    ).caller.admin.settings.decideChange({ pendingChangeId: asked.pendingChangeId, decision: "approve", requestKey: randomUUID() });
}
