import { z } from "zod";

// Web sessions only, no REST: two-factor authentication is set up and used in the web app (the
// check before money leaves is the web transport's verifySecondFactor); an API key never has it.
export const getSecondFactorStatusInput = z.void();
export const getSecondFactorStatusOutput = z.object({
  /** Whether the account has two-factor authentication on (set up and confirmed with a code). */
  enabled: z.boolean(),
});
