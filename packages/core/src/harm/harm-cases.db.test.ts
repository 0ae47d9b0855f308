import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { AdminActor } from "../admin-log/admin-log.ts";
import { HARM_MARKER_INFO, HARM_MARKERS } from "../contract/harm.ts";
import { parseMoney } from "../money.ts";
import { openPack } from "../open/open-pack.ts";
import { getPlayerProtection, setLimit } from "../protection/limits.ts";
import { createTestPack, createTestUser } from "../testing/fixtures.ts";
import { expectAppError, useTestServices } from "../testing/vitest.ts";
import { requestVerificationAsAdmin } from "../verification/verification-request.ts";
import { creditWallet } from "../wallet/wallet.ts";
import { assignHarmCase, closeHarmCase, getHarmCase, listHarmCases, noteHarmCase } from "./cases.ts";
import { contactHarmCasePlayer, lowerHarmCaseLimit, requireHarmCaseVerification, suspendHarmCasePlay } from "./case-actions.ts";
import { evaluateAccount } from "./evaluate.ts";

const services = useTestServices();
const db = () => services().database.prisma;
const key = () => randomUUID();
const text = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

async function newAdmin(): Promise<AdminActor> {
  const { userId, email } = await createTestUser(services());
  await db().user.update({ where: { id: userId }, data: { role: "admin" } });
  return { id: userId, email: email };
}

/** A player with net deposits of 150.00 and the case that opened for it. */
async function playerWithCase() {
  const { userId, email } = await createTestUser(services());
  await creditWallet(services(), { userId, amount: parseMoney("150.00") });
  await evaluateAccount(services(), userId);
  const harmCase = await db().harmCase.findFirstOrThrow({ where: { userId, marker: "net_deposits", status: "open" } });
  return { userId, email: email, caseId: harmCase.id };
}

const logOf = (caseId: string) => db().adminLog.findMany({ where: { targetId: caseId }, orderBy: { id: "asc" } });

describe("a case in the console", () => {
  it("is in the queue by age with its facts, takes an owner and notes, closes with an outcome, each step in the admin log", async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const { caseId, email } = await playerWithCase();
    const queue = await listHarmCases(services(), admin, { marker: "net_deposits" });
    const row = queue.cases.find((c) => c.id === caseId)!;
    expect(row).toMatchObject({ email, status: "open", hits: 1, owner: null, label: HARM_MARKER_INFO.net_deposits.label });
    // Oldest first.
    const opened = queue.cases.map((c) => c.openedAt);
    expect([...opened].sort()).toEqual(opened);

    await assignHarmCase(services(), admin, { caseId, ownerEmail: other.email, requestKey: key() });
    expect((await listHarmCases(services(), other, { owner: "me" })).cases.map((c) => c.id)).toContain(caseId);
    expect((await listHarmCases(services(), admin, { owner: "none" })).cases.map((c) => c.id)).not.toContain(caseId);
    const notAdmin = await createTestUser(services());
    await expectAppError(assignHarmCase(services(), admin, { caseId, ownerEmail: notAdmin.email, requestKey: key() }), "BAD_REQUEST");
    await expectAppError(noteHarmCase(services(), admin, { caseId, text: "called, no answer" }), "BAD_REQUEST"); // no request key
    await noteHarmCase(services(), admin, { caseId, text: "called, no answer", requestKey: key() });

    const view = await getHarmCase(services(), { caseId });
    expect(view.hitList[0]!.facts).toMatchObject({ net: "150.00", deposited: "150.00" });
    expect(view.owner).toBe(other.email);
    expect(view.admins).toEqual(expect.arrayContaining([admin.email, other.email]));
    expect(view.entries.map((e) => e.kind)).toEqual(["note", "owner"]);

    await expectAppError(closeHarmCase(services(), admin, { caseId, outcome: "made_up", requestKey: key() }), "BAD_REQUEST");
    const closeKey = key();
    await closeHarmCase(services(), admin, { caseId, outcome: "no_concern", note: "deposits match income", requestKey: closeKey });
    // The same submission again replays; a new one on a closed case is refused.
    await closeHarmCase(services(), admin, { caseId, outcome: "no_concern", note: "deposits match income", requestKey: closeKey });
    await expectAppError(closeHarmCase(services(), admin, { caseId, outcome: "no_concern", requestKey: key() }), "CONFLICT");
    expect((await getHarmCase(services(), { caseId })).outcome).toBe("no_concern");
    expect((await listHarmCases(services(), admin, { status: "closed" })).cases.map((c) => c.id)).toContain(caseId);
    expect((await logOf(caseId)).map((entry) => entry.action)).toEqual(["harm.case_assigned", "harm.case_noted", "harm.case_closed"]);
    await expectAppError(getHarmCase(services(), { caseId: "nope" }), "NOT_FOUND");
  });
});

describe("actions on a case", () => {
  it("sets a limit on the player's behalf only lower or new, never higher or equal", async () => {
    const admin = await newAdmin();
    const { userId, caseId } = await playerWithCase();
    await setLimit(services(), userId, { kind: "deposit", period: "day", amount: "100.00" });
    const lowered = await lowerHarmCaseLimit(services(), admin, {
      caseId,
      kind: "deposit",
      period: "day",
      amount: "50.00",
      requestKey: key(),
    });
    expect(lowered).toEqual({ before: "100.00", after: "50.00" });
    for (const amount of ["60.00", "50.00"]) {
      const refused = await expectAppError(
        lowerHarmCaseLimit(services(), admin, { caseId, kind: "deposit", period: "day", amount, requestKey: key() }),
        "FORBIDDEN",
      );
      expect(refused.message).toContain("only lower");
    }
    await expectAppError(
      lowerHarmCaseLimit(services(), admin, { caseId, kind: "deposit", period: "day", amount: "-1", requestKey: key() }),
      "BAD_REQUEST",
    );
    await lowerHarmCaseLimit(services(), admin, { caseId, kind: "loss", period: "week", amount: "20.00", requestKey: key() });
    const { limits } = await getPlayerProtection(services(), userId);
    expect(limits.map((l) => [l.kind, l.period, l.amount])).toEqual([
      ["deposit", "day", "50.00"],
      ["loss", "week", "20.00"],
    ]);
    const log = await logOf(caseId);
    expect(log.map((entry) => [entry.action, (entry.after as { after: string }).after])).toEqual([
      ["harm.case_limit_set", "50.00"],
      ["harm.case_limit_set", "20.00"],
    ]);
  });

  it("suspends play with an operator's time-out, once per request, and the player sees an ordinary time-out", async () => {
    const admin = await newAdmin();
    const { userId, caseId } = await playerWithCase();
    const pack = await createTestPack(services(), { price: "3.00" });
    const requestKey = key();
    const exclusion = await suspendHarmCasePlay(services(), admin, { caseId, period: "24h", requestKey });
    await suspendHarmCasePlay(services(), admin, { caseId, period: "24h", requestKey });
    expect(exclusion.kind).toBe("timeout");
    expect(await db().playerExclusion.findMany({ where: { userId } })).toMatchObject([{ setBy: `operator:${admin.email}`, period: "24h" }]);
    await expectAppError(suspendHarmCasePlay(services(), admin, { caseId, period: "6m", requestKey: key() }), "BAD_REQUEST"); // not a time-out
    const refused = await expectAppError(openPack(services(), { userId, idOrSlug: pack.slug }), "EXCLUDED");
    expect((await getHarmCase(services(), { caseId })).entries.map((e) => e.kind)).toEqual(["suspended"]);
    expect((await logOf(caseId)).map((entry) => entry.action)).toEqual(["harm.case_suspended"]);
    expect(await db().adminLog.count({ where: { action: "account.excluded", targetId: userId } })).toBe(1);
    // Nothing the player reads names a marker.
    const events = text(await db().accountEvent.findMany({ where: { userId } }));
    for (const text of [
      refused.message,
      JSON.stringify(refused.details),
      events,
      JSON.stringify(await getPlayerProtection(services(), userId)),
    ]) {
      for (const marker of HARM_MARKERS) {
        expect(text).not.toContain(marker);
        expect(text).not.toContain(HARM_MARKER_INFO[marker].label);
      }
      expect(text.toLowerCase()).not.toContain("harm");
    }
  });

  it("mails the player from a template that names no marker, after the commit and once per request", async () => {
    const admin = await newAdmin();
    const { email, caseId } = await playerWithCase();
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const mailer = { send: (mail: (typeof sent)[number]) => sent.push(mail), linkBase: "https://packs.example.com" };
    const requestKey = key();
    await contactHarmCasePlayer(services(), admin, { caseId, template: "check_in", requestKey }, { mailer });
    await contactHarmCasePlayer(services(), admin, { caseId, template: "check_in", requestKey }, { mailer });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(email);
    expect(sent[0]!.text).toContain("https://packs.example.com/settings/safer-play");
    for (const template of ["tools", "support"] as const)
      await contactHarmCasePlayer(services(), admin, { caseId, template, requestKey: key() }, { mailer });
    for (const mail of sent)
      for (const marker of HARM_MARKERS) {
        expect(`${mail.subject} ${mail.text}`).not.toContain(HARM_MARKER_INFO[marker].label);
        expect(`${mail.subject} ${mail.text}`).not.toMatch(/deposit(s|ed)? (over|of)|night|session|threshold|marker/i);
      }
    await expectAppError(
      contactHarmCasePlayer(services(), admin, { caseId, template: "check_in", requestKey: key() }, { mailer: null }),
      "UNAVAILABLE",
    );
    const log = await logOf(caseId);
    expect(log.map((entry) => [entry.action, (entry.after as { template: string }).template])).toEqual([
      ["harm.case_contacted", "check_in"],
      ["harm.case_contacted", "tools"],
      ["harm.case_contacted", "support"],
    ]);
    // The log names the template, never the mail's address or text.
    expect(text(log)).not.toContain(email);
  });

  it("requires an identity check through the verification feature's function, or refuses while there is none", async () => {
    const admin = await newAdmin();
    const { userId, caseId } = await playerWithCase();
    await expectAppError(
      requireHarmCaseVerification(
        services(),
        admin,
        { caseId, reason: "proof of identity", requestKey: key() },
        { requestVerification: null },
      ),
      "FORBIDDEN",
    );
    const requestKey = key();
    const ask = () =>
      requireHarmCaseVerification(
        services(),
        admin,
        { caseId, reason: "proof of identity", blocksPlay: true, requestKey },
        { requestVerification: requestVerificationAsAdmin },
      );
    await ask();
    await ask(); // a replay of the form: both parts replay, nothing more is written
    expect(await db().verificationRequest.findUniqueOrThrow({ where: { userId } })).toMatchObject({
      reason: "proof of identity",
      blocksPlay: true,
      requestedBy: admin.email,
    });
    expect((await logOf(caseId)).map((entry) => entry.action)).toEqual(["harm.case_verification_required"]);
    expect(await db().adminLog.count({ where: { targetId: userId, action: "verification.requested" } })).toBe(1);
  });

  it("refuses every action on a closed case", async () => {
    const admin = await newAdmin();
    const { caseId } = await playerWithCase();
    await closeHarmCase(services(), admin, { caseId, outcome: "referred", requestKey: key() });
    await expectAppError(
      lowerHarmCaseLimit(services(), admin, { caseId, kind: "deposit", period: "day", amount: "5.00", requestKey: key() }),
      "CONFLICT",
    );
    await expectAppError(suspendHarmCasePlay(services(), admin, { caseId, period: "24h", requestKey: key() }), "CONFLICT");
    const mailer = { send: () => undefined, linkBase: "https://packs.example.com" };
    await expectAppError(
      contactHarmCasePlayer(services(), admin, { caseId, template: "tools", requestKey: key() }, { mailer }),
      "CONFLICT",
    );
    // A note still goes on it.
    await noteHarmCase(services(), admin, { caseId, text: "player called back", requestKey: key() });
  });
});
