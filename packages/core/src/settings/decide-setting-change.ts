import { Prisma } from "@prizepacks/db/prisma";
import { z } from "zod";
import { writeAdminLog, type AdminActor } from "../admin-log/admin-log.ts";
import { RequestKeySchema, runAdminMutation } from "../admin-log/admin-request.ts";
import { AppError } from "../errors.ts";
import { formatMoney } from "../money.ts";
import { parseInputOrThrow } from "../parse-input.ts";
import { announceChange } from "../runtime/change-feed.ts";
import { IdSchema } from "../contract/fields.ts";
import { applyRoleGrant } from "../users/account-admin.ts";
import type { Deps } from "../runtime/deps.ts";
import { applyMoneySetting, isMoneySetting, MONEY_SETTINGS, type MoneySetting } from "./money-settings.ts";
import { PENDING_CHANGE_DAYS, pendingChangesExpireBefore, ROLE_GRANT } from "./pending-changes.ts";

export const SettingChangeDecisionSchema = z.object({
  pendingChangeId: IdSchema,
  decision: z.enum(["approve", "reject"]),
  requestKey: RequestKeySchema.optional(),
});
export type SettingChangeDecision = z.input<typeof SettingChangeDecisionSchema>;

export type SettingChangeDecisionResult = { pendingChangeId: string; status: "approved" | "rejected"; setting: string; value: string };

/**
 * A second admin approves (the change takes effect now) or rejects a raise of a money setting or
 * a grant of the admin role. The row is locked first, so of two decisions one applies; the
 * requester cannot decide their own (the table's CHECK backs that), and the CLI decides nothing
 * here: it changes settings and roles directly. A raise is approved only while the setting still
 * has the value it was asked against (409 CONFLICT otherwise), and no change is approved after
 * PENDING_CHANGE_DAYS; a change that takes effect supersedes the others waiting on the same
 * setting or account (pending-changes.ts).
 */
export async function decideSettingChange(
  services: Deps,
  actor: AdminActor,
  input: SettingChangeDecision,
): Promise<SettingChangeDecisionResult> {
  const db = services.database.prisma;
  const { pendingChangeId, decision, requestKey } = parseInputOrThrow(SettingChangeDecisionSchema, input);
  if (!actor.id) throw new AppError("FORBIDDEN", "A setting change is decided by a signed-in admin.");
  const deciderId = actor.id;
  const action = decision === "approve" ? "settings.change_approved" : "settings.change_rejected";
  let grantedTo: string | null = null;
  return runAdminMutation<SettingChangeDecisionResult>(
    db,
    actor,
    { requestKey, action, request: { pendingChangeId, decision } },
    async (tx) => {
      const [locked] = await tx.$queryRaw<Array<{ id: string }>>`
        SELECT id FROM pending_setting_change WHERE id = ${pendingChangeId} FOR UPDATE`;
      if (!locked) throw new AppError("NOT_FOUND", `No pending setting change ${pendingChangeId}.`);
      const change = await tx.pendingSettingChange.findUniqueOrThrow({ where: { id: pendingChangeId } });
      if (change.status === "superseded")
        throw new AppError("CONFLICT", "Another change to the same setting took effect since: this one no longer applies; ask again.");
      if (change.status !== "pending") throw new AppError("CONFLICT", `This change was already ${change.status} by ${change.decidedBy}.`);
      if (change.requestedById === deciderId)
        throw new AppError("FORBIDDEN", "The admin who asked for a setting change cannot decide it: another admin must.");
      const setting = change.setting;
      const isRoleGrant = setting === ROLE_GRANT && change.targetId !== null;
      if (!isRoleGrant && !isMoneySetting(setting)) throw new AppError("CONFLICT", `${setting} is no longer a money setting.`);
      // Rejecting an expired change is harmless (it only clears it); approving one is not.
      if (decision === "approve" && change.createdAt < pendingChangesExpireBefore())
        throw new AppError("CONFLICT", `This change was asked for more than ${PENDING_CHANGE_DAYS} days ago and has expired: ask again.`);
      const status = decision === "approve" ? "approved" : "rejected";
      await tx.pendingSettingChange.update({
        where: { id: pendingChangeId },
        data: { status, decidedById: deciderId, decidedBy: actor.email, decidedAt: new Date() },
      });
      const value = isRoleGrant ? "admin" : formatMoney(change.value ?? 0);
      await writeAdminLog(
        services,
        actor,
        {
          action,
          targetType: isRoleGrant ? "account" : "settings",
          targetId: isRoleGrant ? change.targetId : setting,
          before: { status: "pending" },
          after: { pendingChangeId, status, setting, value, requestedBy: change.requestedBy },
        },
        { tx },
      );
      if (status === "approved" && isRoleGrant) {
        grantedTo = change.targetId!;
        await applyRoleGrant(services, tx, actor, { userId: grantedTo, requestedBy: change.requestedBy, pendingChangeId });
      } else if (status === "approved" && isMoneySetting(setting)) {
        const spec: MoneySetting = MONEY_SETTINGS[setting];
        // The raise was judged against the value in force when it was asked for: if that moved
        // (a lowering, the CLI, another approved raise), this one is no longer what was judged.
        const before = await spec.read(tx, { forUpdate: true });
        if (change.before === null || !before.equals(change.before))
          throw new AppError(
            "CONFLICT",
            `The setting changed since (${formatMoney(change.before ?? 0)} then, ${formatMoney(before)} now): ask again.`,
          );
        await applyMoneySetting(services, tx, actor, {
          setting,
          before,
          value: new Prisma.Decimal(change.value ?? 0),
          approvedChangeId: pendingChangeId,
          requestedBy: change.requestedBy,
        });
      }
      return { pendingChangeId, status, setting, value };
    },
    () => {
      if (grantedTo) announceChange(services, { kind: "user", userId: grantedTo });
    },
  );
}
