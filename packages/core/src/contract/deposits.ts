import { z } from "zod";
import { IsoTimestamp, MoneyString, NextCursor } from "./fields.ts";

export const DepositStatusSchema = z
  .enum(["pending", "settled", "expired", "invalid"])
  .meta({ description: "pending until the payment settles (credited once), expires unpaid, or is invalid.", example: "pending" });

export const DepositSchema = z
  .object({
    id: z.string().meta({ example: "cmf3k2x7a0001pp01dep00001" }),
    status: DepositStatusSchema,
    amount: MoneyString.meta({ description: "What is credited when the payment settles.", example: "25.00" }),
    currency: z.string().meta({ example: "USD" }),
    checkoutUrl: z.string().nullable().meta({
      description: "Where the player pays (the BTCPay invoice's checkout page); null for a demo deposit.",
      example: "https://btcpay.example.com/i/7Xh2bQ",
    }),
    expiresAt: IsoTimestamp.nullable().meta({ description: "When the unpaid invoice expires." }),
    createdAt: IsoTimestamp,
    settledAt: IsoTimestamp.nullable(),
  })
  .meta({ id: "Deposit" });
export type Deposit = z.infer<typeof DepositSchema>;

export const DepositPageSchema = z
  .object({ deposits: z.array(DepositSchema).meta({ description: "Newest first." }), nextCursor: NextCursor })
  .meta({ id: "DepositPage" });
export type DepositPage = z.infer<typeof DepositPageSchema>;
