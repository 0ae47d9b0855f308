import { z } from "zod";
import { ErrorCodeSchema } from "../errors.ts";

export const ErrorResponseSchema = z
  .object({
    message: z.string().meta({ example: "Insufficient balance: the pack costs $4.99, the wallet holds $1.20." }),
    code: ErrorCodeSchema,
    issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
    retryAfter: z.number().int().min(0).optional().meta({ description: "With 429: seconds to wait (also in Retry-After)." }),
    requestId: z.string().optional().meta({
      description: "With 5xx: the request's id (also in X-Request-Id), to quote when reporting it.",
      example: "3f0c9a4e-6b1d-4c55-9d2e-8a7b1f0e2c41",
    }),
    kind: z
      .string()
      .optional()
      .meta({ description: "With LIMIT_REACHED: deposit, wager or loss. With EXCLUDED: timeout or self_exclusion." }),
    period: z
      .string()
      .optional()
      .meta({ description: "With LIMIT_REACHED: day, week or month. With EXCLUDED: 24h, 7d, 30d, 6w, 6m, 1y, 5y or permanent." }),
    resetsAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "With LIMIT_REACHED: the earliest moment the same request would pass if nothing else changes (null: never)." }),
    endsAt: z.string().nullable().optional().meta({ description: "With EXCLUDED: when the exclusion ends (null: permanent)." }),
    resumesAt: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "With EXCLUDED after a self-exclusion ended: when play resumes (null: not asked yet)." }),
    requiredFor: z
      .enum(["withdrawal", "deposit", "play"])
      .optional()
      .meta({ description: "With KYC_REQUIRED: what waits on a verified identity." }),
    reason: z
      .enum(["withdrawal", "due_diligence", "operator", "rejected"])
      .optional()
      .meta({ description: "With KYC_REQUIRED: why a check is needed (see VerificationRequirement)." }),
    threshold: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "With KYC_REQUIRED for due_diligence: the 30-day deposit total past which a check is needed." }),
    verifyAt: z
      .string()
      .optional()
      .meta({ description: "With KYC_REQUIRED: where the player starts the check.", example: "/wallet#verification" }),
  })
  .meta({ id: "Error" });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
