import { newId } from "@prizepacks/db/ids";
import { describe, expect, it } from "vitest";
import { CLI_ACTOR, type AdminActor } from "../admin-log/admin-log.ts";
import { auditInvariants } from "../audit/audit.ts";
import { createBattle } from "../battles/create-battle.ts";
import { parseMoney } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { withBeaconAhead } from "../testing/battles.ts";
import { createTestPack, createTestUser, verifyIdentity, type TestPackItem } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { DemoPayoutProvider } from "../withdrawals/demo-payout-provider.ts";
import { listWithdrawalsForAdmin, requestWithdrawal, setWithdrawalSettings } from "../withdrawals/withdrawals.ts";
import { getComplianceSettings, setComplianceSettings } from "./compliance-settings.ts";
import { applyApplicantState, getVerification } from "./verification.ts";
import { requestVerificationAsAdmin, withdrawVerificationRequestAsAdmin } from "./verification-request.ts";

// What an identity check holds (#37), through the domain functions every channel calls: the one
// rule (verification_refusal.sql) for withdrawals, deposits and paid play.
const services = useTestServices();
const db = () => services().database.prisma;
const items: TestPackItem[] = [
  { key: "only", name: "Flat Mug", rarity: "COMMON", value: "2.70", image: "/images/test.svg", tickets: 100_000 },
];

const deposit = (userId: string, amount: string) =>
  creditWallet(services(), { userId, amount: parseMoney(amount), kind: "DEPOSIT", note: "demo deposit" });

async function destination(userId: string) {
  return db().payoutDestination.create({
    data: {
      id: newId(),
      userId,
      payoutMethodId: "BTC-CHAIN",
      address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      label: "cold wallet",
      status: "confirmed",
      confirmedAt: new Date(Date.now() - 2 * 86_400_000),
      usableAt: new Date(Date.now() - 86_400_000),
    },
  });
}

const withdraw = async (userId: string, amount = "25.00") =>
  requestWithdrawal(
    { ...services(), payouts: new DemoPayoutProvider() },
    { userId, amount, destinationId: (await destination(userId)).id },
  );

/** The account's check as the provider would report it (a Sumsub applicant of ours). */
async function reviewed(userId: string, state: { status: "pending" | "retry" | "rejected" | "verified"; rejectType?: "FINAL" | "RETRY" }) {
  const applicantId = `applicant-${userId}`;
  await db().accountVerification.upsert({
    where: { userId },
    create: { userId, provider: "sumsub", applicantId, status: "pending", statusAt: new Date(Date.now() - 60_000) },
    update: {},
  });
  const red = state.status === "retry" || state.status === "rejected";
  await applyApplicantState(services(), "sumsub", {
    applicantId,
    status: state.status,
    reviewAnswer: state.status === "pending" ? null : red ? "RED" : "GREEN",
    rejectType: red ? (state.rejectType ?? (state.status === "rejected" ? "FINAL" : "RETRY")) : null,
    rejectLabels: red ? ["FORGERY"] : [],
    moderationComment: red ? "We could not verify you." : null,
    clientComment: red ? "internal: matched a blocklist" : null,
    at: new Date(),
  });
}

async function admin(): Promise<AdminActor> {
  const { userId, email } = await createTestUser(services());
  await db().user.update({ where: { id: userId }, data: { role: "admin" } });
  return { id: userId, email };
}

const events = (userId: string) => db().accountEvent.findMany({ where: { userId, type: "verification.changed" }, orderBy: { id: "asc" } });

describe("withdrawals wait for a verified identity", () => {
  it("are refused 403 KYC_REQUIRED before it, with what to do for each status, and reserve nothing", async () => {
    const { userId } = await createTestUser(services());
    await deposit(userId, "100.00");
    const none = await expectAppError(withdraw(userId), "KYC_REQUIRED");
    expect(none.message).toBe("Withdrawals need a verified identity. Start the check from your wallet (/wallet#verification).");
    expect(none.details.verification).toEqual({
      requiredFor: "withdrawal",
      reason: "withdrawal",
      threshold: null,
      verifyAt: "/wallet#verification",
    });
    await reviewed(userId, { status: "pending" });
    expect((await expectAppError(withdraw(userId), "KYC_REQUIRED")).message).toMatch(/Your check is being reviewed/);
    await reviewed(userId, { status: "retry" });
    expect((await expectAppError(withdraw(userId), "KYC_REQUIRED")).message).toMatch(/needs another look/);
    expect(await db().withdrawal.count({ where: { userId } })).toBe(0);
    expect((await db().wallet.findUniqueOrThrow({ where: { userId } })).balance.toFixed(2)).toBe("100.00");

    await reviewed(userId, { status: "verified" });
    expect((await withdraw(userId)).state).toMatch(/requested|approved|paid|processing/);
    expect(await auditInvariants(services())).toMatchObject({ ok: true });
  });
});

describe("the due-diligence threshold", () => {
  it("refuses a deposit that would take 30-day deposits past it, at every channel's deposit rule; play goes on", async () => {
    const { userId } = await createTestUser(services());
    const pack = await createTestPack(services(), { price: "3.00", items });
    await deposit(userId, "1999.99"); // below
    await deposit(userId, "0.01"); // at: 2,000.00 reached, not passed
    const above = await expectAppError(deposit(userId, "0.01"), "KYC_REQUIRED");
    expect(above.details.verification).toMatchObject({ requiredFor: "deposit", reason: "due_diligence", threshold: "2000.00" });
    expect(above.message).toBe(
      "Deposits past $2,000.00 in 30 days need a verified identity. Start the check from your wallet (/wallet#verification).",
    );
    expect((await getVerification(services(), userId)).requiredFor).toEqual(["withdrawal", "deposit"]);
    await openPack(services(), { userId, idOrSlug: pack.slug }); // money already in stays usable

    // Older deposits leave the window.
    await db().ledgerEntry.updateMany({ where: { userId, kind: "DEPOSIT" }, data: { createdAt: new Date(Date.now() - 31 * 86_400_000) } });
    await deposit(userId, "50.00");
    await verifyIdentity(services(), userId);
    await deposit(userId, "5000.00");
    expect((await getVerification(services(), userId)).requiredFor).toEqual([]);
  });

  it("is a money setting: lowered at once by one admin, a raise waits for a second; the CLI sets it", async () => {
    const [first] = [await admin()];
    expect(await getComplianceSettings(services())).toEqual({ dueDiligenceDeposits: "2000.00" });
    expect(
      await setComplianceSettings(services(), first, { dueDiligenceDeposits: "1000.00", requestKey: crypto.randomUUID() }),
    ).toMatchObject({
      status: "applied",
    });
    const raise = await setComplianceSettings(services(), first, { dueDiligenceDeposits: "5000.00", requestKey: crypto.randomUUID() });
    expect(raise).toMatchObject({ status: "pending", current: "1000.00", requested: "5000.00" });
    expect(await getComplianceSettings(services())).toEqual({ dueDiligenceDeposits: "1000.00" });

    const { userId } = await createTestUser(services());
    await deposit(userId, "1000.00");
    await expectAppError(deposit(userId, "0.01"), "KYC_REQUIRED");
    await expectAppError(
      setComplianceSettings(services(), first, { dueDiligenceDeposits: "0", requestKey: crypto.randomUUID() }),
      "BAD_REQUEST",
    );
    await setComplianceSettings(services(), CLI_ACTOR, { dueDiligenceDeposits: "2000.00" });
    await deposit(userId, "0.01");
  });
});

describe("an operator's request", () => {
  it("holds deposits until verified (and play with blocksPlay), tells the player through an event, and is logged; withdrawn, nothing waits on it", async () => {
    const operator = await admin();
    const { userId } = await createTestUser(services());
    const pack = await createTestPack(services(), { price: "3.00", items });
    await deposit(userId, "20.00");
    await requestVerificationAsAdmin(services(), operator, { userId, reason: "source of funds", requestKey: crypto.randomUUID() });
    const refused = await expectAppError(deposit(userId, "1.00"), "KYC_REQUIRED");
    expect(refused.message).toBe(
      "Our team asked for an identity check on this account: deposits wait for it. Start the check from your wallet (/wallet#verification).",
    );
    expect(refused.message).not.toMatch(/source of funds/); // the operator's reason stays with the operators
    await openPack(services(), { userId, idOrSlug: pack.slug });

    await requestVerificationAsAdmin(services(), operator, {
      userId,
      reason: "source of funds",
      blocksPlay: true,
      requestKey: crypto.randomUUID(),
    });
    const held = await expectAppError(openPack(services(), { userId, idOrSlug: pack.slug }), "KYC_REQUIRED");
    expect(held.details.verification).toMatchObject({ requiredFor: "play", reason: "operator" });
    const battles = await withBeaconAhead(services());
    await expectAppError(createBattle(battles, userId, { packs: [pack.slug], layout: "1v1", winRule: "highest" }), "KYC_REQUIRED");
    expect((await getVerification(services(), userId)).requiredFor).toEqual(["withdrawal", "deposit", "play"]);
    // A second request (another case, say) without the hold does not lift it; only withdrawing the request does.
    await requestVerificationAsAdmin(services(), operator, { userId, reason: "a second case", requestKey: crypto.randomUUID() });
    await expectAppError(openPack(services(), { userId, idOrSlug: pack.slug }), "KYC_REQUIRED");

    await withdrawVerificationRequestAsAdmin(services(), operator, { userId, requestKey: crypto.randomUUID() });
    await openPack(services(), { userId, idOrSlug: pack.slug });
    await deposit(userId, "1.00");
    const changes = await events(userId);
    expect(changes.map((e) => (e.data as { requiredFor: string[] }).requiredFor)).toEqual([
      ["withdrawal", "deposit"],
      ["withdrawal", "deposit", "play"],
      ["withdrawal", "deposit", "play"],
      ["withdrawal"],
    ]);
    const logged = await db().adminLog.findMany({ where: { targetId: userId }, orderBy: { createdAt: "asc" } });
    expect(logged.map((entry) => entry.action)).toEqual([
      "verification.requested",
      "verification.requested",
      "verification.requested",
      "verification.request_withdrawn",
    ]);
    await expectAppError(
      withdrawVerificationRequestAsAdmin(services(), operator, { userId, requestKey: crypto.randomUUID() }),
      "NOT_FOUND",
    );
    await expectAppError(
      requestVerificationAsAdmin(services(), operator, { userId: "no-such-account", reason: "x", requestKey: crypto.randomUUID() }),
      "NOT_FOUND",
    );
    await expectAppError(
      requestVerificationAsAdmin(services(), operator, { userId, reason: " ", requestKey: crypto.randomUUID() }),
      "BAD_REQUEST",
    );
  });
});

describe("a FINAL rejection", () => {
  it("closes deposits and play; the balance leaves only through an admin's approval, never automatically", async () => {
    const pack = await createTestPack(services(), { price: "3.00", items });
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "100.00" });
    const [control, refused] = [await createTestUser(services()), await createTestUser(services())];
    for (const { userId } of [control, refused]) await deposit(userId, "60.00");
    await verifyIdentity(services(), control.userId);
    expect((await withdraw(control.userId)).state).not.toBe("requested"); // approved automatically

    await reviewed(refused.userId, { status: "rejected" });
    const play = await expectAppError(openPack(services(), { userId: refused.userId, idOrSlug: pack.slug }), "KYC_REQUIRED");
    expect(play.message).toMatch(/refused for good: deposits and play are closed/);
    await expectAppError(deposit(refused.userId, "1.00"), "KYC_REQUIRED");
    const view = await getVerification(services(), refused.userId);
    expect(view).toMatchObject({
      status: "rejected",
      requiredFor: ["deposit", "play"],
      reason: "We could not verify you.",
      rejectLabels: ["FORGERY"],
    });
    expect(JSON.stringify(view)).not.toMatch(/internal|blocklist/);
    const held = await withdraw(refused.userId);
    expect(held.state).toBe("requested");
    // The console's queue says why this one waits for an admin.
    const queue = (await listWithdrawalsForAdmin(services(), { limit: 200 })).withdrawals;
    expect(queue.find((w) => w.id === held.id)).toMatchObject({ identityRefused: true });
    expect(queue.find((w) => w.userId === control.userId)).toMatchObject({ identityRefused: false });
    await setWithdrawalSettings(services(), CLI_ACTOR, { autoApproveBelow: "0" });
    expect(await auditInvariants(services())).toMatchObject({ ok: true });
  });
});
