import { z } from "zod";
import { IsoTimestamp, MoneyString, NextCursor } from "./fields.ts";

export const PayoutMethodIdSchema = z
  .enum(["BTC-CHAIN", "BTC-LN"])
  .meta({ description: "BTCPay's payout method: on-chain bitcoin or Lightning.", example: "BTC-CHAIN" });

export const PayoutDestinationSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01dst00001" }),
    payoutMethodId: PayoutMethodIdSchema,
    address: z.string().meta({ example: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }),
    label: z.string().meta({ example: "My hardware wallet" }),
    status: z
      .enum(["pending_confirmation", "confirmed"])
      .meta({ description: "pending_confirmation until the link mailed to the account is followed.", example: "confirmed" }),
    confirmedAt: IsoTimestamp.nullable(),
    usableAt: IsoTimestamp.nullable().meta({ description: "Withdrawals to it are accepted from then on (24 h after confirmation)." }),
    createdAt: IsoTimestamp,
  })
  .meta({ id: "PayoutDestination" });
export type PayoutDestination = z.infer<typeof PayoutDestinationSchema>;

export const WithdrawalStateSchema = z.enum(["requested", "approved", "paying", "completed", "rejected", "failed"]).meta({
  description:
    "requested (reserved, waiting for approval), approved, paying (the payout is under way), completed; or rejected by an operator or failed at the payout, both with the amount given back.",
  example: "requested",
});

export const WithdrawalSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01wdr00001" }),
    state: WithdrawalStateSchema,
    amount: MoneyString.meta({ description: "Reserved from the wallet when requested.", example: "40.00" }),
    currency: z.string().meta({ example: "USD" }),
    payoutMethodId: PayoutMethodIdSchema,
    address: z.string().meta({ example: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq" }),
    reason: z.string().nullable().meta({ description: "Why it was rejected or failed.", example: null }),
    createdAt: IsoTimestamp,
    decidedAt: IsoTimestamp.nullable(),
    completedAt: IsoTimestamp.nullable(),
  })
  .meta({ id: "Withdrawal" });
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const WithdrawalPageSchema = z
  .object({ withdrawals: z.array(WithdrawalSchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "WithdrawalPage" });
export type WithdrawalPage = z.infer<typeof WithdrawalPageSchema>;
