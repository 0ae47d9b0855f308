export * from "../contract/verification.ts";
export { configuredVerificationProvider } from "./configured-verification-provider.ts";
export { DemoVerificationProvider } from "./demo-verification-provider.ts";
export {
  reconcileVerifications,
  RECONCILE_VERIFICATIONS_AFTER_SECONDS,
  startVerificationReconciliation,
} from "./reconcile-verifications.ts";
export { SumsubProvider, SUMSUB_RETRY_AFTER_SECONDS, SUMSUB_WEBHOOK_PATH } from "./sumsub-provider.ts";
export { verificationEnv } from "./verification-env.ts";
export type { VerificationProvider } from "./verification-provider.ts";
export { supersedes, type ApplicantState } from "./verification-rule.ts";
export {
  applyApplicantState,
  getVerification,
  handleVerificationWebhook,
  recordVerificationChange,
  startVerification,
} from "./verification.ts";
export {
  getVerificationRequest,
  requestVerificationAsAdmin,
  RequestVerificationSchema,
  withdrawVerificationRequestAsAdmin,
  WithdrawVerificationRequestSchema,
  type VerificationRequestView,
} from "./verification-request.ts";
export { verificationRefusalError, type VerificationRefusal } from "./verification-refusal.ts";
export { ComplianceSettingsSchema, getComplianceSettings, setComplianceSettings, type ComplianceSettings } from "./compliance-settings.ts";
export {
  listVerificationQueue,
  VERIFICATION_QUEUE_STATES,
  VerificationQueueFilterSchema,
  type VerificationQueue,
  type VerificationQueueRow,
  type VerificationQueueState,
} from "./verification-queue.ts";
export { getVerificationHistory, type VerificationHistoryEntry } from "./verification-history.ts";
export { DUE_DILIGENCE_CSV_HEADER, exportDueDiligenceCsv } from "./due-diligence-report.ts";
