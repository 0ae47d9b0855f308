// pending_setting_change holds every console change that waits for a second admin, other than
// credits (pending_credit): raises of a money setting (money-settings.ts) and grants of the admin
// role (account-admin.ts). One table, one decision (decide-setting-change.ts): the row locked,
// the requester never the decider (the table's CHECK), the decision and the change logged in
// one transaction.

/** The pending row's `setting` for a grant of the admin role; the account is its `targetId`. */
export const ROLE_GRANT = "account_role";
