import { z } from "zod";
import { IsoTimestamp } from "./fields.ts";

export const VerificationStatusSchema = z.enum(["none", "pending", "verified", "retry", "rejected"]).meta({
  description:
    "none: no check started; pending: started, or documents under review; verified; retry: refused, the player may submit again; rejected: refused for good.",
  example: "pending",
});
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export const VerificationRequirementSchema = z.enum(["withdrawal", "deposit", "play"]);
export type VerificationRequirement = z.infer<typeof VerificationRequirementSchema>;

export const VerificationSchema = z
  .object({
    status: VerificationStatusSchema,
    requiredFor: z.array(VerificationRequirementSchema).meta({
      description: "What waits on a verified identity now. Not enforced yet: always empty until the requirements are switched on.",
      example: [],
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
