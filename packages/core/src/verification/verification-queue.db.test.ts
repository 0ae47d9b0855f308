import { newId } from "@prizepacks/db/ids";
import { describe, expect, it } from "vitest";
import type { AdminActor } from "../admin-log/write-admin-log.ts";
import { parseMoney } from "../money.ts";
import { createTestUser, verifyIdentity } from "../testing/fixtures.ts";
import { useTestServices } from "../testing/vitest.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { DUE_DILIGENCE_CSV_HEADER, exportDueDiligenceCsv } from "./due-diligence-report.ts";
import { getVerificationHistory } from "./verification-history.ts";
import { listVerificationQueue } from "./verification-queue.ts";
import { requestVerificationAsAdmin } from "./verification-request.ts";

const services = useTestServices();
const db = () => services().database.prisma;
// No id: a console action (with an id) needs a request key; the address tests the CSV's formula guard.
const operator: AdminActor = { id: null, email: "=ops@test.prizepacks.local" };

async function deposit(userId: string, amount: string, at?: string) {
  await creditWallet(services(), { userId, amount: parseMoney(amount) });
  if (at) {
    await db().$executeRaw`UPDATE ledger_entry SET "createdAt" = ${at}::timestamp(3)
      WHERE id = (SELECT id FROM ledger_entry WHERE "userId" = ${userId} ORDER BY "createdAt" DESC, id DESC LIMIT 1)`;
  }
}

/** A check in a given state, as the provider's webhook would leave it. */
async function check(userId: string, status: string, statusAt: Date, extra: Record<string, unknown> = {}) {
  await db().accountVerification.create({
    data: { userId, provider: "sumsub", applicantId: newId(), status, statusAt, ...extra },
  });
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function queueOf(userIds: string[], state?: "pending" | "retry" | "rejected" | "required") {
  const queue = await listVerificationQueue(services(), { state, limit: 500 });
  return { queue, mine: queue.rows.filter((row) => userIds.includes(row.userId)) };
}

describe("listVerificationQueue", () => {
  it("lists pending, retry and rejected checks and the accounts a check is required of, longest waiting first, never a verified one", async () => {
    const [pending, retry, rejected, requested, overThreshold, atThreshold, below, verified, openInvoice] = await Promise.all(
      Array.from({ length: 9 }, () => createTestUser(services())),
    );
    const ids = [pending, retry, rejected, requested, overThreshold, atThreshold, below, verified, openInvoice].map((a) => a!.userId);
    await check(pending!.userId, "pending", minutesAgo(50));
    await check(retry!.userId, "retry", minutesAgo(40), {
      reviewAnswer: "RED",
      rejectType: "RETRY",
      rejectLabels: ["DOCUMENT_PAGE_MISSING"],
    });
    await check(rejected!.userId, "rejected", minutesAgo(30), { reviewAnswer: "RED", rejectType: "FINAL", rejectLabels: ["FORGERY"] });
    await requestVerificationAsAdmin(services(), operator, { userId: requested!.userId, reason: "source of funds", blocksPlay: true });
    // 1,500 then 500 reaches 2,000.00 (the default threshold) with the second deposit: since then.
    const secondAt = new Date(Date.now() - 20 * 60_000);
    await deposit(overThreshold!.userId, "1500.00", new Date(Date.now() - 25 * 60_000).toISOString());
    await deposit(overThreshold!.userId, "500.00", secondAt.toISOString());
    await deposit(atThreshold!.userId, "2000.00");
    // A deposit older than 30 days no longer counts.
    await deposit(below!.userId, "5.00", new Date(Date.now() - 31 * 86_400_000).toISOString());
    await deposit(below!.userId, "1999.99");
    // An invoice still open counts as the rule counts it (it may yet be paid).
    await deposit(openInvoice!.userId, "1000.00");
    await db().deposit.create({
      data: { id: newId(), userId: openInvoice!.userId, provider: "btcpay", amount: "1000.00", currency: "USD", status: "pending" },
    });
    // Required once, verified since: not waiting.
    await deposit(verified!.userId, "2000.00");
    await verifyIdentity(services(), verified!.userId);

    const { queue, mine } = await queueOf(ids);
    expect(mine.map((row) => [row.userId, row.state])).toEqual([
      [pending!.userId, "pending"],
      [retry!.userId, "retry"],
      [rejected!.userId, "rejected"],
      [overThreshold!.userId, "required"],
      [requested!.userId, "required"],
      [atThreshold!.userId, "required"],
      [openInvoice!.userId, "required"],
    ]);
    const byId = new Map(mine.map((row) => [row.userId, row]));
    expect(byId.get(overThreshold!.userId)).toMatchObject({
      requested: false,
      since: secondAt.toISOString(),
      dueDiligenceSince: secondAt.toISOString(),
    });
    expect(byId.get(requested!.userId)).toMatchObject({ requested: true, blocksPlay: true, dueDiligenceSince: null });
    expect(byId.get(retry!.userId)).toMatchObject({ rejectLabels: ["DOCUMENT_PAGE_MISSING"], demo: false });
    expect(queue.threshold).toBe("2000.00");
    for (const state of ["pending", "retry", "rejected", "required"] as const) {
      expect(queue.counts[state]).toBeGreaterThanOrEqual(mine.filter((row) => row.state === state).length);
    }

    const onlyRequired = await queueOf(ids, "required");
    expect(onlyRequired.queue.rows.every((row) => row.state === "required")).toBe(true);
    expect(onlyRequired.mine).toHaveLength(4);
    expect(onlyRequired.queue.counts).toEqual(queue.counts);

    // The operator's request and the deposits both: waiting since the earlier of the two.
    await requestVerificationAsAdmin(services(), operator, { userId: atThreshold!.userId, reason: "both" });
    const both = (await queueOf([atThreshold!.userId])).mine[0]!;
    expect(both.since).toBe(both.dueDiligenceSince);
    expect(both.requested).toBe(true);
  });
});

describe("exportDueDiligenceCsv", () => {
  it("writes every row type of the month in order, free text made safe, and nothing of other months", async () => {
    const month = "2031-03";
    const [a, b] = await Promise.all([createTestUser(services()), createTestUser(services())]);
    await check(a.userId, "retry", new Date("2031-03-10T12:00:00.000Z"), {
      createdAt: new Date("2031-03-09T08:00:00.000Z"),
      reviewAnswer: "RED",
      rejectType: "RETRY",
      rejectLabels: ["BAD_SELFIE", "=HYPERLINK(1)"],
      reviewedAt: new Date("2031-03-10T12:00:00.000Z"),
      moderationComment: 'Send the "back" page, please',
      clientComment: "+blurry, line\nbreak",
    });
    // Started in February, decided in March: only its status is March's.
    await check(b.userId, "verified", new Date("2031-03-02T00:00:00.000Z"), {
      createdAt: new Date("2031-02-27T10:00:00.000Z"),
      provider: "demo",
      reviewAnswer: "GREEN",
      reviewedAt: new Date("2031-03-02T00:00:00.000Z"),
    });
    // The admin log is append-only (no backdating): its two entries written as the console writes them, in March 2031.
    await db().$executeRaw`INSERT INTO admin_log ("actorId", actor, action, "targetType", "targetId", before, after, "createdAt") VALUES
      (NULL, ${operator.email}, 'verification.requested', 'account', ${a.userId}, NULL,
       ${JSON.stringify({ reason: "-1+1 source of funds", blocksPlay: true })}::jsonb, '2031-03-11T09:00:00'::timestamp(3)),
      (NULL, ${operator.email}, 'verification.request_withdrawn', 'account', ${a.userId},
       ${JSON.stringify({ reason: "-1+1 source of funds", blocksPlay: true })}::jsonb, NULL, '2031-03-31T23:59:59.999'::timestamp(3))`;
    const report = await exportDueDiligenceCsv(services(), { month });
    expect(report.filename).toBe("prizepacks-due-diligence-2031-03.csv");
    const [header, ...rows] = report.csv.split("\r\n");
    expect(header).toBe(DUE_DILIGENCE_CSV_HEADER.join(","));
    expect(rows.at(-1)).toBe("");
    // Only this test's accounts have anything in 2031.
    expect(report.csv).toBe(
      [
        header,
        `check_status,2031-03-02T00:00:00.000Z,${b.userId},verified,GREEN,,,demo,true,2031-02-27T10:00:00.000Z,2031-03-02T00:00:00.000Z,,,,,,,,`,
        `check_started,2031-03-09T08:00:00.000Z,${a.userId},,,,,sumsub,false,2031-03-09T08:00:00.000Z,,,,,,,,,`,
        `check_status,2031-03-10T12:00:00.000Z,${a.userId},retry,RED,RETRY,BAD_SELFIE;=HYPERLINK(1),sumsub,false,2031-03-09T08:00:00.000Z,2031-03-10T12:00:00.000Z,,,,` +
          `"Send the ""back"" page, please","'+blurry, line\nbreak",,,`,
        `request,2031-03-11T09:00:00.000Z,${a.userId},,,,,,,,,'=ops@test.prizepacks.local,'-1+1 source of funds,true,,,,,`,
        `request_withdrawn,2031-03-31T23:59:59.999Z,${a.userId},,,,,,,,,'=ops@test.prizepacks.local,'-1+1 source of funds,true,,,,,`,
        "",
      ].join("\r\n"),
    );
    expect(report.rows).toBe(5);

    const february = await exportDueDiligenceCsv(services(), { month: "2031-02" });
    expect(february.csv.split("\r\n").slice(1)).toEqual([
      `check_started,2031-02-27T10:00:00.000Z,${b.userId},,,,,demo,true,2031-02-27T10:00:00.000Z,,,,,,,,,`,
      "",
    ]);
    const april = await exportDueDiligenceCsv(services(), { month: "2031-04" });
    expect(april).toMatchObject({ rows: 0, csv: `${header}\r\n` });
  });

  it("lists markers-of-harm cases opened and closed in the month, with marker and outcome", async () => {
    const { userId } = await createTestUser(services());
    await db().harmCase.create({
      data: { id: "case-2032-opened", userId, marker: "night_play", openedAt: new Date("2032-05-03T02:00:00.000Z") },
    });
    await db().harmCase.create({
      data: {
        id: "case-2032-closed",
        userId,
        marker: "net_deposits",
        openedAt: new Date("2032-04-20T10:00:00.000Z"),
        status: "closed",
        outcome: "no_concern",
        closedAt: new Date("2032-05-04T09:30:00.000Z"),
        closedBy: operator.email,
      },
    });
    const report = await exportDueDiligenceCsv(services(), { month: "2032-05" });
    expect(report.csv.split("\r\n").slice(1)).toEqual([
      `case_opened,2032-05-03T02:00:00.000Z,${userId},open,,,,,,,,,,,,,case-2032-opened,night_play,`,
      `case_closed,2032-05-04T09:30:00.000Z,${userId},closed,,,,,,,,'=ops@test.prizepacks.local,,,,,case-2032-closed,net_deposits,no_concern`,
      "",
    ]);
  });

  it("keeps every status a check took, not only its latest", async () => {
    const { userId } = await createTestUser(services());
    await check(userId, "pending", new Date("2033-01-05T10:00:00.000Z"), { createdAt: new Date("2033-01-05T10:00:00.000Z") });
    await db().accountVerification.update({
      where: { userId },
      data: { status: "retry", reviewAnswer: "RED", rejectType: "RETRY", statusAt: new Date("2033-01-06T10:00:00.000Z") },
    });
    await db().accountVerification.update({
      where: { userId },
      data: { status: "verified", reviewAnswer: "GREEN", rejectType: null, statusAt: new Date("2033-02-01T10:00:00.000Z") },
    });
    const january = await exportDueDiligenceCsv(services(), { month: "2033-01" });
    expect(
      january.csv
        .split("\r\n")
        .slice(1)
        .map((line) => line.split(",").slice(0, 4).join(",")),
    ).toEqual([
      `check_started,2033-01-05T10:00:00.000Z,${userId},`,
      `check_status,2033-01-05T10:00:00.000Z,${userId},pending`,
      `check_status,2033-01-06T10:00:00.000Z,${userId},retry`,
      "",
    ]);
    const february = await exportDueDiligenceCsv(services(), { month: "2033-02" });
    expect(february.csv).toContain(`check_status,2033-02-01T10:00:00.000Z,${userId},verified,GREEN`);
  });

  it("refuses a month that is not YYYY-MM", async () => {
    await expect(exportDueDiligenceCsv(services(), { month: "2031-13" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("getVerificationHistory", () => {
  it("lists the check's dates, the operators' requests and the changes still kept, newest first", async () => {
    const account = await createTestUser(services());
    await requestVerificationAsAdmin(services(), operator, { userId: account.userId, reason: "large win" });
    await check(account.userId, "pending", new Date(Date.now() + 1000));
    const history = await getVerificationHistory(services(), account.userId);
    expect(history.map((entry) => entry.kind)).toEqual(["status", "started", "requested", "changed"]);
    expect(history.find((entry) => entry.kind === "requested")).toMatchObject({ actor: operator.email, detail: "large win" });
  });
});
