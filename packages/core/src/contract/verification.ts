import { z } from "zod";
import { IsoTimestamp, MoneyString } from "./fields.ts";

export const VerificationStatusSchema = z.enum(["none", "pending", "verified", "retry", "rejected"]).meta({
  description:
    "none: no check started; pending: started, or documents under review; verified; retry: refused, the player may submit again; rejected: refused for good.",
  example: "pending",
});
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export const VerificationRequirementSchema = z.enum(["withdrawal", "deposit", "play"]);
export type VerificationRequirement = z.infer<typeof VerificationRequirementSchema>;

export const VerificationReasonSchema = z.enum(["withdrawal", "due_diligence", "operator", "rejected"]).meta({
  description:
    "Why a check is needed: withdrawal (every withdrawal waits for one), due_diligence (deposits over 30 days past the operator's threshold), operator (an operator asked for one on this account), rejected (the check was refused for good: no deposits, no play; the balance leaves only to a destination an operator approves).",
  example: "withdrawal",
});
export type VerificationReason = z.infer<typeof VerificationReasonSchema>;

/** Where a player starts or follows their identity check (the web app's wallet). */
export const VERIFY_PATH = "/wallet#verification";

export const VerificationRequirementDetailSchema = z
  .object({
    requiredFor: VerificationRequirementSchema,
    reason: VerificationReasonSchema,
    message: z.string().meta({ example: "Withdrawals need a verified identity: start the check from your wallet (/wallet#verification)." }),
    threshold: MoneyString.nullable().meta({ description: "With due_diligence: the 30-day deposit total past which a check is needed." }),
  })
  .meta({ id: "VerificationRequirement" });
export type VerificationRequirementDetail = z.infer<typeof VerificationRequirementDetailSchema>;

export const VerificationSchema = z
  .object({
    status: VerificationStatusSchema,
    requiredFor: z.array(VerificationRequirementSchema).meta({
      description:
        "What waits on a verified identity now: withdrawal, deposit (a deposit now would pass the due-diligence threshold, or an operator asked), play (refused for good, or an operator holds play). Empty once verified.",
      example: ["withdrawal"],
    }),
    requirements: z.array(VerificationRequirementDetailSchema).meta({
      description: "One entry per requiredFor item, in the same order: why, in words for the player.",
    }),
    reason: z.string().nullable().meta({
      description: "With retry or rejected: what the reviewer told the player (what to send again, or why). Null otherwise.",
      example: null,
    }),
    rejectLabels: z.array(z.string()).meta({
      description: "With retry or rejected: the provider's labels for what was refused, e.g. DOCUMENT_PAGE_MISSING.",
      example: [],
    }),
    demo: z.boolean().meta({ description: "A demo mode check: no identity was verified.", example: false }),
    updatedAt: IsoTimestamp.nullable().meta({ description: "When the status last changed; null with none." }),
  })
  .meta({ id: "Verification" });
export type Verification = z.infer<typeof VerificationSchema>;

export const VerificationStartSchema = z
  .object({
    verification: VerificationSchema,
    applicantId: z.string().meta({ description: "The provider's applicant id.", example: "5cb56e8e0a975a35f333cb83" }),
    accessToken: z.string().nullable().meta({
      description: "For the provider's WebSDK in the browser; null for a demo check, which is complete at once.",
      example: "_act-b8ebfb63-5f24-4b89-9c08-000000000000",
    }),
  })
  .meta({ id: "VerificationStart" });
export type VerificationStart = z.infer<typeof VerificationStartSchema>;
