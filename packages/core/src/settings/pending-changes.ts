import type { DbTx } from "@prizepacks/db";

// pending_setting_change holds every console change that waits for a second admin, other than
// credits (pending_credit): raises of a money setting (money-settings.ts) and grants of the admin
// role (account-admin.ts). One table, one decision (decide-setting-change.ts): the row locked,
// the requester never the decider (the table's CHECK), the decision and the change logged in
// one transaction.

/** The pending row's `setting` for a grant of the admin role; the account is its `targetId`. */
export const ROLE_GRANT = "account_role";

/**
 * A change nobody decided within this many days is refused (and leaves the Approvals page): what
 * the requester saw then, and the reasons they had, are no longer what a second admin would judge.
 */
export const PENDING_CHANGE_DAYS = 7;

/** Asked for before this, a pending change has expired. */
export const pendingChangesExpireBefore = (now = new Date()) => new Date(now.getTime() - PENDING_CHANGE_DAYS * 24 * 60 * 60 * 1000);

/**
 * A change to a setting (or to an account's role, targetId) took effect: the other changes
 * waiting for it were asked against a value that is no longer in force, so they end superseded
 * rather than wait to be approved on top of it. In the caller's transaction, after the change.
 */
export async function supersedePendingChanges(
  tx: DbTx,
  { setting, targetId = null, exceptId }: { setting: string; targetId?: string | null; exceptId?: string },
): Promise<void> {
  await tx.pendingSettingChange.updateMany({
    where: { setting, targetId, status: "pending", ...(exceptId && { id: { not: exceptId } }) },
    data: { status: "superseded", decidedAt: new Date() },
  });
}
