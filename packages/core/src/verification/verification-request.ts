import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/write-admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { IdSchema, StorableText } from "../contract/fields.ts";
import { AppError } from "../errors.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import type { Deps } from "../runtime/deps.ts";
import { recordVerificationChange } from "./verification.ts";

export const RequestVerificationSchema = z.object({
  userId: IdSchema,
  reason: StorableText.trim().min(1, "reason: say why (the player is not shown it)").max(500),
  blocksPlay: z.boolean().default(false),
  requestKey: RequestKeySchema.optional(),
});

export const WithdrawVerificationRequestSchema = z.object({ userId: IdSchema, requestKey: RequestKeySchema.optional() });

export type VerificationRequestView = {
  userId: string;
  reason: string;
  blocksPlay: boolean;
  requestedBy: string;
  requestedAt: string;
};

/**
 * An operator asks one account for an identity check (#37): until it is verified, its deposits
 * wait for the check, and with blocksPlay its play too (verification_refusal; the wallet is
 * marked protected by a trigger so the paid-play check sees it). Asking again replaces the
 * reason and may add a hold on play, never lift one (only withdrawing the request does, logged):
 * a second case's request must not undo the first's hold. It tightens, so one admin may; it is
 * in the admin log, and the player gets a verification.changed event (the reason stays with the
 * operators).
 */
export async function requestVerificationAsAdmin(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof RequestVerificationSchema>,
): Promise<VerificationRequestView> {
  const { userId, reason, blocksPlay, requestKey } = parseInputOrThrow(RequestVerificationSchema, input);
  const db = services.database.prisma;
  return runAdminMutation(
    db,
    actor,
    { requestKey, action: "verification.requested", request: { userId, reason, blocksPlay } },
    async (tx): Promise<VerificationRequestView> => {
      const account = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!account) throw new AppError("NOT_FOUND", "No such account.");
      const check = await tx.accountVerification.findUnique({ where: { userId }, select: { status: true } });
      if (check?.status === "verified") throw new AppError("CONFLICT", "This account's identity is verified already.");
      const held = (await tx.verificationRequest.findUnique({ where: { userId }, select: { blocksPlay: true } }))?.blocksPlay ?? false;
      const fields = { requestedById: actor.id ?? "cli", requestedBy: actor.email, reason, blocksPlay: blocksPlay || held };
      const row = await tx.verificationRequest.upsert({
        where: { userId },
        create: { userId, ...fields },
        update: { ...fields, createdAt: new Date() },
      });
      const view = requestView(row);
      await writeAdminLog(
        services,
        actor,
        { action: "verification.requested", targetType: "account", targetId: userId, after: { ...view } },
        { tx },
      );
      await recordVerificationChange(tx, userId);
      return view;
    },
  );
}

/** Withdraws an operator's request: what it held waits no more (unless another rule holds it). */
export async function withdrawVerificationRequestAsAdmin(
  services: Deps,
  actor: AdminActor,
  input: z.input<typeof WithdrawVerificationRequestSchema>,
): Promise<{ userId: string }> {
  const { userId, requestKey } = parseInputOrThrow(WithdrawVerificationRequestSchema, input);
  const db = services.database.prisma;
  return runAdminMutation(db, actor, { requestKey, action: "verification.request_withdrawn", request: { userId } }, async (tx) => {
    // Locked, so of two admins withdrawing at once one does and the other hears there is none.
    const [row] = await tx.$queryRaw<
      Array<{ userId: string; reason: string; blocksPlay: boolean; requestedBy: string; createdAt: Date }>
    >`SELECT "userId", reason, "blocksPlay", "requestedBy", "createdAt" FROM verification_request WHERE "userId" = ${userId} FOR UPDATE`;
    if (!row) throw new AppError("NOT_FOUND", "No identity check was asked of this account.");
    await tx.verificationRequest.delete({ where: { userId } });
    await writeAdminLog(
      services,
      actor,
      { action: "verification.request_withdrawn", targetType: "account", targetId: userId, before: { ...requestView(row) } },
      { tx },
    );
    await recordVerificationChange(tx, userId);
    return { userId };
  });
}

export async function getVerificationRequest(services: Deps, userId: string): Promise<VerificationRequestView | null> {
  const row = await services.database.prisma.verificationRequest.findUnique({ where: { userId } });
  return row && requestView(row);
}

function requestView(row: {
  userId: string;
  reason: string;
  blocksPlay: boolean;
  requestedBy: string;
  createdAt: Date;
}): VerificationRequestView {
  return {
    userId: row.userId,
    reason: row.reason,
    blocksPlay: row.blocksPlay,
    requestedBy: row.requestedBy,
    requestedAt: row.createdAt.toISOString(),
  };
}
