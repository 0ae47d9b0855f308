export * from "../contract/account.ts";
export { createUser, getUserByEmailOrThrow, provisionAccount, setUserFlags } from "./users.ts";
export { getAccount } from "./account.ts";
export {
  AccountRefSchema,
  AccountSearchSchema,
  AdjustmentSchema,
  adjustBalance,
  getAccountForAdmin,
  isAdminRole,
  KeyRevocationSchema,
  listPendingRoleGrants,
  revokeAccountKeyAsAdmin,
  RoleChangeSchema,
  ROLES,
  searchAccounts,
  setAccountRole,
  setAccountStanding,
  STANDING_ACTIONS,
  StandingChangeSchema,
} from "./account-admin.ts";
export type { AccountRow, AdminAccountDetail, PendingRoleGrantRow, RoleChangeResult, StandingAction } from "./account-admin.ts";
export type { AdjustmentResult } from "./apply-adjustment.ts";
export {
  CreditDecisionSchema,
  creditApprovalAbove,
  dailyCreditApprovalAbove,
  decidePendingCredit,
  listPendingCredits,
} from "./pending-credits.ts";
export type { CreditDecision, CreditDecisionResult, PendingCreditRow } from "./pending-credits.ts";
